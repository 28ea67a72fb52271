import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok, otherOrganization } from '../../../support/content.js';
import { raw, TestServer } from '../../../support/server.js';
import { install, publish, publishBody, settledEvents } from './fixtures.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');
const call = (name: string) => ({ params: { integrationName: name } });

describe('publishing', () => {
  it('publishes an integration owned by the organization, with version 1, and a new version each time', async () => {
    const first = await publish(t, 'analytics', { icon: PNG, previewImages: [PNG], categories: ['analytics'] });
    expect(first).toMatchObject({
      object: 'integration', name: 'analytics', version: 1, title: 'Analytics', visibility: 'public', target: 'all',
      verified: false, scopes: ['space:content:read'], categories: ['analytics'], externalLinks: [],
      owner: { id: t.organizationId }, permissions: { admin: true },
    });
    expect(first.urls.icon).toBe(`data:image/png;base64,${PNG}`);
    expect(first.previewImages).toEqual([`data:image/png;base64,${PNG}`]);
    const second = await publish(t, 'analytics', { title: 'Analytics 2' });
    expect(second).toMatchObject({ version: 2, title: 'Analytics 2' });
  });

  it('finds the organization by its hostname too, and answers 404 for an unknown one', async () => {
    ok(await t.owner.client.call('updateOrganizationById', { params: { organizationId: t.organizationId }, body: { hostname: 'acme-docs' } }));
    const published = ok(await t.owner.client.call('publishIntegration', { ...call('by-host'), body: publishBody('acme-docs') }));
    expect(published.owner.id).toBe(t.organizationId);
    const missing = await t.owner.client.call('publishIntegration', { ...call('nowhere'), body: publishBody('no-such-org') });
    expectFailure(missing, 404, 'Organization could not be found for the given hostname');
  });

  it('keeps the secrets and the script, and never answers them', async () => {
    const secret = 'sk_live_very_secret_value';
    const published = await publish(t, 'secretive', { secrets: { API_KEY: secret } });
    const got = ok(await t.owner.client.call('getIntegrationByName', call('secretive')));
    const listed = ok(await t.owner.client.call('listIntegrations', { params: undefined }));
    for (const answer of [published, got, listed]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(secret);
      expect(text).not.toContain('"secrets"');
      expect(text).not.toContain('"script"');
    }
  });

  it('checks the name pattern and its length, 100 characters at most', async () => {
    await publish(t, 'a'.repeat(100));
    expectFailure(await t.owner.client.call('publishIntegration', { ...call('a'.repeat(101)), body: publishBody(t.organizationId) }), 400, /^params\.integrationName/);
    const spaced = await raw(`${t.url}/v1/integrations/has%20space`, { method: 'POST', token: t.owner.token, body: JSON.stringify(publishBody(t.organizationId)) });
    expect(spaced.status).toBe(400);
    expect(spaced.body.error.message).toMatch(/^params\.integrationName/);
    await publish(t, 'dots.dashes-and_underscores');
  });

  it.each([
    ['title', { title: 'A' }, 'body.title'],
    ['title', { title: 'x'.repeat(31) }, 'body.title'],
    ['description', { description: 'x'.repeat(101) }, 'body.description'],
    ['summary', { summary: 'x'.repeat(2049) }, 'body.summary'],
    ['previewImages', { previewImages: [PNG, PNG, PNG, PNG] }, 'body.previewImages'],
    ['externalLinks', { externalLinks: Array.from({ length: 6 }, (_, i) => ({ url: `https://example.com/${i}`, label: 'x' })) }, 'body.externalLinks'],
    ['secrets', { secrets: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`S${i}`, 'v'])) }, 'body.secrets'],
    ['scopes', { scopes: ['space:everything'] as never }, 'body.scopes'],
    ['icon', { icon: 'not base64!' }, 'body.icon'],
  ])('refuses a %s past its limit (400 naming it)', async (_field, overrides, path) => {
    const result = await t.owner.client.call('publishIntegration', { ...call('limits'), body: publishBody(t.organizationId, overrides) });
    expectFailure(result, 400, new RegExp(`^${path.replace('.', '\\.')}`));
  });

  it('accepts the limits themselves: 30-character title, 3 images, 5 links, 20 secrets', async () => {
    const published = await publish(t, 'at-limits', {
      title: 'x'.repeat(30),
      description: 'd'.repeat(100),
      previewImages: [PNG, PNG, PNG],
      externalLinks: Array.from({ length: 5 }, (_, i) => ({ url: `https://example.com/${i}`, label: `Link ${i}` })),
      secrets: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`S${i}`, 'v'])),
    });
    expect(published.externalLinks).toHaveLength(5);
  });

  it("answers 409 when another organization publishes a name that is taken, and 403 to a non-administrator", async () => {
    const other = otherOrganization(t);
    const taken = await t.owner.client.call('publishIntegration', { ...call('analytics'), body: publishBody(other) });
    expectFailure(taken, 409, /another organization/);
    const editor = t.user('create');
    expectFailure(await editor.client.call('publishIntegration', { ...call('by-editor'), body: publishBody(t.organizationId) }), 403);
  });
});

describe('reading', () => {
  it('gets an integration by name, 404 when none matches', async () => {
    await publish(t, 'readable');
    expect(ok(await t.owner.client.call('getIntegrationByName', call('readable'))).name).toBe('readable');
    expectFailure(await t.owner.client.call('getIntegrationByName', call('never-published')), 404, 'No matching integration found for given name');
  });

  it("shows a private integration to its organization's members only, and lists an unlisted one to them only", async () => {
    await publish(t, 'private-one', { visibility: 'private' });
    await publish(t, 'unlisted-one', { visibility: 'unlisted' });
    const outsider = t.user();
    expectFailure(await outsider.client.call('getIntegrationByName', call('private-one')), 404);
    expect(ok(await outsider.client.call('getIntegrationByName', call('unlisted-one'))).permissions.admin).toBe(false);
    const seen = ok(await outsider.client.call('listIntegrations', { params: undefined, query: { limit: 1000 } })).items.map((i) => i.name);
    expect(seen).not.toContain('private-one');
    expect(seen).not.toContain('unlisted-one');
    const reader = t.user('read');
    const member = ok(await reader.client.call('listIntegrations', { params: undefined, query: { limit: 1000 } })).items.map((i) => i.name);
    expect(member).toEqual(expect.arrayContaining(['private-one', 'unlisted-one']));
  });
});

describe('listing with filters', () => {
  let other: string;
  beforeAll(async () => {
    other = otherOrganization(t);
    await publish(t, 'f-github', {
      title: 'GitHub files', categories: ['content'], scopes: ['space:content:read', 'space:content:write'], target: 'space',
      blocks: [{ id: 'file', title: 'GitHub file', urlUnfurl: ['https://github.com/*/blob/*'] }],
    });
    await publish(t, 'f-sources', {
      title: 'Sources', categories: ['other'], scopes: ['openapi:read'], target: 'site',
      contentSources: [{ id: 'src', title: 'Generated', configuration: { componentId: 'config' } }],
    });
    ok(await t.owner.client.call('publishIntegration', {
      ...call('f-elsewhere'),
      body: publishBody(other, { title: 'Elsewhere', categories: ['marketing'], scopes: [], target: 'organization' }),
    }));
  });

  const names = async (query: Record<string, unknown>) =>
    ok(await t.owner.client.call('listIntegrations', { params: undefined, query: { limit: 1000, ...query } })).items.map((i) => i.name).filter((n) => n.startsWith('f-'));

  it('lists by name, and pages with next.page', async () => {
    expect(await names({})).toEqual(['f-elsewhere', 'f-github', 'f-sources']);
    const first = ok(await t.owner.client.call('listIntegrations', { params: undefined, query: { limit: 1 } }));
    const second = ok(await t.owner.client.call('listIntegrations', { params: undefined, query: { limit: 1, page: first.next!.page } }));
    expect(second.items[0]!.name > first.items[0]!.name).toBe(true);
  });

  it.each([
    [{ search: 'GITHUB' }, ['f-github']],
    [{ search: 'f-sour' }, ['f-sources']],
    [{ category: 'marketing' }, ['f-elsewhere']],
    [{ blockDomain: 'github.com' }, ['f-github']],
    [{ blockDomain: 'gitlab.com' }, []],
    [{ blocks: 'true' }, ['f-github']],
    [{ blocks: 'false' }, ['f-elsewhere', 'f-sources']],
    [{ contentSources: 'true' }, ['f-sources']],
    [{ scope: 'space:content:write' }, ['f-github']],
    [{ target: 'site' }, ['f-sources']],
    [{ target: 'organization' }, ['f-elsewhere']],
    [{ category: 'content', target: 'space' }, ['f-github']],
  ])('filters %o', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by owner', async () => {
    expect(await names({ owner: other })).toEqual(['f-elsewhere']);
  });

  it('refuses an unknown category, scope or target, and a limit over 1000 (400 naming the parameter)', async () => {
    for (const [query, name] of [[{ category: 'games' }, 'category'], [{ scope: 'all' }, 'scope'], [{ target: 'page' }, 'target'], [{ limit: 1001 }, 'limit']] as const) {
      const result = await t.owner.client.call('listIntegrations', { params: undefined, query: query as never });
      expectFailure(result, 400, new RegExp(`^query\\.${name}`));
    }
  });
});

describe('unpublishing', () => {
  it('deletes an integration with its installations and events (205), and answers 204 when it did not exist', async () => {
    await publish(t, 'short-lived');
    await install(t, 'short-lived');
    const [event] = await settledEvents(t, 'short-lived');
    const deleted = await raw(`${t.url}/v1/integrations/short-lived`, { method: 'DELETE', token: t.owner.token });
    expect(deleted.status).toBe(205);
    expectFailure(await t.owner.client.call('getIntegrationByName', call('short-lived')), 404);
    const left = (table: string) =>
      t.engine.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE integration_id = ?`, event!.integrationId)!.n;
    expect([left('integration_installations'), left('integration_events')]).toEqual([0, 0]);
    const again = await raw(`${t.url}/v1/integrations/short-lived`, { method: 'DELETE', token: t.owner.token });
    expect(again.status).toBe(204);
  });

  it("answers 403 to those who are not the owner's administrators", async () => {
    await publish(t, 'kept');
    const editor = t.user('create');
    expectFailure(await editor.client.call('unpublishIntegration', call('kept')), 403);
    expect(ok(await t.owner.client.call('getIntegrationByName', call('kept'))).name).toBe('kept');
  });
});
