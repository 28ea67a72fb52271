import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';
import { isEnvelope, rawExchange } from '../../../support/raw-socket.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({}, {}, { headersTimeoutMs: 300, requestTimeoutMs: 600 });
});
afterAll(() => t.stop());

describe('an exception nobody expected', () => {
  it('answers 500 in the envelope with no internals, logs it, and the engine keeps serving', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A store that turned read-only under the engine (a full or remounted disk): writes throw inside the handler.
    t.engine.db.run('PRAGMA query_only = ON');
    try {
      const res = await raw(`${t.url}/v1/orgs`, { method: 'POST', token: t.owner.token, body: JSON.stringify({ title: 'Never stored' }) });
      expect(res).toEqual({ status: 500, body: { error: { code: 500, message: 'Internal error' } } });
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/unexpected error/), expect.anything());
    } finally {
      t.engine.db.run('PRAGMA query_only = OFF');
      logged.mockRestore();
    }
    expect((await raw(`${t.url}/v1/user`, { token: t.owner.token })).status).toBe(200);
  });
});

describe("Node's timeouts", () => {
  it('answer a request whose headers never end with 408 in the envelope', async () => {
    const res = await rawExchange(t.url, `GET /v1/user HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\n`);
    expect(res.status).toBe(408);
    expect(isEnvelope(res.body, 408)).toBe(true);
  });

  it('answer a body that stops arriving with 408 in the envelope', async () => {
    const head = `POST /v1/orgs HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\nAuthorization: Bearer ${t.owner.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`;
    const res = await rawExchange(t.url, head);
    expect(res.status).toBe(408);
    expect(isEnvelope(res.body, 408)).toBe(true);
  });
});
