import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { TestServer } from '../../../support/server.js';
import { createTranslation, pollTranslation, sourceSpace, translatorOptions } from './fixture.js';
import { TranslatorServer } from './translator-server.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let t: TestServer;
let translator: TranslatorServer;
beforeAll(async () => {
  translator = await TranslatorServer.start();
  t = await TestServer.start(translatorOptions(translator));
});
afterAll(async () => {
  await translator.stop();
  rmSync(t.dataDir, { recursive: true, force: true });
});

it('closing the engine during a run writes nothing; the next start runs the translation again', async () => {
  const { spaceId } = await sourceSpace(t, [{ title: 'Interrupted', markdown: 'Halfway.\n' }]);
  const release = translator.hold();
  const created = await createTranslation(t, spaceId);
  await pollTranslation(t, created.id, (translation) => translation.status === 'running');
  await t.server.close();
  t.engine.close();
  release();

  const restarted = new Engine({ dataDir: t.dataDir, clock: t.clock, ...translatorOptions(translator), observeAnswers: referenceAnswers.observe });
  try {
    await restarted.translations.whenIdle();
    const path = `/v1/orgs/${t.organizationId}/translations/${created.id}`;
    const res = await restarted.request({ method: 'GET', path, headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(res.body).toMatchObject({ status: 'completed', stats: { runs: 2, latestPages: 1, totalPages: 1 }, result: { space: expect.any(String) } });
    expect(res.body).not.toHaveProperty('lastRunError');
  } finally {
    restarted.close();
  }
});
