import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src-shared/client/client.js';
import { ok } from '../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, openChangeRequest, rewrite } from './change-requests.js';
import { SyncedSpace, eventually, type Replica } from './nodes.js';

/**
 * Random concurrent edits of one page's paragraphs: a writer's change request on replica `a`
 * (offline while it writes), and main changed meanwhile on replica `b`. Wherever the merge is made
 * (the hub, `a` or `b`), a paragraph both changed is a conflict that changes nothing, and
 * otherwise main ends with each paragraph as one side wrote it: never text neither side wrote.
 * The change request reads exactly as its writer wrote it on every engine.
 */
const PARAGRAPHS = 3;
const paragraphs = (texts: readonly string[]) => texts.map((text) => `${text}\n`).join('\n');

/** Which paragraphs a side rewrites, and with what words. */
const edits = (side: string) =>
  fc.uniqueArray(fc.record({ index: fc.integer({ min: 0, max: PARAGRAPHS - 1 }), word: fc.stringMatching(/^[a-z]{3,8}$/) }), {
    selector: (edit) => edit.index,
    maxLength: PARAGRAPHS,
  }).map((list) => new Map(list.map(({ index, word }) => [index, `${side} ${word}.`])));

const scenario = fc.record({
  writer: edits('Writer').filter((map) => map.size > 0),
  main: edits('Main'),
  mergeOn: fc.integer({ min: 0, max: 2 }),
});

describe('merging a change request written while main moved elsewhere', () => {
  let synced: SyncedSpace;
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    synced = await SyncedSpace.start();
    [a, b] = [await synced.replica(), await synced.replica()];
  });
  afterAll(() => synced.stop());

  it('sees every conflict on the hub and on both replicas, and otherwise main holds only what one side wrote', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ writer, main, mergeOn }) => {
        const { spaceId } = synced;
        const hubClient = synced.hub.owner.client;
        const engines: ApiClient[] = [hubClient, a.client, b.client];
        const base = Array.from({ length: PARAGRAPHS }, (_, index) => `Base ${index}.`);
        const pageId = await mainPage(hubClient, spaceId, paragraphs(base));
        for (const client of [a.client, b.client]) await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(base)));

        a.engine.sync.stop();
        const writerText = base.map((text, index) => writer.get(index) ?? text);
        const changeRequest = await openChangeRequest(a.client, spaceId, 'Writer');
        await rewrite(a.client, changeRequest, pageId, paragraphs(writerText));
        const mainText = base.map((text, index) => main.get(index) ?? text);
        if (main.size > 0) {
          const other = await openChangeRequest(b.client, spaceId, 'Main');
          await rewrite(b.client, other, pageId, paragraphs(mainText));
          expect(ok(await b.client.call('mergeChangeRequest', { params: other })).result).toBe('merge');
        }
        a.engine.sync.start();

        for (const client of engines) {
          await eventually(async () => {
            expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(mainText));
            expect(await crMarkdown(client, changeRequest, pageId)).toBe(paragraphs(writerText));
          });
        }

        if ([...writer.keys()].some((index) => main.has(index))) {
          for (const client of engines) {
            expect(ok(await client.call('mergeChangeRequest', { params: changeRequest })).result).toBe('conflicts');
            expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(mainText));
          }
          return;
        }
        expect(ok(await engines[mergeOn]!.call('mergeChangeRequest', { params: changeRequest })).result).toBe('merge');
        const merged = base.map((text, index) => writer.get(index) ?? main.get(index) ?? text);
        for (const client of engines) await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(merged)));
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
