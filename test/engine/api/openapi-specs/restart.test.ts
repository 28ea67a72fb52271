import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { json, openapi31 } from './fixtures.js';
import { Gate, pollSpec, SpecServer } from './spec-server.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let t: TestServer;
let specs: SpecServer;
beforeAll(async () => {
  t = await TestServer.start();
  specs = await SpecServer.start();
});
afterAll(async () => {
  await specs.stop();
  rmSync(t.dataDir, { recursive: true, force: true });
});

it('closing the engine stops processing; the next start takes the unfinished spec up again', async () => {
  const gate = new Gate({ body: json(openapi31) });
  specs.routes.set('/interrupted.json', { gate });
  ok(await t.owner.client.call('createOpenAPISpec', { params: { organizationId: t.organizationId }, body: { slug: 'interrupted', source: { url: specs.url('/interrupted.json') } } }));
  await pollSpec(t, 'interrupted', (spec) => spec.processingState === 'progress');
  await t.server.close();
  t.engine.close();
  gate.release();

  const restarted = new Engine({ dataDir: t.dataDir, clock: t.clock, observeAnswers: referenceAnswers.observe });
  try {
    await restarted.openapi.whenIdle();
    const path = `/v1/orgs/${t.organizationId}/openapi/interrupted`;
    const res = await restarted.request({ method: 'GET', path, headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(res.body).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
  } finally {
    restarted.close();
  }
});
