import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

/** Drops the framing headers that the HTTP server adds per connection. */
function comparable(response: { status: number; headers: Record<string, string>; body: unknown }) {
  const { date: _d, connection: _c, 'keep-alive': _k, 'content-length': _l, ...headers } = response.headers;
  return { status: response.status, headers, body: response.body };
}

async function overHttp(method: string, path: string, body?: unknown) {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${t.owner.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), body: text ? JSON.parse(text) : undefined };
}

describe('one pipeline for every transport', () => {
  const cases: [string, string, string, unknown?][] = [
    ['a read', 'GET', '/v1/orgs'],
    ['a not-found', 'GET', '/v1/orgs/doesNotExist'],
    ['a validation failure', 'PATCH', '/v1/orgs/ORG', { title: 'x' }],
    ['a successful update', 'PATCH', '/v1/orgs/ORG', { ai: true }],
    ['an unknown path', 'GET', '/v1/nope'],
  ];

  it.each(cases)('gives identical answers over HTTP and in-process for %s', async (_, method, path, body) => {
    const resolved = path.replace('ORG', t.organizationId);
    const http = await overHttp(method, resolved, body);
    const inProcess = await t.engine.request({
      method,
      path: resolved,
      headers: { authorization: `Bearer ${t.owner.token}` },
      body,
    });
    expect(comparable(inProcess)).toEqual(comparable(http));
  });
});
