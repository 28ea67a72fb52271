import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, openChangeRequest, reviewedPages, rewrite, rowOnlyThenOffline } from './change-requests.js';
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
const base = Array.from({ length: PARAGRAPHS }, (_, index) => `Base ${index}.`);

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

const baseOf = (engine: Engine, docId: string) => Buffer.from(engine.docs.forkBase(docId)?.baseUpdate ?? []).toString('base64');

/**
 * Two writers of one change request, each on its own copy of main: `a` copies main before main's
 * change (offline), `b` after it (it heard of the change request, not of `a`'s docs, and went
 * offline). Every engine ends with `a`'s earlier copy as the base and the same content, and a merge
 * made anywhere judges against it: a paragraph main changed and either writer changed is a conflict
 * that changes nothing; otherwise main ends with each paragraph as one side wrote it. Main may
 * change paragraphs again before the merge (`mainAgain`): one no writer touched is main's alone,
 * though `b`'s copy holds main's first change of it.
 */
const twoWriters = fc
  .record({ writers: edits('Writer'), main: edits('Main').filter((map) => map.size > 0), mainAgain: edits('Again'), mergeOn: fc.integer({ min: 0, max: 2 }), aFirst: fc.boolean() })
  .chain(({ writers, ...rest }) =>
    // Each paragraph a writer changed goes to one of the two; `a` has at least one.
    fc.array(fc.boolean(), { minLength: writers.size, maxLength: writers.size }).map((toA) => {
      const entries = [...writers];
      const a = new Map(entries.filter((_, index) => toA[index]).map(([index, word]) => [index, word.replace('Writer', 'A')]));
      const b = new Map(entries.filter((_, index) => !toA[index]).map(([index, word]) => [index, word.replace('Writer', 'B')]));
      return { ...rest, a, b };
    }),
  )
  .filter(({ a }) => a.size > 0);

describe('merging a change request written while main moved elsewhere', () => {
  let synced: SyncedSpace;
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    synced = await SyncedSpace.start();
    [a, b] = [await synced.replica(), await synced.replica()];
  });
  afterAll(() => synced.stop());

  /** A page of main with the base paragraphs, on the hub and both replicas. */
  async function pageEverywhere(): Promise<string> {
    const pageId = await mainPage(synced.hub.owner.client, synced.spaceId, paragraphs(base));
    for (const client of [a.client, b.client]) await eventually(async () => expect(await mainMarkdown(client, synced.spaceId, pageId)).toBe(paragraphs(base)));
    return pageId;
  }

  it('sees every conflict on the hub and on both replicas, and otherwise main holds only what one side wrote', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ writer, main, mergeOn }) => {
        const { spaceId } = synced;
        const hubClient = synced.hub.owner.client;
        const engines: ApiClient[] = [hubClient, a.client, b.client];
        const pageId = await pageEverywhere();

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

  it('ends with one base everywhere, and a merge anywhere sees every conflict with main and lands only what one side wrote', async () => {
    await fc.assert(
      fc.asyncProperty(twoWriters, async ({ a: aEdits, b: bEdits, main, mainAgain, mergeOn, aFirst }) => {
        const { spaceId } = synced;
        const hubClient = synced.hub.owner.client;
        const engines: ApiClient[] = [hubClient, a.client, b.client];
        const pageId = await pageEverywhere();

        a.engine.sync.stop();
        const changeRequest = await openChangeRequest(a.client, spaceId, 'Writers');
        await rewrite(a.client, changeRequest, pageId, paragraphs(base.map((text, index) => aEdits.get(index) ?? text)));
        const docId = pageDoc(spaceId, changeRequestBranch(changeRequest.changeRequestId), pageId);
        const aCopy = baseOf(a.engine, docId);
        const mainText = base.map((text, index) => main.get(index) ?? text);
        const other = await openChangeRequest(hubClient, spaceId, 'Main');
        await rewrite(hubClient, other, pageId, paragraphs(mainText));
        expect(ok(await hubClient.call('mergeChangeRequest', { params: other })).result).toBe('merge');
        await eventually(async () => expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(paragraphs(mainText)));

        // `b` writes on its copy of main as it is now.
        await rowOnlyThenOffline(a, b, changeRequest);
        if (bEdits.size > 0) await rewrite(b.client, changeRequest, pageId, paragraphs(mainText.map((text, index) => bEdits.get(index) ?? text)));
        for (const replica of aFirst ? [a, b] : [b, a]) replica.engine.sync.start();

        await eventually(async () => {
          for (const engine of [synced.hub.engine, a.engine, b.engine]) expect(baseOf(engine, docId)).toBe(aCopy);
          const texts = await Promise.all(engines.map((client) => crMarkdown(client, changeRequest, pageId)));
          expect(new Set(texts).size).toBe(1);
          // Where main changed a paragraph a writer rewrote too, the two mix (docs/sync.md, "Not yet"); elsewhere each writer's text is there.
          for (const [index, word] of [...aEdits, ...bEdits]) if (!main.has(index)) expect(texts[0]).toContain(word);
          for (const client of engines) expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(mainText));
        });

        // A reviewer sees the writers' changes alone: a paragraph neither touched reads in the diff's base as the change request has it.
        const head = (await crMarkdown(hubClient, changeRequest, pageId))!.trim().split('\n\n');
        const before = paragraphs(base.map((text, index) => (aEdits.has(index) || bEdits.has(index) ? text : head[index]!)));
        for (const client of engines) expect((await reviewedPages(client, changeRequest)).map((page) => page.before)).toEqual([before]);

        const mainLast = mainText.map((text, index) => mainAgain.get(index) ?? text);
        if (mainAgain.size > 0) {
          const again = await openChangeRequest(hubClient, spaceId, 'Main again');
          await rewrite(hubClient, again, pageId, paragraphs(mainLast));
          expect(ok(await hubClient.call('mergeChangeRequest', { params: again })).result).toBe('merge');
          for (const client of engines) await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(mainLast)));
        }
        if ([...aEdits.keys(), ...bEdits.keys()].some((index) => main.has(index) || mainAgain.has(index))) {
          for (const client of engines) {
            expect(ok(await client.call('mergeChangeRequest', { params: changeRequest })).result).toBe('conflicts');
            expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(mainLast));
          }
          return;
        }
        expect(ok(await engines[mergeOn]!.call('mergeChangeRequest', { params: changeRequest })).result).toBe('merge');
        const merged = base.map((text, index) => aEdits.get(index) ?? bEdits.get(index) ?? mainAgain.get(index) ?? main.get(index) ?? text);
        for (const client of engines) await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs(merged)));
      }),
      {
        numRuns: 6,
        // Main rewrote paragraph 1 between the copies (`b`'s holds it) and again after: no writer's.
        examples: [[{ a: new Map([[0, 'A one.']]), b: new Map([[2, 'B two.']]), main: new Map([[1, 'Main one.']]), mainAgain: new Map([[1, 'Again one.']]), mergeOn: 1, aFirst: true }]],
      },
    );
  }, 180_000);
});
