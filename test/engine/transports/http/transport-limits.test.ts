import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';
import { isEnvelope, rawExchange } from '../../../support/raw-socket.js';

/** The transport's caps, made small so that a test reaches them (docs/architecture.md, "Transport"). */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({}, {}, { connectionsPerAddress: 4, bodyBytesPerClient: 2 * 1024 * 1024 });
});
afterAll(() => t.stop());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.server.port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

describe('connections', () => {
  it('answers one connection past the cap with 503 in the envelope, and takes new ones once others close', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    try {
      const refused = await rawExchange(t.url, `GET /v1/user HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\nAuthorization: Bearer ${t.owner.token}\r\n\r\n`);
      expect(refused.status).toBe(503);
      expect(isEnvelope(refused.body, 503)).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await raw(`${t.url}/v1/user`, { token: t.owner.token })).status).toBe(200);
  });
});

describe('idle connections', () => {
  it('are kept a minute and announced so, so that a client drops one before the engine does', async () => {
    const response = await fetch(`${t.url}/v1/user`, { headers: { authorization: `Bearer ${t.owner.token}` } });
    await response.arrayBuffer();
    const announced = /^timeout=(\d+)$/.exec(response.headers.get('keep-alive') ?? '');
    expect(Number(announced?.[1])).toBeGreaterThanOrEqual(60);
  });
});

describe('bodies in flight', () => {
  it("refuses a caller's body past their share with 503 while another of theirs is still arriving", async () => {
    const head = (length: number) =>
      `POST /v1/orgs HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\nAuthorization: Bearer ${t.owner.token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    // 1 MiB declared and not sent yet: held against the caller's 2 MiB.
    const first = await open();
    first.write(head(1024 * 1024));
    const second = await open();
    second.write(head(1024 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const third = await rawExchange(t.url, head(100), { size: 100 });
      expect(third.status).toBe(503);
      expect(isEnvelope(third.body, 503)).toBe(true);
    } finally {
      first.destroy();
      second.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Their share is back once those connections are gone.
    const again = await raw(`${t.url}/v1/orgs`, { method: 'POST', token: t.owner.token, body: JSON.stringify({ title: 'After' }) });
    expect(again.status).toBe(201);
  });
});
