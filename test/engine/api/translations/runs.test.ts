import { describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { mainPages, outline } from '../content/fixture.js';
import { publish } from '../search/fixture.js';
import { createTranslation, markdownAt, pollTranslation, runsReached, serverWithTranslator, sourceSpace } from './fixture.js';
import type { TranslatorServer } from './translator-server.js';

let t: TestServer;
let translator: TranslatorServer;
serverWithTranslator((server, translatorServer) => {
  t = server;
  translator = translatorServer;
});

const org = () => ({ organizationId: t.organizationId });

const GUIDE = [
  'Welcome to the **guide**. Read https://example.com/docs first.',
  '',
  '## Install',
  '',
  'Run `npm install folio`, then open [the manual](https://example.com/manual).',
  '',
  '```sh',
  'echo "hello world"',
  '```',
  '',
  '- first item',
  '- second item',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| colour | blue |',
  '',
].join('\n');

/** As the result space's Markdown writes it: list bullets as `*`, table columns padded; the bare address became an autolink. */
const TRANSLATED_GUIDE = [
  'FR:WELCOME TO THE **FR:GUIDE**FR:. READ <https://example.com/docs> FR:FIRST.',
  '',
  '## FR:INSTALL',
  '',
  'FR:RUN `npm install folio`FR:, THEN OPEN [FR:THE MANUAL](https://example.com/manual).',
  '',
  '```sh',
  'echo "hello world"',
  '```',
  '',
  '* FR:FIRST ITEM',
  '* FR:SECOND ITEM',
  '',
  '| FR:NAME   | FR:VALUE |',
  '| --------- | -------- |',
  '| FR:COLOUR | FR:BLUE  |',
  '',
].join('\n');

async function run(translationId: string) {
  ok(await t.owner.client.call('runTranslation', { params: { ...org(), translationId } }));
}

describe('a run translates the source space into a result space', () => {
  it('pending, then running while the translator works, then completed with the result and stats', async () => {
    const { spaceId } = await sourceSpace(t, [
      { title: 'Getting started', markdown: GUIDE },
      { title: 'Details', markdown: 'Some details here.\n', parent: 0 },
    ]);
    const release = translator.hold();
    const created = await createTranslation(t, spaceId);
    expect(created).toMatchObject({ object: 'translation', status: 'pending', language: 'fr', source: { space: spaceId, language: 'en' } });
    expect(created.result).toBeUndefined();
    expect(created.stats).toEqual({ runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 });
    expect(created.instructions).toEqual({ object: 'document', data: {}, nodes: [] });

    const running = await pollTranslation(t, created.id, (translation) => translation.status === 'running');
    expect(running.stats.runs).toBe(1);
    release();
    const done = await pollTranslation(t, created.id);
    expect(done.lastRunError).toBeUndefined();
    expect(done.result).toMatchObject({ space: expect.any(String), revision: expect.any(String), language: 'fr' });
    // Words of each distinct piece sent: the guide's 22, "Some details here." 3, and the two titles 3.
    expect(done.stats).toEqual({ runs: 1, totalWords: 28, totalPages: 2, totalDuration: 0, latestRunDuration: 0, latestPages: 2, latestWords: 28 });

    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId: done.result!.space } }));
    expect(space).toMatchObject({ title: 'Guide (fr)', language: 'fr', revision: done.result!.revision });
    expect(outline(await mainPages(t.owner, space.id))).toBe('FR:GETTING STARTED[FR:DETAILS]');
    expect(await markdownAt(t, space.id, 'getting-started')).toBe(TRANSLATED_GUIDE);
    expect(await markdownAt(t, space.id, 'getting-started/details')).toBe('FR:SOME DETAILS HERE.\n');
  });

  it('sends each page in one batch, never code, inline code or addresses, from the source language to the target', async () => {
    translator.calls.length = 0;
    const { spaceId } = await sourceSpace(t, [{ title: 'Only', markdown: GUIDE }]);
    const created = await createTranslation(t, spaceId, 'de');
    await pollTranslation(t, created.id);
    expect(translator.calls).toHaveLength(1);
    const [call] = translator.calls;
    expect(call).toMatchObject({ protocol: 'libretranslate', source: 'en', target: 'de', body: { format: 'text', api_key: 'test-key' } });
    expect(call!.segments).toEqual([
      'Only', 'Welcome to the', 'guide', '. Read', 'first.', 'Install', 'Run', ', then open', 'the manual',
      'first item', 'second item', 'Name', 'Value', 'colour', 'blue',
    ]);
  });

  it('a second run after source edits translates only the changed, added and removed pages', async () => {
    const { spaceId, pageIds } = await sourceSpace(t, [
      { title: 'One', markdown: 'First page.\n' },
      { title: 'Two', markdown: 'Second page.\n' },
      { title: 'Three', markdown: 'Third page.\n' },
    ]);
    const created = await createTranslation(t, spaceId);
    const first = await pollTranslation(t, created.id);
    const resultSpace = first.result!.space;

    await publish(t, spaceId, [
      { operation: 'update_page', page: pageIds[1]!, document: { markdown: 'Second page, edited.\n' } },
      { operation: 'delete_page', page: pageIds[2]! },
      { operation: 'insert_page', title: 'Four', document: { markdown: 'Fourth page.\n' } },
    ]);
    translator.calls.length = 0;
    await run(created.id);
    const second = await pollTranslation(t, created.id, runsReached(2));
    expect(translator.calls.map((call) => call.segments)).toEqual([['Two', 'Second page, edited.'], ['Four', 'Fourth page.']]);
    // "Two" and "Second page, edited.", "Four" and "Fourth page.": 7 words; the first run's three pages had 9.
    expect(second.stats).toMatchObject({ runs: 2, latestPages: 2, latestWords: 7, totalPages: 3, totalWords: 9 + 7 });
    expect(second.result!.space).toBe(resultSpace);
    expect(second.result!.revision).not.toBe(first.result!.revision);
    expect(outline(await mainPages(t.owner, resultSpace))).toBe('FR:ONE FR:TWO FR:FOUR');
    expect(await markdownAt(t, resultSpace, 'two')).toBe('FR:SECOND PAGE, EDITED.\n');

    translator.calls.length = 0;
    await run(created.id);
    const third = await pollTranslation(t, created.id, runsReached(3));
    expect(translator.calls).toEqual([]);
    expect(third.stats).toMatchObject({ latestPages: 0, latestWords: 0, totalPages: 3 });
    expect(third.result!.revision).toBe(second.result!.revision);
  });

  it('new instructions make the next run translate every page again', async () => {
    const { spaceId } = await sourceSpace(t, [{ title: 'Alpha', markdown: 'Text.\n' }, { title: 'Beta', markdown: 'More text.\n' }]);
    const created = await createTranslation(t, spaceId);
    await pollTranslation(t, created.id);
    const instructions = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Use the formal register.', marks: [] }] }] }] };
    const updated = ok(await t.owner.client.call('updateTranslation', { params: { ...org(), translationId: created.id }, body: { instructions } }));
    expect(updated.instructions).toMatchObject({ object: 'document', nodes: [{ type: 'paragraph' }] });
    await run(created.id);
    const again = await pollTranslation(t, created.id, runsReached(2));
    expect(again.stats.latestPages).toBe(2);
  });

  it('a source page moved under another is moved in the result too, without translating it again', async () => {
    const { spaceId, pageIds } = await sourceSpace(t, [{ title: 'Parent', markdown: 'Top.\n' }, { title: 'Child', markdown: 'Below.\n' }]);
    const created = await createTranslation(t, spaceId);
    const first = await pollTranslation(t, created.id);
    await publish(t, spaceId, [{ operation: 'update_page', page: pageIds[1]!, into: pageIds[0]! }]);
    await run(created.id);
    const second = await pollTranslation(t, created.id, runsReached(2));
    expect(second.stats.latestPages).toBe(0);
    expect(outline(await mainPages(t.owner, first.result!.space))).toBe('FR:PARENT[FR:CHILD]');
  });

  it("a page's segments go in calls of at most 50: its title and 49 items are one call, one item more makes two", async () => {
    const items = (count: number) => Array.from({ length: count }, (_, i) => `- item number ${i}`).join('\n');
    const { spaceId } = await sourceSpace(t, [{ title: 'Fifty', markdown: `${items(49)}\n` }, { title: 'Fifty-one', markdown: `${items(50)}\n` }]);
    translator.calls.length = 0;
    await pollTranslation(t, (await createTranslation(t, spaceId)).id);
    expect(translator.calls.map((call) => call.segments.length)).toEqual([50, 50, 1]);
  });

  it('a run asked for during a run leaves it running, and runs after it', async () => {
    const { spaceId, pageIds } = await sourceSpace(t, [{ title: 'Busy', markdown: 'Working.\n' }]);
    const release = translator.hold();
    const created = await createTranslation(t, spaceId);
    await pollTranslation(t, created.id, (translation) => translation.status === 'running');
    await publish(t, spaceId, [{ operation: 'update_page', page: pageIds[0]!, document: { markdown: 'Working harder.\n' } }]);
    await run(created.id);
    const asked = ok(await t.owner.client.call('getTranslation', { params: { ...org(), translationId: created.id } }));
    expect(asked).toMatchObject({ status: 'running', stats: { runs: 1 } });
    release();
    const done = await pollTranslation(t, created.id, runsReached(2));
    expect(done.stats).toMatchObject({ runs: 2, latestPages: 1 });
    expect(await markdownAt(t, done.result!.space, 'busy')).toBe('FR:WORKING HARDER.\n');
  });

  it("the source's files are copied, so that a file block of a translated page still opens its file", async () => {
    const space = await newSpace(t.owner, t.organizationId, { title: 'With files' });
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'A file' } }));
    const params = { spaceId: space.id, changeRequestId: cr.id };
    const uploaded = ok(await t.owner.client.call('updateChangeRequestContent', {
      params, query: { compat: 'false' }, body: { changes: [{ operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: 'aGk=' }] }] },
    }));
    if (!('insertedFiles' in uploaded)) throw new Error('expected the detailed answer');
    const fileId = uploaded.insertedFiles[0]!.id;
    const markdown = `{% file src="${fileId}" %}Meeting notes{% endfile %}\n`;
    ok(await t.owner.client.call('updateChangeRequestContent', { params, body: { changes: [{ operation: 'insert_page', title: 'Files', document: { markdown } }] } }));
    ok(await t.owner.client.call('mergeChangeRequest', { params }));

    const done = await pollTranslation(t, (await createTranslation(t, space.id)).id);
    expect(await markdownAt(t, done.result!.space, 'files')).toBe(`{% file src="${fileId}" %}FR:MEETING NOTES{% endfile %}\n`);
    const file = ok(await t.owner.client.call('getFileById', { params: { spaceId: done.result!.space, fileId } }));
    const bytes = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(await bytes.text()).toBe('hi');
  });
});
