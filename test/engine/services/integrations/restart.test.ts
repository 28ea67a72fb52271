import { rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { install, publish } from '../../api/integrations/fixtures.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let t: TestServer;
/** The tunnel holds its first request until told, and answers later ones at once. */
const held: ServerResponse[] = [];
const tunnel = createServer((_request, response) => {
  if (held.length === 0) held.push(response);
  else response.end('ok');
});

beforeAll(async () => {
  t = await TestServer.start();
  await new Promise<void>((resolve) => tunnel.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  tunnel.close();
  rmSync(t.dataDir, { recursive: true, force: true });
});

it('closing the engine stops a running event unrecorded; the next start runs it again', async () => {
  await publish(t, 'interrupted');
  const port = (tunnel.address() as AddressInfo).port;
  ok(await t.owner.client.call('setIntegrationDevelopmentMode', { params: { integrationName: 'interrupted' }, body: { tunnelUrl: `http://127.0.0.1:${port}/` } }));
  await install(t, 'interrupted');
  while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await t.server.close();
  t.engine.close();
  held[0]!.end('too late');

  const restarted = new Engine({ dataDir: t.dataDir, clock: t.clock, observeAnswers: referenceAnswers.observe });
  try {
    await restarted.integrations.whenIdle();
    const res = await restarted.request({ method: 'GET', path: '/v1/integrations/interrupted/events', headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(res.body).toMatchObject({ count: 1, items: [{ status: 'success', payload: { type: 'installation_setup' } }] });
  } finally {
    restarted.close();
  }
});
