import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../../../support/processes.js';
import { isEnvelope, rawExchange } from '../../../support/raw-socket.js';
import { raw } from '../../../support/server.js';

/**
 * What an attacker sends before anyone is known, against `npm run serve` in a process of its own,
 * so that a crash shows as a dead process. Every answer is the API's error envelope.
 */
let serve: ServeProcess;
let dataDir: string;
let token: string;
let host: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-hostile-'));
  serve = await startServe(['--data-dir', dataDir, '--port', '0']);
  token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  host = new URL(serve.url).host;
}, 60_000);

afterAll(async () => {
  serve.child.kill('SIGTERM');
  await serve.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function stillServing(): Promise<void> {
  expect(serve.child.exitCode).toBeNull();
  expect((await raw(`${serve.url}/v1/user`, { token })).status).toBe(200);
}

/** Status and body (JSON when it is), or status 0 when the server did not answer. */
async function answerOf(url: string, withToken: boolean): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { redirect: 'manual', headers: withToken ? { authorization: `Bearer ${token}` } : {} });
    const text = await response.text();
    return { status: response.status, body: response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : text };
  } catch {
    return { status: 0, body: undefined };
  }
}

describe('query parameters named after Object.prototype', () => {
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];
  const paths = ['/', '/v1/orgs', '/v1/user', '/v1/openapi.json', '/v1/nowhere', '/sites/nope/', '/index.html'];

  it('answer as any other parameter would, on every path, with or without a token', async () => {
    for (const name of names) {
      for (const path of paths) {
        for (const withToken of [false, true]) {
          const res = await answerOf(`${serve.url}${path}?${name}=1&${name}=2&limit=1`, withToken);
          expect(res.status, `${path}?${name}`).toBeGreaterThan(0);
          expect(res.status, `${path}?${name}`).toBeLessThan(500);
          if (res.status >= 400 && path.startsWith('/v1/')) expect(isEnvelope(res.body, res.status), `${path}?${name}`).toBe(true);
        }
      }
    }
    await stillServing();
  });

  it('leave a list answering its page', async () => {
    const res = await raw(`${serve.url}/v1/orgs?constructor=x&__proto__=y&limit=1`, { token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
  });
});

describe('a request target that is not a URL', () => {
  it('is a 400 in the envelope, for a request and for an upgrade', async () => {
    const plain = await rawExchange(serve.url, `GET http://[ HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(plain.status).toBe(400);
    expect(isEnvelope(plain.body, 400)).toBe(true);
    const upgrade = await rawExchange(
      serve.url,
      `GET http://[ HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    expect(upgrade.status).toBe(400);
    expect(isEnvelope(upgrade.body, 400)).toBe(true);
    await stillServing();
  });
});

describe("Node's own refusals", () => {
  it('answer headers too large with 431 in the envelope', async () => {
    const res = await rawExchange(serve.url, `GET /v1/user HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(isEnvelope(res.body, 431)).toBe(true);
    await stillServing();
  });

  it('answer a request line Node cannot parse with 400 in the envelope', async () => {
    const res = await rawExchange(serve.url, 'NOT AN HTTP REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    expect(isEnvelope(res.body, 400)).toBe(true);
    await stillServing();
  });
});

describe('bodies before authentication', () => {
  const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${headers}\r\n`;
  const big = 60 * 1024 * 1024;

  it('answers 401 from the headers, without reading the body, and closes the connection', async () => {
    const res = await rawExchange(serve.url, post('/v1/orgs', `Content-Length: ${big}\r\n`), { size: big });
    expect(res.status).toBe(401);
    expect(isEnvelope(res.body, 401)).toBe(true);
    expect(res.headers.connection).toBe('close');
    // What the kernel's socket buffers took in before the answer; reading it all would be 60 MB.
    expect(res.sentBeforeAnswer).toBeLessThan(big / 4);
    await stillServing();
  });

  it('answers an unknown operation with 404 without reading the body', async () => {
    const res = await rawExchange(serve.url, post('/v1/nowhere', `Authorization: Bearer ${token}\r\nContent-Length: ${big}\r\n`), { size: big });
    expect(res.status).toBe(404);
    expect(isEnvelope(res.body, 404)).toBe(true);
    expect(res.sentBeforeAnswer).toBeLessThan(big / 4);
  });

  it("refuses a declared length over the operation's limit with 413 before reading it", async () => {
    const res = await rawExchange(serve.url, post('/v1/orgs', `Authorization: Bearer ${token}\r\nContent-Length: ${50 * 1024 * 1024}\r\n`), {
      size: 50 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(isEnvelope(res.body, 413)).toBe(true);
    expect(res.body.error.message).toMatch(/^body: /);
    expect(res.sentBeforeAnswer).toBeLessThan(50 * 1024 * 1024 / 4);
    await stillServing();
  });

  it('stops reading a chunked body once it passes the limit, with 413', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = Buffer.from(`10000\r\n${' '.repeat(0x10000)}\r\n`);
    const res = await rawExchange(serve.url, post('/v1/orgs', `Authorization: Bearer ${token}\r\nTransfer-Encoding: chunked\r\n`), { size, chunk });
    expect(res.status).toBe(413);
    expect(isEnvelope(res.body, 413)).toBe(true);
    expect(res.sentBeforeAnswer).toBeLessThan(size / 4);
    await stillServing();
  });

  it('keeps a keep-alive connection usable after refusing a small body', async () => {
    const refused = await raw(`${serve.url}/v1/orgs`, { method: 'POST', body: '{"title":"x"}' });
    expect(refused.status).toBe(401);
    expect((await raw(`${serve.url}/v1/user`, { token })).status).toBe(200);
  });
});

describe('JSON nested deeper than the limit', () => {
  it('is a 400 naming the body, however deep, before any validation walks it', async () => {
    for (const depth of [1_500, 100_000]) {
      const body = `{"title":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const res = await raw(`${serve.url}/v1/orgs`, { method: 'POST', token, body });
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(res.body.error.message).toMatch(/^body: nested deeper than 100 levels/);
    }
    await stillServing();
  });
});
