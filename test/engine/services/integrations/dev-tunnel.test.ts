import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, otherOrganization } from '../../../support/content.js';
import { raw, TestServer, type TestUser } from '../../../support/server.js';
import { install, lastTrace, publish, settledEvents } from '../../api/integrations/fixtures.js';

/** A developer's tunnel on loopback: records what it is sent, answers `status`. */
class Tunnel {
  readonly received: { method: string; path: string; body: unknown }[] = [];
  status = 200;
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.received.push({ method: request.method!, path: request.url!, body: body ? JSON.parse(body) : undefined });
        response.writeHead(this.status, { 'content-type': 'application/json' }).end(JSON.stringify({ answer: 'from the tunnel' }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestServer;
const tunnel = new Tunnel();
beforeAll(async () => {
  t = await TestServer.start({ integrations: { timeMs: 3000 } });
  await tunnel.start();
});
afterAll(async () => {
  await tunnel.stop();
  await t.stop();
});

const call = (name: string) => ({ params: { integrationName: name } });
const setDev = (name: string, body: { tunnelUrl: string; all?: boolean }, user: TestUser = t.owner) =>
  user.client.call('setIntegrationDevelopmentMode', { ...call(name), body });

describe('development mode', () => {
  it("sends the owner's events to the tunnel instead of running the script (204, then 205 to stop)", async () => {
    await publish(t, 'in-dev', { script: "addEventListener('installation_setup', () => console.log('script ran'));" });
    expect((await setDev('in-dev', { tunnelUrl: `${tunnel.url}/events` })).status).toBe(204);
    const installation = await install(t, 'in-dev');
    const { event, trace } = await lastTrace(t, 'in-dev');
    expect(event.status).toBe('success');
    const delivered = tunnel.received.at(-1)!;
    expect(delivered).toMatchObject({ method: 'POST', path: '/events', body: { type: 'installation_setup', installationId: installation.id } });
    expect(trace.logs.map((log) => log.message)).toEqual([`Development tunnel ${tunnel.url}/events answered 200: {"answer":"from the tunnel"}`]);

    const stopped = await raw(`${t.url}/v1/integrations/in-dev/dev`, { method: 'DELETE', token: t.owner.token });
    expect(stopped.status).toBe(205);
    await install(t, 'in-dev');
    const { trace: scriptTrace } = await lastTrace(t, 'in-dev');
    expect(scriptTrace.logs.map((log) => log.message)).toEqual(['script ran']);
  });

  it("runs the script for other organizations' events unless `all` is set", async () => {
    const admin = t.user();
    const elsewhere = otherOrganization(t, [[admin, 'admin']]);
    await publish(t, 'partly-dev', { script: "addEventListener('installation_setup', () => console.log('script ran'));" });
    ok204(await setDev('partly-dev', { tunnelUrl: tunnel.url }));
    await install(t, 'partly-dev', elsewhere, admin);
    expect((await lastTrace(t, 'partly-dev')).trace.logs.map((log) => log.message)).toEqual(['script ran']);
    const before = tunnel.received.length;
    ok204(await setDev('partly-dev', { tunnelUrl: tunnel.url, all: true }));
    await install(t, 'partly-dev', elsewhere, admin);
    await settledEvents(t, 'partly-dev');
    expect(tunnel.received.length).toBe(before + 1);
  });

  it('fails the event when the tunnel answers an error or cannot be reached', async () => {
    await publish(t, 'broken-tunnel');
    ok204(await setDev('broken-tunnel', { tunnelUrl: tunnel.url }));
    tunnel.status = 500;
    await install(t, 'broken-tunnel');
    await t.engine.integrations.whenIdle();
    tunnel.status = 200;
    const answered = await lastTrace(t, 'broken-tunnel');
    expect(answered.event.status).toBe('failed');
    expect(answered.trace.logs[0]).toMatchObject({ level: 'error', message: expect.stringMatching(/answered 500/) });
    ok204(await setDev('broken-tunnel', { tunnelUrl: 'http://127.0.0.1:9/' }));
    await install(t, 'broken-tunnel');
    const unreachable = await lastTrace(t, 'broken-tunnel');
    expect(unreachable.event.status).toBe('failed');
    expect(unreachable.trace.logs[0]!.message).toMatch(/could not be reached/);
  });

  it('refuses a tunnel off this machine or not http (400 naming body.tunnelUrl), and 404s an unknown integration', async () => {
    await publish(t, 'picky');
    expectFailure(await setDev('picky', { tunnelUrl: 'https://tunnel.example.com/' }), 400, /^body\.tunnelUrl: tunnel\.example\.com is not a loopback address/);
    expectFailure(await setDev('picky', { tunnelUrl: 'ftp://127.0.0.1/' }), 400, /^body\.tunnelUrl/);
    expectFailure(await setDev('picky', { tunnelUrl: `http://127.0.0.1/${'x'.repeat(240)}` }), 400, /^body\.tunnelUrl/);
    expectFailure(await setDev('nobody-published-this', { tunnelUrl: tunnel.url }), 404);
  });

  it("is for the owner's administrators only (403)", async () => {
    await publish(t, 'guarded');
    const editor = t.user('create');
    expectFailure(await setDev('guarded', { tunnelUrl: tunnel.url }, editor), 403);
    expectFailure(await editor.client.call('disableIntegrationDevelopmentMode', call('guarded')), 403);
  });
});

describe("a script's network", () => {
  it('reaches its development tunnel, and this engine when it has scopes, with a token kept among its secrets', async () => {
    const script = `addEventListener('installation_setup', async (event, { environment }) => {
      const tunnel = await fetch('${tunnel.url}/data', { method: 'POST', body: JSON.stringify({ from: 'script' }) });
      console.log('tunnel', tunnel.status, (await tunnel.json()).answer);
      const me = await fetch('${t.url}/v1/user', { headers: { authorization: 'Bearer ' + environment.secrets.FOLIO_TOKEN } });
      console.log('engine', me.status, (await me.json()).id);
    });`;
    await publish(t, 'networked', { script, secrets: { FOLIO_TOKEN: t.owner.token } });
    ok204(await setDev('networked', { tunnelUrl: `${tunnel.url}/events`, all: false }));
    const admin = t.user();
    const elsewhere = otherOrganization(t, [[admin, 'admin']]);
    await install(t, 'networked', elsewhere, admin);
    const { event, trace } = await lastTrace(t, 'networked');
    expect(trace.logs.map((log) => log.message)).toEqual(['tunnel 200 from the tunnel', `engine 200 ${t.owner.id}`]);
    expect(event.status).toBe('success');
    expect(tunnel.received.at(-1)).toMatchObject({ path: '/data', body: { from: 'script' } });
  });

  it('cannot reach this engine without scopes', async () => {
    const script = `addEventListener('installation_setup', async () => { await fetch('${t.url}/v1/user'); });`;
    await publish(t, 'no-scopes', { script, scopes: [] });
    await install(t, 'no-scopes');
    const { event, trace } = await lastTrace(t, 'no-scopes');
    expect(event.status).toBe('failed');
    expect(trace.logs.at(-1)!.message).toMatch(/fetch refused/);
  });
});

function ok204(result: { status: number }): void {
  expect(result.status).toBe(204);
}
