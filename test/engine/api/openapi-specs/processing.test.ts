import { describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { invalidSpec, json, openapi30, openapi30Yaml, openapi31, swagger2 } from './fixtures.js';
import { Gate, pollSpec, serverWithSpecs, SpecServer } from './spec-server.js';

let t: TestServer;
let specs: SpecServer;
const org = () => ({ organizationId: t.organizationId });

// A short fetch timeout, so that the hanging route times out quickly; long enough for a loopback answer under load.
serverWithSpecs((server, specServer) => {
  t = server;
  specs = specServer;
}, { openapi: { timeoutMs: 1500 } });

async function create(slug: string, source: { url: string } | { text: string }) {
  return ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug, source } }));
}

async function content(slug: string) {
  return ok(await t.owner.client.call('getLatestOpenAPISpecVersionContent', { params: { ...org(), specSlug: slug } }));
}

async function versions(slug: string) {
  return ok(await t.owner.client.call('listOpenAPISpecVersions', { params: { ...org(), specSlug: slug } }));
}

describe('processing a specification fetched from its URL', () => {
  it.each([
    ['swagger-2-json', '/swagger.json', json(swagger2), 'application/json', swagger2],
    ['openapi-30-yaml', '/library.yaml', openapi30Yaml, 'application/yaml', openapi30],
    ['openapi-31-json', '/weather', json(openapi31), 'application/json', openapi31],
  ])('%s: pending when created, complete with a first version and its content', async (slug, path, body, type, document) => {
    const url = specs.serve(path, body, type);
    const created = await create(slug, { url });
    expect(created.processingState).toBe('pending');
    expect(created.sourceURL).toBe(url);
    expect(created.lastVersion).toBeUndefined();

    const done = await pollSpec(t, slug);
    expect(done.lastProcessErrorCode).toBeUndefined();
    expect(done.lastProcessedErrors).toEqual([]);
    expect(done.lastProcessedAt).toBe(t.clock.now().toISOString());
    expect(done.lastVersion).toBeDefined();

    const latest = ok(await t.owner.client.call('getLatestOpenAPISpecVersion', { params: { ...org(), specSlug: slug } }));
    expect(latest).toMatchObject({ object: 'openapi-spec-version', id: done.lastVersion, url });
    const fileName = path.includes('.') ? path.slice(1) : 'openapi.json';
    expect(await content(slug)).toEqual({ filesystem: { [fileName]: document }, url });
  });

  it('is seen in progress while the fetch is under way', async () => {
    const gate = new Gate({ body: json(openapi31) });
    specs.routes.set('/gated.json', { gate });
    await create('gated', { url: specs.url('/gated.json') });
    await pollSpec(t, 'gated', (spec) => spec.processingState === 'progress');
    gate.release();
    const done = await pollSpec(t, 'gated');
    expect(done.lastVersion).toBeDefined();
  });

  it('an invalid specification is a PARSE_ERROR with one message and code per problem, and no version', async () => {
    await create('invalid', { url: specs.serve('/invalid.json', json(invalidSpec)) });
    const done = await pollSpec(t, 'invalid');
    expect(done.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(done.lastVersion).toBeUndefined();
    expect(done.lastProcessedErrors).toEqual([
      { code: 'REQUIRED', message: "must have required property 'version'" },
      { code: 'MINPROPERTIES', message: 'must NOT have fewer than 1 properties' },
    ]);
    expectFailure(await t.owner.client.call('getLatestOpenAPISpecVersion', { params: { ...org(), specSlug: 'invalid' } }), 404);
  });

  it('YAML that does not parse is a PARSE_ERROR naming the line', async () => {
    await create('bad-yaml', { text: 'openapi: 3.0.0\ninfo:\n  title: [unclosed\n' });
    const done = await pollSpec(t, 'bad-yaml');
    expect(done.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(done.lastProcessedErrors![0]!.message).toMatch(/line \d+/);
  });

  it('a document that is no API description is a PARSE_ERROR', async () => {
    await create('not-an-api', { text: json({ hello: 'world' }) });
    const done = await pollSpec(t, 'not-an-api');
    expect(done.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(done.lastProcessedErrors![0]!.message).toMatch(/not a valid API definition/);
  });

  it('a server error is a FETCH_ERROR with its status', async () => {
    specs.routes.set('/broken.json', { status: 500, body: 'boom' });
    await create('server-error', { url: specs.url('/broken.json') });
    const done = await pollSpec(t, 'server-error');
    expect(done.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(done.lastProcessedErrors).toEqual([{ code: 'FETCH_ERROR', message: expect.stringContaining('500') }]);
  });

  it('an address where nothing listens is a FETCH_ERROR', async () => {
    const closed = await SpecServer.start();
    const url = closed.url('/gone.json');
    await closed.stop();
    await create('unreachable', { url });
    const done = await pollSpec(t, 'unreachable');
    expect(done.lastProcessErrorCode).toBe('FETCH_ERROR');
  });

  it('an answer that does not come in time is a FETCH_TIMEOUT', async () => {
    specs.routes.set('/slow.json', { hang: true });
    await create('slow', { url: specs.url('/slow.json') });
    const done = await pollSpec(t, 'slow');
    expect(done.lastProcessErrorCode).toBe('FETCH_TIMEOUT');
    expect(done.lastProcessedErrors![0]!.message).toMatch(/1500 ms/);
  });

  it('redirects are followed on loopback; one to another host is a FETCH_ERROR', async () => {
    const target = specs.serve('/moved-here.json', json(openapi31));
    specs.routes.set('/moved.json', { redirect: target });
    await create('redirected', { url: specs.url('/moved.json') });
    expect((await pollSpec(t, 'redirected')).lastProcessErrorCode).toBeUndefined();

    specs.routes.set('/away.json', { redirect: 'http://example.com/spec.json' });
    await create('redirected-away', { url: specs.url('/away.json') });
    const away = await pollSpec(t, 'redirected-away');
    expect(away.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(away.lastProcessedErrors![0]!.message).toMatch(/example\.com is not a loopback address/);
  });
});

describe('addresses this server does not fetch', () => {
  it.each([
    ['http://example.com/openapi.json', /example\.com is not a loopback address.*--allow-remote-openapi/],
    ['http://10.0.0.1/openapi.json', /10\.0\.0\.1 is not a loopback address/],
    ['ftp://127.0.0.1/openapi.json', /only http and https/],
  ])('%s is a 400 naming body.source.url', async (url, message) => {
    const res = await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'remote', source: { url } } });
    expectFailure(res, 400, new RegExp(`^body\\.source\\.url: ${message.source}`));
  });
});

describe('versions', () => {
  it('are cut only when the content changed, newest first', async () => {
    const url = specs.serve('/evolving.json', json(openapi31));
    await create('evolving', { url });
    const first = await pollSpec(t, 'evolving');

    // The same content again: processed, no new version.
    const again = ok(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: { ...org(), specSlug: 'evolving' }, body: { source: { url } } }));
    expect(again.processingState).toBe('pending');
    const unchanged = await pollSpec(t, 'evolving');
    expect(unchanged.lastVersion).toBe(first.lastVersion);
    expect((await versions('evolving')).count).toBe(1);

    // Changed content: a second version, and the first keeps its own content.
    const changed = { ...openapi31, info: { ...openapi31.info, version: '0.4.0' } };
    specs.serve('/evolving.json', json(changed));
    ok(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: { ...org(), specSlug: 'evolving' }, body: { source: { url } } }));
    const second = await pollSpec(t, 'evolving', (spec) => spec.processingState === 'complete' && spec.lastVersion !== first.lastVersion);
    const list = await versions('evolving');
    expect(list.items.map((v) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
    expect((await content('evolving')).filesystem['evolving.json']).toEqual(changed);
    const old = ok(await t.owner.client.call('getOpenAPISpecVersionContentById', { params: { ...org(), specSlug: 'evolving', versionId: first.lastVersion! } }));
    expect(old.filesystem['evolving.json']).toEqual(openapi31);
  });

  it('a failed run keeps the last version', async () => {
    const url = specs.serve('/flaky.json', json(swagger2));
    await create('flaky', { url });
    const good = await pollSpec(t, 'flaky');
    specs.routes.set('/flaky.json', { status: 500, body: 'down' });
    ok(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: { ...org(), specSlug: 'flaky' }, body: { source: { url } } }));
    const failed = await pollSpec(t, 'flaky');
    expect(failed.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(failed.lastVersion).toBe(good.lastVersion);
    expect((await content('flaky')).filesystem['flaky.json']).toEqual(swagger2);
  });

  it('a specification given as text is reachable at its content in this API', async () => {
    await create('as-text', { text: openapi30Yaml });
    const done = await pollSpec(t, 'as-text');
    expect(done.sourceURL).toBeUndefined();
    const latest = ok(await t.owner.client.call('getLatestOpenAPISpecVersion', { params: { ...org(), specSlug: 'as-text' } }));
    expect(latest.url).toBe(`${t.url}/v1/orgs/${t.organizationId}/openapi/as-text/versions/${latest.id}/content`);
    expect(await content('as-text')).toEqual({ filesystem: { 'openapi.yaml': openapi30 }, url: latest.url });
  });

  it('replacing a source while it is being fetched records only the newer one', async () => {
    const gate = new Gate({ body: json(swagger2) });
    specs.routes.set('/replaced.json', { gate });
    await create('replaced', { url: specs.url('/replaced.json') });
    await pollSpec(t, 'replaced', (spec) => spec.processingState === 'progress');
    ok(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: { ...org(), specSlug: 'replaced' }, body: { source: { text: json(openapi31) } } }));
    gate.release();
    await pollSpec(t, 'replaced');
    expect((await versions('replaced')).count).toBe(1);
    expect((await content('replaced')).filesystem).toEqual({ 'openapi.json': openapi31 });
  });

  it('a spec deleted while being fetched is forgotten', async () => {
    const gate = new Gate({ body: json(swagger2) });
    specs.routes.set('/deleted.json', { gate });
    await create('deleted', { url: specs.url('/deleted.json') });
    await pollSpec(t, 'deleted', (spec) => spec.processingState === 'progress');
    expect((await t.owner.client.call('deleteOpenAPISpecBySlug', { params: { ...org(), specSlug: 'deleted' } })).status).toBe(204);
    gate.release();
    await t.engine.openapi.whenIdle();
    expectFailure(await t.owner.client.call('getOpenAPISpecBySlug', { params: { ...org(), specSlug: 'deleted' } }), 404);
  });
});
