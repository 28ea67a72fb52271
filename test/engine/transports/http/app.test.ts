import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';
import { requestWithHost } from '../../../support/http.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

describe('authentication', () => {
  it('refuses a request without a token with 401', async () => {
    const res = await raw(`${t.url}/v1/orgs`);
    expect(res).toEqual({ status: 401, body: { error: { code: 401, message: expect.any(String) } } });
  });

  it('refuses an unknown or malformed token with 401', async () => {
    expect((await raw(`${t.url}/v1/orgs`, { token: 'folio_nope' })).status).toBe(401);
    expect((await raw(`${t.url}/v1/orgs`, { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await raw(`${t.url}/v1/orgs`, { token: t.owner.token.slice(0, -1) })).status).toBe(401);
  });

  it('accepts the token written to DIR/token on first start', async () => {
    expect((await raw(`${t.url}/v1/orgs`, { token: t.owner.token })).status).toBe(200);
  });
});

describe('Host header check', () => {
  it('refuses a foreign Host with 403 even with a valid token', async () => {
    const res = await requestWithHost(`${t.url}/v1/orgs`, `evil.example:${t.server.port}`, t.owner.token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(403);
  });

  it('refuses the loopback address with another port', async () => {
    const res = await requestWithHost(`${t.url}/v1/orgs`, `127.0.0.1:1`, t.owner.token);
    expect(res.status).toBe(403);
  });

  it('accepts localhost and 127.0.0.1 with our port', async () => {
    expect((await requestWithHost(`${t.url}/v1/orgs`, `localhost:${t.server.port}`, t.owner.token)).status).toBe(200);
    expect((await requestWithHost(`${t.url}/v1/orgs`, `127.0.0.1:${t.server.port}`, t.owner.token)).status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown /v1 path with a JSON 404', async () => {
    const res = await raw(`${t.url}/v1/nothing-here`, { token: t.owner.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });

  it('answers a body that is not JSON with 400 naming the body', async () => {
    const res = await raw(`${t.url}/v1/orgs`, { method: 'POST', token: t.owner.token, body: '{"title":' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body:/);
  });

  it('answers a missing required body with 400', async () => {
    const res = await raw(`${t.url}/v1/orgs`, { method: 'POST', token: t.owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body/);
  });

  it('sends no CORS headers', async () => {
    const res = await fetch(`${t.url}/v1/orgs`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${t.owner.token}` } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('OpenAPI document', () => {
  it('describes every operation of the contract as OpenAPI 3.1', async () => {
    const res = await raw(`${t.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/v1/orgs/{organizationId}'].patch.operationId).toBe('updateOrganizationById');
    expect(res.body.components.schemas.Organization.type).toBe('object');
    // Each shape once, under a name of its own, and every reference to one that is there.
    const components = res.body.components.schemas as Record<string, unknown>;
    expect(Object.keys(components).filter((name) => name.startsWith('__'))).toEqual([]);
    const refs = [...JSON.stringify(res.body).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in components))).toEqual([]);
  });
});
