import { afterAll, beforeAll, expect } from 'vitest';
import type { ApiResult } from '../../../../src-shared/client/client.js';
import type { EngineOptions } from '../../../../src-main/engine/app/engine.js';
import type { TranslatorKind } from '../../../../src-main/engine/services/translation/settings.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { writeMain, type MainPage } from '../search/fixture.js';
import { TranslatorServer } from './translator-server.js';

export type Translation = Extract<ApiResult<'getTranslation'>, { ok: true }>['data'];

/** Polls the translation through the API until `done` holds (at most 10 s: the translator is on loopback). */
export async function pollTranslation(
  t: TestServer,
  translationId: string,
  done: (translation: Translation) => boolean = (translation) => translation.status === 'completed',
): Promise<Translation> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const res = await t.owner.client.call('getTranslation', { params: { organizationId: t.organizationId, translationId } });
    if (!res.ok) throw new Error(`cannot read translation ${translationId}: ${res.status}`);
    if (done(res.data)) return res.data;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return expect.fail(`translation ${translationId} did not reach the expected state`);
}

/** A translation whose `runs`-th run has ended. */
export const runsReached = (runs: number) => (translation: Translation) => translation.stats.runs === runs && translation.status === 'completed';

/**
 * The engine settings that point at `translator` with `kind`'s protocol. The timeout is long enough
 * for a loopback answer at a load of 15 on two cores (300 ms was not); the file of the hanging mode
 * gives a short one of its own.
 */
export function translatorOptions(translator: TranslatorServer, kind: TranslatorKind = 'libretranslate', timeoutMs = 10_000): Partial<EngineOptions> {
  return { translator: { kind, url: translator.url, key: 'test-key', model: 'test-model', timeoutMs } };
}

/** A Folio server using a translation server of the file's own, both stopped after the file's tests. */
export function serverWithTranslator(ready: (t: TestServer, translator: TranslatorServer) => void, kind: TranslatorKind = 'libretranslate', timeoutMs?: number): void {
  let t: TestServer;
  let translator: TranslatorServer;
  beforeAll(async () => {
    translator = await TranslatorServer.start();
    t = await TestServer.start(translatorOptions(translator, kind, timeoutMs));
    ready(t, translator);
  });
  afterAll(async () => {
    await t.stop();
    await translator.stop();
  });
}

/** A space of the owner's whose main content holds `pages`; answers its id and the page ids. */
export async function sourceSpace(t: TestServer, pages: readonly MainPage[], title = 'Guide') {
  const space = await newSpace(t.owner, t.organizationId, { title });
  const pageIds = await writeMain(t, space.id, pages);
  return { spaceId: space.id, pageIds };
}

export async function createTranslation(t: TestServer, spaceId: string, language: 'fr' | 'de' = 'fr') {
  return ok(await t.owner.client.call('createTranslation', {
    params: { organizationId: t.organizationId },
    body: { language, source: { space: spaceId, language: 'en' } },
  }));
}

/** A page of a space's main content as Markdown, found by its path. */
export async function markdownAt(t: TestServer, spaceId: string, pagePath: string): Promise<string> {
  const page = ok(await t.owner.client.call('getPageByPath', { params: { spaceId, pagePath }, query: { format: 'markdown' } }));
  if (!('markdown' in page) || page.markdown === undefined) throw new Error(`no markdown for ${pagePath}`);
  return page.markdown;
}
