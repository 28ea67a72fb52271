import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/server.js';
import { TestServer as Server } from '../../../support/server.js';
import { ok } from '../../../support/content.js';
import { mainPages, outline } from '../content/fixture.js';
import { publish } from '../search/fixture.js';
import { createTranslation, markdownAt, pollTranslation, runsReached, serverWithTranslator, sourceSpace } from './fixture.js';
import type { Mode, TranslatorServer } from './translator-server.js';

let t: TestServer;
let translator: TranslatorServer;
// The hanging mode waits out the timeout: short, yet a loopback answer under load still fits in it.
serverWithTranslator(
  (server, translatorServer) => {
    t = server;
    translator = translatorServer;
  },
  'libretranslate',
  1500,
);

const org = () => ({ organizationId: t.organizationId });
async function run(server: TestServer, translationId: string) {
  ok(await server.owner.client.call('runTranslation', { params: { organizationId: server.organizationId, translationId } }));
}

describe('a failed run says why, and loses nothing', () => {
  it.each<[Mode, string, RegExp]>([
    ['down', 'TRANSLATOR_UNAVAILABLE', /^Page "Two": LibreTranslate at http:\/\/127\.0\.0\.1:\d+ answered 503: service unavailable$/],
    ['hang', 'TRANSLATOR_UNAVAILABLE', /LibreTranslate at .* did not answer within 1500 ms$/],
    ['refuse', 'TRANSLATOR_ERROR', /refused the request with 400: \{"error":"bad language"\}$/],
    ['short', 'TRANSLATOR_ERROR', /answered without one translatedText per segment \(2 asked\)$/],
  ])('%s: %s; the result space keeps its content, the next run translates the page', async (mode, code, message) => {
    const { spaceId, pageIds } = await sourceSpace(t, [{ title: 'One', markdown: 'First.\n' }, { title: 'Two', markdown: 'Second.\n' }]);
    const created = await createTranslation(t, spaceId);
    const first = await pollTranslation(t, created.id);
    await publish(t, spaceId, [{ operation: 'update_page', page: pageIds[1]!, document: { markdown: 'Second, edited.\n' } }]);

    translator.mode = mode;
    await run(t, created.id);
    const failed = await pollTranslation(t, created.id, runsReached(2));
    translator.mode = 'translate';
    expect(failed.lastRunError).toEqual({ code, message: expect.stringMatching(message) });
    expect(failed.result).toEqual(first.result);
    expect(failed.stats).toMatchObject({ runs: 2, latestPages: 0, latestWords: 0, totalPages: 2, totalWords: first.stats.totalWords });
    expect(await markdownAt(t, first.result!.space, 'two')).toBe('FR:SECOND.\n');

    await run(t, created.id);
    const recovered = await pollTranslation(t, created.id, runsReached(3));
    expect(recovered.lastRunError).toBeUndefined();
    expect(recovered.stats.latestPages).toBe(1);
    expect(await markdownAt(t, first.result!.space, 'two')).toBe('FR:SECOND, EDITED.\n');
  });

  it('a first run that fails creates no result space', async () => {
    const spaces = ok(await t.owner.client.call('listSpacesInOrganizationById', { params: org() })).count;
    const { spaceId } = await sourceSpace(t, [{ title: 'One', markdown: 'First.\n' }]);
    translator.mode = 'down';
    const created = await createTranslation(t, spaceId);
    const failed = await pollTranslation(t, created.id);
    translator.mode = 'translate';
    expect(failed.lastRunError?.code).toBe('TRANSLATOR_UNAVAILABLE');
    expect(failed.result).toBeUndefined();
    expect(ok(await t.owner.client.call('listSpacesInOrganizationById', { params: org() })).count).toBe(spaces + 1);
  });

  it('a source space sent to the trash: SOURCE_UNAVAILABLE', async () => {
    const { spaceId } = await sourceSpace(t, [{ title: 'One', markdown: 'First.\n' }]);
    const created = await createTranslation(t, spaceId);
    await pollTranslation(t, created.id);
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId } }));
    await run(t, created.id);
    const failed = await pollTranslation(t, created.id, runsReached(2));
    expect(failed.lastRunError).toEqual({ code: 'SOURCE_UNAVAILABLE', message: `The source space ${spaceId} no longer exists or is in the trash` });
  });

  it('a result space sent to the trash: the next run writes a new one, whole', async () => {
    const { spaceId } = await sourceSpace(t, [{ title: 'One', markdown: 'First.\n' }, { title: 'Two', markdown: 'Second.\n' }]);
    const created = await createTranslation(t, spaceId);
    const first = await pollTranslation(t, created.id);
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: first.result!.space } }));
    await run(t, created.id);
    const second = await pollTranslation(t, created.id, runsReached(2));
    expect(second.result!.space).not.toBe(first.result!.space);
    expect(second.stats).toMatchObject({ latestPages: 2, totalPages: 2 });
    expect(outline(await mainPages(t.owner, second.result!.space))).toBe('FR:ONE FR:TWO');
  });
});

describe('servers whose translator is missing or unreachable', () => {
  let bare: TestServer;
  let refused: TestServer;
  beforeAll(async () => {
    bare = await Server.start();
    refused = await Server.start({ translator: { kind: 'libretranslate', url: `http://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(async () => {
    await bare.stop();
    await refused.stop();
  });

  it('no translator: the run ends with NO_TRANSLATOR and says how to configure one, writing nothing', async () => {
    const { spaceId } = await sourceSpace(bare, [{ title: 'One', markdown: 'First.\n' }]);
    const created = await createTranslation(bare, spaceId);
    const done = await pollTranslation(bare, created.id);
    expect(done.status).toBe('completed');
    expect(done.result).toBeUndefined();
    expect(done.stats).toMatchObject({ runs: 1, totalPages: 0, totalWords: 0 });
    expect(done.lastRunError!.code).toBe('NO_TRANSLATOR');
    expect(done.lastRunError!.message).toMatch(/--translator libretranslate --translator-url/);
  });

  it('connection refused: TRANSLATOR_UNAVAILABLE naming the cause', async () => {
    const { spaceId } = await sourceSpace(refused, [{ title: 'One', markdown: 'First.\n' }]);
    const created = await createTranslation(refused, spaceId);
    const done = await pollTranslation(refused, created.id);
    expect(done.lastRunError).toEqual({ code: 'TRANSLATOR_UNAVAILABLE', message: expect.stringMatching(/cannot be reached: ECONNREFUSED$/) });
    await run(refused, created.id);
    expect((await pollTranslation(refused, created.id, runsReached(2))).result).toBeUndefined();
  });
});

/** A loopback port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
