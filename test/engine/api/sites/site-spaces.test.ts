import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces } from '../../../../src-main/engine/domain/spaces/trash.js';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { raw, TestServer } from '../../../support/server.js';
import { newSite } from './support.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

describe('POST …/site-spaces', () => {
  it('adds a space at the root of a site without sections, with 201 and its address', async () => {
    const { params } = await newSite(t, ['Guide']);
    const space = await newSpace(t.owner, t.organizationId, { title: 'Guide' });
    const res = await call('addSpaceToSite', { params, body: { spaceId: space.id } });
    expect(res.status).toBe(201);
    const siteSpace = ok(res);
    expect(siteSpace).toEqual({
      object: 'site-space',
      id: expect.any(String),
      path: 'guide-2',
      space: expect.objectContaining({ id: space.id, title: 'Guide' }),
      title: 'Guide',
      default: false,
      hasAdvancedCustomizationFeature: false,
      hidden: false,
      urls: {},
    });
    expect(res.headers.location).toBe(`${t.url}/v1/orgs/${params.organizationId}/sites/${params.siteId}/site-spaces/${siteSpace.id}`);
    expect(ok(await call('getSiteById', { params })).siteSpaces).toBe(2);
  });

  it('adds to the given section, else to the default section', async () => {
    const { params, spaces } = await newSite(t, ['One']);
    const section = ok(await call('addSectionToSite', { params, body: { spaceId: spaces[0]!.id, title: 'Second' } }));
    const space = await newSpace(t.owner, t.organizationId);
    const inSection = ok(await call('addSpaceToSite', { params, body: { spaceId: space.id, sectionId: section.id } }));
    expect(inSection.section).toBe(section.id);
    const sections = ok(await call('listSiteSections', { params }));
    const defaultSection = sections.items.find((s) => s.default)!;
    const toDefault = ok(await call('addSpaceToSite', { params, body: { spaceId: space.id } }));
    expect(toDefault.section).toBe(defaultSection.id);
    expectFailure(await call('addSpaceToSite', { params, body: { spaceId: space.id, sectionId: 'nope' } }), 404);
  });

  it('requires spaceId and answers 404 for a space that is unknown or of another organization', async () => {
    const { params } = await newSite(t);
    expectFailure(await call('addSpaceToSite', { params, body: {} as never }), 400, /^body\.spaceId:/);
    expectFailure(await call('addSpaceToSite', { params, body: { spaceId: 'nope' } }), 404);
    const elsewhere = await newSpace(t.owner, otherOrganization(t));
    expectFailure(await call('addSpaceToSite', { params, body: { spaceId: elsewhere.id } }), 404);
  });
});

describe('GET …/site-spaces', () => {
  it('filters on default and pages', async () => {
    const { params, spaces } = await newSite(t, ['A', 'B', 'C']);
    const ids = async (query: object) => ok(await call('listSiteSpaces', { params, query })).items.map((s) => s.space.id);
    expect(await ids({})).toEqual(spaces.map((s) => s.id));
    expect(await ids({ default: true })).toEqual([spaces[0]!.id]);
    expect(await ids({ default: false })).toEqual([spaces[1]!.id, spaces[2]!.id]);
    const first = ok(await call('listSiteSpaces', { params, query: { limit: 2 } }));
    expect(first.count).toBe(3);
    const rest = ok(await call('listSiteSpaces', { params, query: { limit: 2, page: first.next!.page } }));
    expect(rest.items.map((s) => s.space.id)).toEqual([spaces[2]!.id]);
  });
});

describe('PATCH …/site-spaces/{siteSpaceId}', () => {
  it('changes path, condition, space and hidden; leaves absent fields; null removes the condition', async () => {
    const { params } = await newSite(t, ['A']);
    const [siteSpace] = ok(await call('listSiteSpaces', { params })).items;
    const other = await newSpace(t.owner, t.organizationId, { title: 'Other' });
    const p = { ...params, siteSpaceId: siteSpace!.id };
    const changed = ok(await call('updateSiteSpaceById', {
      params: p,
      body: { path: 'v2', condition: 'visitor.claims.beta == true', spaceId: other.id, hidden: true },
    }));
    expect(changed).toMatchObject({ path: 'v2', condition: 'visitor.claims.beta == true', hidden: true, title: 'Other' });
    expect(changed.space.id).toBe(other.id);
    const untouched = ok(await call('updateSiteSpaceById', { params: p, body: {} }));
    expect(untouched).toEqual(changed);
    const cleared = ok(await call('updateSiteSpaceById', { params: p, body: { condition: null, hidden: false } }));
    expect(cleared.condition).toBeUndefined();
    expect(cleared.hidden).toBe(false);
  });

  it('enforces path 1–100 and condition ≤ 1024, and unique paths among siblings', async () => {
    const { params } = await newSite(t, ['A', 'B']);
    const [a, b] = ok(await call('listSiteSpaces', { params })).items;
    const patch = (body: object) => call('updateSiteSpaceById', { params: { ...params, siteSpaceId: a!.id }, body });
    expect(ok(await patch({ path: 'p' })).path).toBe('p');
    expect(ok(await patch({ path: 'p'.repeat(100) })).path).toBe('p'.repeat(100));
    expectFailure(await patch({ path: '' }), 400, /^body\.path:/);
    expectFailure(await patch({ path: 'p'.repeat(101) }), 400, /^body\.path:/);
    expect(ok(await patch({ condition: 'c'.repeat(1024) })).condition).toHaveLength(1024);
    expectFailure(await patch({ condition: 'c'.repeat(1025) }), 400, /^body\.condition:/);
    expectFailure(await patch({ path: b!.path }), 409, /^body\.path:/);
  });

  it('answers 404 for an unknown site space', async () => {
    const { params } = await newSite(t);
    expectFailure(await call('updateSiteSpaceById', { params: { ...params, siteSpaceId: 'nope' }, body: {} }), 404);
  });
});

describe('DELETE …/site-spaces/{siteSpaceId}', () => {
  it('removes a site space; the next one becomes the default; a second delete is a 404', async () => {
    const { params } = await newSite(t, ['A', 'B']);
    const [a, b] = ok(await call('listSiteSpaces', { params })).items;
    const p = { ...params, siteSpaceId: a!.id };
    expect((await call('deleteSiteSpaceById', { params: p })).status).toBe(204);
    const left = ok(await call('listSiteSpaces', { params })).items;
    expect(left.map((s) => [s.id, s.default])).toEqual([[b!.id, true]]);
    expectFailure(await call('deleteSiteSpaceById', { params: p }), 404);
  });
});

describe('a purged space', () => {
  it('takes its site spaces along; the next one becomes the default', async () => {
    const { params, spaces } = await newSite(t, ['A', 'B']);
    ok(await call('deleteSpaceById', { params: { spaceId: spaces[0]!.id } }));
    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    purgeExpiredSpaces(t.engine.db, t.engine.docs, t.clock.now().toISOString());
    const left = ok(await call('listSiteSpaces', { params })).items;
    expect(left.map((s) => [s.space.id, s.default])).toEqual([[spaces[1]!.id, true]]);
  });
});

describe('POST …/site-spaces/{siteSpaceId}/move (deprecated)', () => {
  it('moves before or after a sibling, or to the end, and says it is deprecated', async () => {
    const { params } = await newSite(t, ['A', 'B', 'C']);
    const [a, b, c] = ok(await call('listSiteSpaces', { params })).items.map((s) => s.id);
    const url = (id: string) => `${t.url}/v1/orgs/${params.organizationId}/sites/${params.siteId}/site-spaces/${id}/move`;
    const move = async (id: string, body: object) => {
      const res = await fetch(url(id), {
        method: 'POST',
        headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, deprecation: res.headers.get('deprecation'), link: res.headers.get('link') };
    };
    const order = async () => (ok(await call('getPublishedContentSite', { params })).structure.structure as { id: string }[]).map((s) => s.id);
    const moved = await move(c!, { position: { before: { type: 'site-space', siteSpace: a } } });
    expect(moved).toEqual({ status: 200, deprecation: 'true', link: expect.stringContaining('/structure/sort>; rel="successor-version"') });
    expect(await order()).toEqual([c, a, b]);
    expect((await move(c!, { position: { after: { type: 'site-space', siteSpace: b } } })).status).toBe(200);
    expect(await order()).toEqual([a, b, c]);
    expect((await move(a!, {})).status).toBe(200);
    expect(await order()).toEqual([b, c, a]);
    expect((await move(a!, { position: { after: { type: 'site-space', siteSpace: b }, before: { type: 'site-space', siteSpace: c } } })).status).toBe(200);
    expect(await order()).toEqual([b, a, c]);
  });

  it('answers 400 for an invalid position and 404 when nothing matches', async () => {
    const { params } = await newSite(t, ['A', 'B', 'C']);
    const [a, b, c] = ok(await call('listSiteSpaces', { params })).items.map((s) => s.id);
    const move = (id: string, position: object) =>
      call('moveSiteSpace', { params: { ...params, siteSpaceId: id }, body: { position } as never });
    const pointer = (id: string) => ({ type: 'site-space', siteSpace: id });
    expectFailure(await move(a!, { before: pointer('nope') }), 400, 'Invalid move site space position provided');
    expectFailure(await move(a!, { before: pointer(a!) }), 400);
    expectFailure(await move(a!, { after: pointer(c!), before: pointer(b!) }), 400);
    expectFailure(await move(a!, { before: { type: 'site-section', siteSpace: b } }), 400, /^body\.position\.before\.type:/);
    expectFailure(await move('nope', {}), 404);
  });

  it('is listed as deprecated in the OpenAPI document', async () => {
    const doc = await raw(`${t.url}/v1/openapi.json`);
    const path = doc.body.paths['/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move'];
    expect(path.post.deprecated).toBe(true);
  });
});
