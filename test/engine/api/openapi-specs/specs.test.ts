import { describe, expect, it } from 'vitest';
import { expectFailure, ok, otherOrganization } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { json, openapi31 } from './fixtures.js';
import { pollSpec, serverWithSpecs, SpecServer } from './spec-server.js';

let t: TestServer;
let specs: SpecServer;
const org = () => ({ organizationId: t.organizationId });
const spec = (specSlug: string) => ({ ...org(), specSlug });
const text = { text: json(openapi31) };

serverWithSpecs((server, specServer) => {
  t = server;
  specs = specServer;
});

describe('creating, reading and listing', () => {
  it('creates a spec answering 201 with its shape, then reads it by slug', async () => {
    const res = await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'Core-API-2', source: text } });
    expect(res.status).toBe(201);
    const created = ok(res);
    const location = `${t.url}/v1/orgs/${t.organizationId}/openapi/Core-API-2`;
    expect(created).toEqual({
      object: 'openapi-spec',
      id: expect.any(String),
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      slug: 'Core-API-2',
      processingState: 'pending',
      visibility: 'private',
      permissions: { view: true, edit: true },
      urls: { location, app: `${t.url}/app/orgs/${t.organizationId}/openapi/Core-API-2` },
    });
    const done = await pollSpec(t, 'Core-API-2');
    expect(ok(await t.owner.client.call('getOpenAPISpecBySlug', { params: spec('Core-API-2') }))).toEqual(done);
  });

  it('refuses a second spec with the same slug (400 naming body.slug); PUT replaces instead', async () => {
    await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'twice', source: text } });
    const again = await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'twice', source: text } });
    expectFailure(again, 400, /^body\.slug: .*already has/);
  });

  it('lists the specs by slug, paged', async () => {
    for (const slug of ['list-b', 'list-a', 'list-c']) {
      ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug, source: text } }));
    }
    const all = ok(await t.owner.client.call('listOpenAPISpecs', { params: org(), query: { limit: 1000 } }));
    const slugs = all.items.map((s) => s.slug);
    expect(slugs).toEqual([...slugs].sort());
    expect(all.count).toBe(all.items.length);
    const first = ok(await t.owner.client.call('listOpenAPISpecs', { params: org(), query: { limit: 2 } }));
    const second = ok(await t.owner.client.call('listOpenAPISpecs', { params: org(), query: { limit: 2, page: first.next!.page } }));
    expect([...first.items, ...second.items].map((s) => s.slug)).toEqual(slugs.slice(0, 4));
  });

  it("another organization's specs are apart: same slug allowed, not listed, not found", async () => {
    const other = otherOrganization(t);
    ok(await t.owner.client.call('createOpenAPISpec', { params: { organizationId: other }, body: { slug: 'twice', source: text } }));
    const listed = ok(await t.owner.client.call('listOpenAPISpecs', { params: { organizationId: other } }));
    expect(listed.items.map((s) => s.slug)).toEqual(['twice']);
    expectFailure(await t.owner.client.call('getOpenAPISpecBySlug', { params: { organizationId: other, specSlug: 'list-a' } }), 404);
  });

  it('unknown organization, spec and version are 404s', async () => {
    expectFailure(await t.owner.client.call('listOpenAPISpecs', { params: { organizationId: 'nope' } }), 404, /organization/);
    expectFailure(await t.owner.client.call('getOpenAPISpecBySlug', { params: spec('nope') }), 404, 'No matching OpenAPI specification found');
    for (const op of ['listOpenAPISpecVersions', 'getLatestOpenAPISpecVersion', 'getLatestOpenAPISpecVersionContent'] as const) {
      expectFailure(await t.owner.client.call(op, { params: spec('nope') }), 404);
    }
    await pollSpec(t, 'list-a');
    const version = { ...spec('list-a'), versionId: 'nope' };
    expectFailure(await t.owner.client.call('getOpenAPISpecVersionById', { params: version }), 404, 'No matching OpenAPI specification version found');
    expectFailure(await t.owner.client.call('getOpenAPISpecVersionContentById', { params: version }), 404);
  });

  it('a spec with no version yet has no latest version (404) and an empty version list', async () => {
    specs.routes.set('/missing.json', { status: 404, body: 'no' });
    ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'never-fetched', source: { url: specs.url('/missing.json') } } }));
    await pollSpec(t, 'never-fetched');
    expectFailure(await t.owner.client.call('getLatestOpenAPISpecVersion', { params: spec('never-fetched') }), 404);
    expect(ok(await t.owner.client.call('listOpenAPISpecVersions', { params: spec('never-fetched') }))).toEqual({ items: [], count: 0 });
  });
});

describe('PUT, PATCH and DELETE', () => {
  it('PUT creates a spec that does not exist and replaces the source of one that does, answering 200', async () => {
    const url = specs.serve('/put.json', json(openapi31));
    const created = await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: spec('put-me'), body: { source: { url } } });
    expect(created.status).toBe(200);
    expect(ok(created)).toMatchObject({ slug: 'put-me', sourceURL: url, processingState: 'pending' });
    await pollSpec(t, 'put-me');
    const replaced = ok(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: spec('put-me'), body: { source: text } }));
    expect(replaced.sourceURL).toBeUndefined();
    expect(replaced.processingState).toBe('pending');
    expect(replaced.id).toBe(ok(created).id);
  });

  it('PATCH sets the visibility', async () => {
    await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'seen', source: text } });
    const patched = ok(await t.owner.client.call('updateOpenAPISpecBySlug', { params: spec('seen'), body: { visibility: 'public' } }));
    expect(patched.visibility).toBe('public');
    expect(ok(await t.owner.client.call('getOpenAPISpecBySlug', { params: spec('seen') })).visibility).toBe('public');
    expectFailure(await t.owner.client.call('updateOpenAPISpecBySlug', { params: spec('seen'), body: { visibility: 'secret' as 'public' } }), 400, /^body\.visibility/);
    expectFailure(await t.owner.client.call('updateOpenAPISpecBySlug', { params: spec('seen'), body: {} as { visibility: 'public' } }), 400, /^body\.visibility/);
    expectFailure(await t.owner.client.call('updateOpenAPISpecBySlug', { params: spec('unseen'), body: { visibility: 'public' } }), 404);
  });

  it('DELETE removes the spec and its versions (204); deleting again is a 404', async () => {
    await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'doomed', source: text } });
    const done = await pollSpec(t, 'doomed');
    const res = await t.owner.client.call('deleteOpenAPISpecBySlug', { params: spec('doomed') });
    expect(res.status).toBe(204);
    expectFailure(await t.owner.client.call('getOpenAPISpecBySlug', { params: spec('doomed') }), 404);
    expectFailure(await t.owner.client.call('deleteOpenAPISpecBySlug', { params: spec('doomed') }), 404);
    const count = t.engine.db.get<{ n: number }>('SELECT count(*) AS n FROM openapi_spec_versions WHERE id = ?', done.lastVersion);
    expect(count!.n).toBe(0);
  });
});

describe('limits', () => {
  const create = (slug: string, source: { url: string } | { text: string }) =>
    t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug, source } });

  it('a slug is 1 to 100 characters: letters and digits in words joined by single hyphens', async () => {
    expect((await create('a'.repeat(100), text)).status).toBe(201);
    expectFailure(await create('b'.repeat(101), text), 400, /^body\.slug: Too big/);
    expectFailure(await create('', text), 400, /^body\.slug/);
    for (const slug of ['-lead', 'trail-', 'double--dash', 'under_score', 'dot.ted', 'spa ce']) {
      expectFailure(await create(slug, text), 400, /^body\.slug: must be letters and digits/);
    }
    expectFailure(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: spec('c'.repeat(101)), body: { source: text } }), 400, /^params\.specSlug/);
  });

  it('a source URL is at most 2048 characters; a text is not empty; a source is one or the other', async () => {
    const base = specs.url('/');
    const at2048 = base + 'x'.repeat(2048 - base.length);
    expect((await create('long-url', { url: at2048 })).status).toBe(201);
    expectFailure(await create('longer-url', { url: `${at2048}x` }), 400, /^body\.source/);
    expectFailure(await create('empty-text', { text: '' }), 400, /^body\.source/);
    expectFailure(await create('no-url', { url: 'not a url' }), 400, /^body\.source/);
    expectFailure(await create('no-source', {} as { text: string }), 400, /^body\.source/);
    expectFailure(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'x' } as { slug: string; source: { text: string } } }), 400, /^body\.source/);
  });

  it('versions are listed within the list limits', async () => {
    expectFailure(await t.owner.client.call('listOpenAPISpecVersions', { params: spec('list-a'), query: { limit: 1001 } }), 400, /^query\.limit/);
    expect(ok(await t.owner.client.call('listOpenAPISpecVersions', { params: spec('list-a'), query: { limit: 0 } })).items).toEqual([]);
  });
});
