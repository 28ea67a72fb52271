import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { raw, TestServer } from '../../../support/server.js';
import { newSite } from './support.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

describe('POST /v1/orgs/{organizationId}/sites', () => {
  it('creates an unpublished basic public site without a body, with 201 and its address', async () => {
    const res = await call('createSite', { params: { organizationId: t.organizationId } });
    expect(res.status).toBe(201);
    const site = ok(res);
    const path = `/orgs/${t.organizationId}/sites/${site.id}`;
    expect(site).toEqual({
      object: 'site',
      id: expect.any(String),
      type: 'basic',
      appliedType: 'basic',
      title: 'Untitled',
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      createdAt: expect.any(String),
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
      features: [],
      permissions: {
        view: true, access: true, edit: true, create: true, admin: true,
        installIntegration: true, viewAdaptiveSchema: true, editAdaptiveSchema: true,
      },
      urls: { location: `${t.url}/v1${path}`, app: `${t.url}/app${path}` },
    });
    expect(res.headers.location).toBe(site.urls.location);
  });

  it('publishes the given spaces as site spaces at the root, the first as default', async () => {
    const { site, spaces, params } = await newSite(t, ['Guide', 'API']);
    expect(site.siteSpaces).toBe(2);
    const list = ok(await call('listSiteSpaces', { params }));
    expect(list.items.map((s) => [s.space.id, s.path, s.default, s.section])).toEqual([
      [spaces[0]!.id, 'guide', true, undefined],
      [spaces[1]!.id, 'api', false, undefined],
    ]);
  });

  it('takes type, title and visibility', async () => {
    const params = { organizationId: t.organizationId };
    const site = ok(await call('createSite', { params, body: { type: 'premium', title: 'Handbook', visibility: 'unlisted' } }));
    expect(site).toMatchObject({ type: 'premium', title: 'Handbook', visibility: 'unlisted' });
  });

  it('accepts titles of 2 and 128 characters and refuses 1 and 129', async () => {
    const params = { organizationId: t.organizationId };
    for (const title of ['xy', 'x'.repeat(128)]) expect(ok(await call('createSite', { params, body: { title } })).title).toBe(title);
    for (const title of ['x', 'x'.repeat(129)]) {
      expectFailure(await call('createSite', { params, body: { title } }), 400, /^body\.title:/);
    }
  });

  it('refuses an unknown visibility or type with 400', async () => {
    const params = { organizationId: t.organizationId };
    expectFailure(await call('createSite', { params, body: { visibility: 'private' as never } }), 400, /^body\.visibility:/);
    expectFailure(await call('createSite', { params, body: { type: 'gold' as never } }), 400, /^body\.type:/);
  });

  it('answers 404 for a space that is unknown or of another organization, creating nothing', async () => {
    const params = { organizationId: t.organizationId };
    const before = ok(await call('listSites', { params })).count;
    expectFailure(await call('createSite', { params, body: { spaces: ['nope'] } }), 404);
    const elsewhere = await newSpace(t.owner, otherOrganization(t));
    expectFailure(await call('createSite', { params, body: { spaces: [elsewhere.id] } }), 404);
    expect(ok(await call('listSites', { params })).count).toBe(before);
  });

  it('answers 404 for an unknown organization', async () => {
    expectFailure(await call('createSite', { params: { organizationId: 'nope' } }), 404);
  });
});

describe('GET /v1/orgs/{organizationId}/sites', () => {
  it('filters by space, title (any part, any case) and published', async () => {
    const params = { organizationId: otherOrganization(t) };
    const space = await newSpace(t.owner, params.organizationId);
    const a = ok(await call('createSite', { params, body: { title: 'Alpha Docs', spaces: [space.id] } }));
    const b = ok(await call('createSite', { params, body: { title: 'Beta' } }));
    ok(await call('publishSite', { params: { ...params, siteId: b.id } }));
    const ids = async (query: object) => ok(await call('listSites', { params, query })).items.map((s) => s.id);
    expect(await ids({})).toEqual([a.id, b.id]);
    expect(await ids({ space: space.id })).toEqual([a.id]);
    expect(await ids({ title: 'alpha d' })).toEqual([a.id]);
    expect(await ids({ published: true })).toEqual([b.id]);
    expect(await ids({ published: false })).toEqual([a.id]);
  });

  it('pages with limit and next', async () => {
    const params = { organizationId: otherOrganization(t) };
    for (let i = 0; i < 3; i++) ok(await call('createSite', { params }));
    const first = ok(await call('listSites', { params, query: { limit: 2 } }));
    expect(first.items).toHaveLength(2);
    expect(first.count).toBe(3);
    const rest = ok(await call('listSites', { params, query: { limit: 2, page: first.next!.page } }));
    expect(rest.items).toHaveLength(1);
    expectFailure(await call('listSites', { params, query: { limit: 1001 } }), 400, /^query\.limit:/);
  });
});

describe('GET, PATCH, DELETE /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('reads a site and answers 404 for an unknown one or one of another organization', async () => {
    const { site, params } = await newSite(t);
    expect(ok(await call('getSiteById', { params }))).toEqual(site);
    expectFailure(await call('getSiteById', { params: { ...params, siteId: 'nope' } }), 404);
    expectFailure(await call('getSiteById', { params: { organizationId: otherOrganization(t), siteId: site.id } }), 404);
  });

  it('updates title, visibility, basename, hostname, agents context, adaptive content and proxy', async () => {
    const { params } = await newSite(t);
    const body = {
      title: 'Renamed',
      visibility: 'share-link' as const,
      basename: 'api',
      hostname: 'docs.example.com',
      agentsContext: 'excluded' as const,
      adaptiveContent: { enabled: true },
      proxy: 'example.com/docs',
    };
    const site = ok(await call('updateSiteById', { params, body }));
    expect(site).toMatchObject({
      title: 'Renamed', visibility: 'share-link', basename: 'api', hostname: 'docs.example.com',
      agentsContext: 'excluded', adaptiveContent: { enabled: true },
      proxy: { origin: 'example.com/docs', target: expect.stringContaining(`/sites/${params.siteId}/`) },
    });
    const cleared = ok(await call('updateSiteById', { params, body: { proxy: null, hostname: null } }));
    expect(cleared.proxy).toBeUndefined();
    expect(cleared.hostname).toBeUndefined();
  });

  it('enforces the limits of title, basename, hostname and proxy', async () => {
    const { params } = await newSite(t);
    const patch = (body: object) => call('updateSiteById', { params, body });
    expect(ok(await patch({ basename: 'b' })).basename).toBe('b');
    expect(ok(await patch({ basename: 'b'.repeat(100) })).basename).toBe('b'.repeat(100));
    expectFailure(await patch({ basename: '' }), 400, /^body\.basename:/);
    expectFailure(await patch({ basename: 'b'.repeat(101) }), 400, /^body\.basename:/);
    expectFailure(await patch({ title: 'x' }), 400, /^body\.title:/);
    expectFailure(await patch({ title: 'x'.repeat(129) }), 400, /^body\.title:/);
    for (const hostname of ['Docs.example.com', 'example.com', 'docs..example.com', `${'a.'.repeat(255)}com`]) {
      expectFailure(await patch({ hostname }), 400, /^body\.hostname:/);
    }
    expect(ok(await patch({ hostname: 'a.b.cd' })).hostname).toBe('a.b.cd');
    for (const proxy of ['example.com', 'https://example.com/docs', 'example/docs', `example.com/${'d'.repeat(501)}`]) {
      expectFailure(await patch({ proxy }), 400, /^body\.proxy:/);
    }
    const longest = `example.com/${'d'.repeat(500)}`;
    expect(longest).toHaveLength(512);
    expect(ok(await patch({ proxy: longest })).proxy?.origin).toBe(longest);
  });

  it('deletes a site, then answers 404 for it', async () => {
    const { params } = await newSite(t, ['Kept']);
    const res = await call('deleteSiteById', { params });
    expect(res.status).toBe(204);
    expectFailure(await call('getSiteById', { params }), 404);
    expectFailure(await call('deleteSiteById', { params }), 404);
  });
});

describe('publishing', () => {
  it('publishes and unpublishes; only a published site has a published address', async () => {
    const { params } = await newSite(t, ['Guide']);
    const published = ok(await call('publishSite', { params }));
    expect(published.published).toBe(true);
    expect(published.urls.published).toBe(`${t.url}/sites/${params.siteId}/`);
    const spaces = ok(await call('listSiteSpaces', { params }));
    expect(spaces.items[0]!.urls.published).toBe(`${t.url}/sites/${params.siteId}/`);
    const unpublished = ok(await call('unpublishSite', { params }));
    expect(unpublished.published).toBe(false);
    expect(unpublished.urls.published).toBeUndefined();
  });

  it('puts the share key in the address of a share-link site', async () => {
    const { params } = await newSite(t, ['Guide']);
    ok(await call('updateSiteById', { params, body: { visibility: 'share-link' } }));
    const site = ok(await call('publishSite', { params }));
    expect(site.urls.published).toMatch(new RegExp(`^${t.url}/sites/${params.siteId}/\\?shareKey=[\\w-]{43}$`));
  });

  it('answers 404 for an unknown site', async () => {
    expectFailure(await call('publishSite', { params: { organizationId: t.organizationId, siteId: 'nope' } }), 404);
  });

  it('answers with the same JSON whatever the transport', async () => {
    const { params } = await newSite(t);
    const res = await raw(`${t.url}/v1/orgs/${params.organizationId}/sites/${params.siteId}/publish`, { method: 'POST', token: t.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(true);
  });
});
