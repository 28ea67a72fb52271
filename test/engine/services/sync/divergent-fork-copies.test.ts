import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../support/content.js';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { type ChangeRequestParams, crMarkdown, mainMarkdown, mainPage, openChangeRequest, reviewedPages, rewrite, rowOnlyThenOffline } from './change-requests.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

/**
 * Two engines write one change request's page for the first time, each on its own copy of main,
 * before either hears of the other's: `a` copied main before its second paragraph changed, `b`
 * after (docs/sync.md, "Fork bases"). Every engine must end with one base, the earlier copy, so
 * that a merge anywhere sees main's change since `a`'s copy as a conflict with `a`'s rewrite of
 * that paragraph instead of landing the mix of both that the change request holds.
 */
const current = syncedSpaceEachTest();

const paragraphs = (...texts: string[]) => texts.map((text) => `${text}\n`).join('\n');
const BASE = paragraphs('Base zero.', 'Base one.');
const MAIN = paragraphs('Base zero.', 'Main one.');

/** What main becomes between the two copies, and what `a` (on the earlier copy) and `b` (on the later) write. */
interface Story {
  main: string;
  a: string;
  b: string;
}

/** `a` and main rewrite the same paragraph: a conflict wherever the change request is merged. */
const SAME_PARAGRAPH: Story = { main: MAIN, a: paragraphs('Base zero.', 'A one.'), b: paragraphs('Base zero.', 'Main one.', 'B two.') };

const baseOf = (engine: Engine, docId: string) => Buffer.from(engine.docs.forkBase(docId)?.baseUpdate ?? []).toString('base64');

/**
 * `a` (offline) writes the change request on main's copy before main's change, `b` on one after;
 * with `story.c`, a third writer `c` gets the change request's row but not main's change and
 * writes on the earlier copy, as `a` did. All writers are offline at the end.
 */
async function writtenApart(story: Story & { c?: string }) {
  const { hub, spaceId } = current();
  const { client } = hub.owner;
  const pageId = await mainPage(client, spaceId, BASE);
  const [a, b, c] = [await current().replica(), await current().replica(), story.c === undefined ? undefined : await current().replica()];
  for (const replica of [a, b, c]) if (replica) await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(BASE));
  a.engine.sync.stop();
  c?.engine.sync.stop();
  const shared = await openChangeRequest(a.client, spaceId, 'Shared');
  await rewrite(a.client, shared, pageId, story.a);
  const other = await openChangeRequest(client, spaceId, 'Main');
  await rewrite(client, other, pageId, story.main);
  ok(await client.call('mergeChangeRequest', { params: other }));
  await eventually(async () => expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(story.main));
  await rowOnlyThenOffline(a, b, shared);
  await rewrite(b.client, shared, pageId, story.b);
  if (c) {
    c.holdDocs = true;
    c.engine.sync.start();
    await eventually(async () => ok(await c.client.call('getChangeRequestById', { params: shared })));
    c.engine.sync.stop();
    c.holdDocs = false;
    expect(await mainMarkdown(c.client, spaceId, pageId)).toBe(BASE);
    await rewrite(c.client, shared, pageId, story.c!);
  }
  return { client, spaceId, pageId, a, b, c: c!, shared };
}

/** `a` and `b` write the change request on copies of main before and after main's change; `first` reconnects first. */
async function writtenOnTwoCopies(first: 'a' | 'b', story: Story = SAME_PARAGRAPH) {
  const { client, spaceId, pageId, a, b, shared } = await writtenApart(story);
  const docId = pageDoc(spaceId, changeRequestBranch(shared.changeRequestId), pageId);
  const aCopy = baseOf(a.engine, docId);
  expect(baseOf(b.engine, docId)).not.toBe(aCopy);

  const [early, late] = first === 'a' ? [a, b] : [b, a];
  early.engine.sync.start();
  await eventually(async () => expect(await crMarkdown(client, shared, pageId)).toBe(first === 'a' ? story.a : story.b));
  late.engine.sync.start();
  const engines = [current().hub.engine, a.engine, b.engine];
  await eventually(async () => {
    for (const [index, engine] of engines.entries()) expect(baseOf(engine, docId), `engine ${index}`).toBe(aCopy);
    const texts = await Promise.all([client, a.client, b.client].map((engine) => crMarkdown(engine, shared, pageId)));
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    expect(texts[0]).toContain(story.b.trim().split('\n').at(-1));
  });
  return { client, spaceId, pageId, a, b, shared };
}

/** Every engine reads `reads` in the change request; merged on `on`'s replica, main then reads `merged` there, and on the hub. */
async function readsThenMerges(world: Awaited<ReturnType<typeof writtenOnTwoCopies>>, reads: string, on: 'a' | 'b', merged: string) {
  const { client, spaceId, pageId, shared } = world;
  for (const engine of [client, world.a.client, world.b.client]) expect(await crMarkdown(engine, shared, pageId)).toBe(reads);
  const merging = world[on].client;
  expect(ok(await merging.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
  expect(await mainMarkdown(merging, spaceId, pageId)).toBe(merged);
  await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(merged));
}

/**
 * `a`'s paragraph, put back where main deleted it, is the one conflict an update brings in; kept
 * from the change request, a merge lands `written` in main.
 */
async function keepsWritersParagraphAndMerges(world: { client: ApiClient; spaceId: string; pageId: string; shared: ChangeRequestParams }, written: string) {
  const { client, spaceId, pageId, shared } = world;
  expect(ok(await client.call('updateChangeRequest', { params: shared })).result).toBe('conflicts');
  const [conflict, ...more] = ok(await client.call('listChangeRequestConflicts', { params: shared, query: {} })).items;
  expect(more).toEqual([]);
  expect(conflict!.changeRequest?.markdown).toContain('Base one, and what A added.');
  ok(await client.call('resolveChangeRequestConflict', { params: { ...shared, conflictId: conflict!.id }, body: { keep: 'change-request' } }));
  expect(ok(await client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
  expect(await mainMarkdown(client, spaceId, pageId)).toBe(written);
}

describe('a change request written on two copies of main made before and after main moved', () => {
  it.each(['a', 'b'] as const)('ends with the earlier copy as its base everywhere, and a merge anywhere refuses the conflict (%s reconnects first)', async (first) => {
    const { client, spaceId, pageId, a, b, shared } = await writtenOnTwoCopies(first);
    for (const engine of [b.client, a.client, client]) {
      expect(ok(await engine.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
      expect(await mainMarkdown(engine, spaceId, pageId)).toBe(MAIN);
    }
  }, 60_000);

  // The doc holds the union of both copies' structs: without deleting what main wrote between
  // them, main's rewrite of the second paragraph, which `b` copied, mixed with `a`'s ("AMain one.").
  it.each(['a', 'b'] as const)('reads as what its two writers wrote, with no text main wrote between the two copies (%s reconnects first)', async (first) => {
    const { client, pageId, a, b, shared } = await writtenOnTwoCopies(first);
    for (const engine of [client, a.client, b.client]) expect(await crMarkdown(engine, shared, pageId)).toBe(paragraphs('Base zero.', 'A one.', 'B two.'));
  }, 60_000);

  /** Main adds a paragraph between the copies that neither writer touches: the change request stops showing it. */
  const ADDED_PARAGRAPH: Story = {
    main: paragraphs('Base zero.', 'Base one.', 'Main two.'),
    a: paragraphs('A zero.', 'Base one.'),
    b: paragraphs('Base zero.', 'Base one.', 'Main two.', 'B three.'),
  };
  const withMains = paragraphs('A zero.', 'Base one.', 'Main two.', 'B three.');

  it('merges without taking out of main the paragraph main added between the copies, which the change request no longer shows', async () => {
    await readsThenMerges(await writtenOnTwoCopies('a', ADDED_PARAGRAPH), paragraphs('A zero.', 'Base one.', 'B three.'), 'b', withMains);
  }, 60_000);

  /** `b` writes inside the paragraph main added between the copies: the writer's text is never hidden with it. */
  const WRITTEN_IN_ADDED: Story = {
    main: ADDED_PARAGRAPH.main,
    a: ADDED_PARAGRAPH.a,
    b: paragraphs('Base zero.', 'Base one.', 'Main two, and what B added.'),
  };

  // Before, the paragraph was deleted with `b`'s words in it, on every engine.
  it.each(['a', 'b'] as const)('keeps the paragraph main added between the copies whole where a writer wrote in it, and a merge lands what both wrote (%s reconnects first)', async (first) => {
    const written = paragraphs('A zero.', 'Base one.', 'Main two, and what B added.');
    await readsThenMerges(await writtenOnTwoCopies(first, WRITTEN_IN_ADDED), written, 'a', written);
  }, 60_000);

  /** Main rewrites a paragraph between the copies that neither writer touches. */
  const UNTOUCHED_REWRITE: Story = {
    main: MAIN,
    a: paragraphs('A zero.', 'Base one.'),
    b: paragraphs('Base zero.', 'Main one.', 'B two.'),
  };

  // Before, main's insertion there was hidden and its deletion kept: the paragraph read " one.", and a merge refused it as a conflict.
  it.each(['a', 'b'] as const)('reads a paragraph main rewrote between the copies that no writer touched as main has it, and merges it without a conflict (%s reconnects first)', async (first) => {
    const written = paragraphs('A zero.', 'Main one.', 'B two.');
    await readsThenMerges(await writtenOnTwoCopies(first, UNTOUCHED_REWRITE), written, 'b', written);
  }, 60_000);

  // Before, the change request's version of that paragraph was judged its own change: main changing it again was a conflict nobody wrote.
  it.each([
    ['a', 'merged on `a`, who wrote on the earlier copy'],
    ['b', 'updated on `b`, who wrote on the later one, then merged on the hub'],
  ] as const)('merges a paragraph main rewrote between the copies and again after them, which no writer touched, as main last has it (%s reconnects first; %s)', async (first, _how) => {
    const world = await writtenOnTwoCopies(first, UNTOUCHED_REWRITE);
    const { client, spaceId, pageId, shared } = world;
    const again = await openChangeRequest(client, spaceId, 'Main again');
    await rewrite(client, again, pageId, paragraphs('Base zero.', 'Main one, again.'));
    ok(await client.call('mergeChangeRequest', { params: again }));
    for (const replica of [world.a, world.b]) await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(paragraphs('Base zero.', 'Main one, again.')));
    const written = paragraphs('A zero.', 'Main one, again.', 'B two.');
    if (first === 'a') {
      expect(ok(await world.a.client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
      await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(written));
      return;
    }
    // An update brings main's version in, with no conflict recorded.
    expect(ok(await world.b.client.call('updateChangeRequest', { params: shared })).result).toBe('update');
    expect(await crMarkdown(world.b.client, shared, pageId)).toBe(written);
    await eventually(async () => expect(await crMarkdown(client, shared, pageId)).toBe(written));
    expect(ok(await client.call('listChangeRequestConflicts', { params: shared, query: {} })).items).toEqual([]);
    expect(ok(await client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
    expect(await mainMarkdown(client, spaceId, pageId)).toBe(written);
  }, 60_000);

  // Before, the diff's base read "Base one.": main's rewrite between the copies showed as the change request's.
  it.each(['a', 'b'] as const)("shows a reviewer, on every engine, main's rewrite between the copies that no writer touched as no change of the change request's (%s reconnects first)", async (first) => {
    const world = await writtenOnTwoCopies(first, UNTOUCHED_REWRITE);
    const expected = [{ change: 'edited', before: paragraphs('Base zero.', 'Main one.'), after: paragraphs('A zero.', 'Main one.', 'B two.') }];
    for (const engine of [world.client, world.a.client, world.b.client]) expect(await reviewedPages(engine, world.shared)).toEqual(expected);
  }, 60_000);

  /** Main adds to a paragraph between the copies, which neither writer touches. */
  const UNTOUCHED_ADDITION: Story = {
    main: paragraphs('Base zero.', 'Base one, and more.'),
    a: paragraphs('A zero.', 'Base one.'),
    b: paragraphs('Base zero.', 'Base one, and more.', 'B two.'),
  };

  // A merged change request is judged against main as the revision it was merged onto recorded it, which keeps no deletions: main's additions are told apart.
  it("keeps main's addition between the copies out of a merged change request's diff", async () => {
    const world = await writtenOnTwoCopies('a', UNTOUCHED_ADDITION);
    const expected = [{ change: 'edited', before: paragraphs('Base zero.', 'Base one, and more.'), after: paragraphs('A zero.', 'Base one, and more.', 'B two.') }];
    expect(await reviewedPages(world.client, world.shared)).toEqual(expected);
    expect(ok(await world.client.call('mergeChangeRequest', { params: world.shared })).result).toBe('merge');
    const again = await openChangeRequest(world.client, world.spaceId, 'Main again');
    await rewrite(world.client, again, world.pageId, paragraphs('Main zero.', 'Main one.'));
    ok(await world.client.call('mergeChangeRequest', { params: again }));
    expect(await reviewedPages(world.client, world.shared)).toEqual(expected);
  }, 60_000);

  /** A page's title in the change request (or main), as `client` reads it. */
  const titleIn = async (client: ApiClient, params: ChangeRequestParams | { spaceId: string }, pageId: string) => {
    const page = 'changeRequestId' in params
      ? ok(await client.call('getPageInChangeRequestById', { params: { ...params, pageId }, query: {} }))
      : ok(await client.call('getPageById', { params: { ...params, pageId }, query: {} }));
    return page.title;
  };
  const renamed = (client: ApiClient, params: ChangeRequestParams, pageId: string, title: string) =>
    client.call('updateChangeRequestContent', { params, query: {}, body: { changes: [{ operation: 'update_page', page: pageId, title }] } });

  // Before, `…/changes` and the diff listed main's rename between the copies as the change request's edit.
  it("lists in a change request's changes what its writers did to the page tree on two copies of main, not main's rename between them", async () => {
    const { hub, spaceId } = current();
    const { client } = hub.owner;
    const [backups, restores] = [await mainPage(client, spaceId, BASE, 'Backups'), await mainPage(client, spaceId, BASE, 'Restores')];
    const [a, b] = [await current().replica(), await current().replica()];
    for (const replica of [a, b]) await eventually(async () => expect(await titleIn(replica.client, { spaceId }, restores)).toBe('Restores'));
    a.engine.sync.stop();
    const shared = await openChangeRequest(a.client, spaceId, 'Shared');
    ok(await renamed(a.client, shared, restores, 'Restores, by A'));
    const other = await openChangeRequest(client, spaceId, 'Main');
    ok(await renamed(client, other, backups, 'Backups, by main'));
    ok(await client.call('mergeChangeRequest', { params: other }));
    await eventually(async () => expect(await titleIn(b.client, { spaceId }, backups)).toBe('Backups, by main'));
    await rowOnlyThenOffline(a, b, shared);
    ok(await b.client.call('updateChangeRequestContent', { params: shared, query: {}, body: { changes: [{ operation: 'insert_page', title: 'New, by B', document: { markdown: 'New.\n' } }] } }));
    a.engine.sync.start();
    b.engine.sync.start();
    const changes = async (engine: ApiClient) =>
      ok(await engine.call('getChangeRequestChanges', { params: shared, query: { limit: 100 } })).changes.map((change) =>
        'page' in change ? [change.type, change.page.title, ...('attributes' in change ? [Object.keys(change.attributes ?? {})] : [])] : [change.type]);
    await eventually(async () => {
      for (const engine of [client, a.client, b.client]) {
        expect(await titleIn(engine, shared, backups)).toBe('Backups, by main');
        expect((await changes(engine)).sort()).toEqual([['page_created', 'New, by B'], ['page_edited', 'Restores, by A', ['title']]]);
      }
    });
    // Main renames that page again: the change request never touched it, so no conflict.
    const again = await openChangeRequest(client, spaceId, 'Main again');
    ok(await renamed(client, again, backups, 'Backups, again'));
    ok(await client.call('mergeChangeRequest', { params: again }));
    expect(ok(await client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
    expect([await titleIn(client, { spaceId }, backups), await titleIn(client, { spaceId }, restores)]).toEqual(['Backups, again', 'Restores, by A']);
  }, 60_000);

  // Before, the rule ran only when an engine gave up a copy: the third writer's "C" mixed with main's rewrite ("CMain one.").
  it('hides main\'s text from between the copies in a paragraph a writer on the earlier copy rewrote, when that writer\'s push comes last', async () => {
    const { client, pageId, a, b, c, shared } = await writtenApart({
      main: MAIN,
      a: paragraphs('A zero.', 'Base one.'),
      b: paragraphs('Base zero.', 'Main one.', 'B two.'),
      c: paragraphs('Base zero.', 'C one.'),
    });
    a.engine.sync.start();
    await eventually(async () => expect(await crMarkdown(client, shared, pageId)).toBe(paragraphs('A zero.', 'Base one.')));
    b.engine.sync.start();
    const untouched = paragraphs('A zero.', 'Main one.', 'B two.');
    await eventually(async () => {
      for (const engine of [client, a.client, b.client]) expect(await crMarkdown(engine, shared, pageId)).toBe(untouched);
    });
    c.engine.sync.start();
    const written = paragraphs('A zero.', 'C one.', 'B two.');
    await eventually(async () => {
      for (const engine of [client, a.client, b.client, c.client]) expect(await crMarkdown(engine, shared, pageId)).toBe(written);
    });
  }, 60_000);

  /** `a` adds to a paragraph main rewrote between the copies. */
  const ADDED_TO_REWRITTEN: Story = {
    main: MAIN,
    a: paragraphs('Base zero.', 'Base one, and what A added.'),
    b: paragraphs('Base zero.', 'Main one.', 'B two.'),
  };

  // Before, main's deletion of "Base" stayed and its "Main" was hidden: the paragraph read " one, and what A added.", neither version.
  it.each(['a', 'b'] as const)('puts back a paragraph a writer added to and main rewrote between the copies as the writer left it, and a merge reports the conflict (%s reconnects first)', async (first) => {
    const world = await writtenOnTwoCopies(first, ADDED_TO_REWRITTEN);
    const { client, spaceId, pageId, shared } = world;
    const written = paragraphs('Base zero.', 'Base one, and what A added.', 'B two.');
    for (const engine of [client, world.a.client, world.b.client]) await eventually(async () => expect(await crMarkdown(engine, shared, pageId)).toBe(written));
    expect(ok(await world.a.client.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
    expect(await mainMarkdown(client, spaceId, pageId)).toBe(MAIN);
    await keepsWritersParagraphAndMerges(world, written);
  }, 60_000);

  /** Main deletes a paragraph between the copies that `a`, on the earlier copy, wrote in. */
  const WRITTEN_IN_DELETED: Story = {
    main: paragraphs('Base zero.'),
    a: paragraphs('Base zero.', 'Base one, and what A added.'),
    b: paragraphs('Base zero.', 'B two.'),
  };

  // Before, the later copy's deletion of the paragraph took `a`'s words with it on every engine, and nothing reported them.
  it.each(['a', 'b'] as const)('keeps the words a writer wrote in a paragraph main deleted between the copies, and a merge reports the conflict (%s reconnects first)', async (first) => {
    const world = await writtenOnTwoCopies(first, WRITTEN_IN_DELETED);
    const { client, spaceId, pageId, shared } = world;
    // Where the deleted paragraph stood: `b` wrote its own after the deleted one's left neighbour, before it.
    const written = paragraphs('Base zero.', 'B two.', 'Base one, and what A added.');
    for (const engine of [client, world.a.client, world.b.client]) await eventually(async () => expect(await crMarkdown(engine, shared, pageId)).toBe(written));
    expect(ok(await client.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
    expect(await mainMarkdown(client, spaceId, pageId)).toBe(WRITTEN_IN_DELETED.main);
    // The writer keeps the paragraph: brought in by an update, resolved, merged.
    await keepsWritersParagraphAndMerges(world, written);
  }, 60_000);

  // Before, words that reached the hub in a block after it was put back stayed in the deleted block, shown nowhere.
  it('puts back, after the first copy, what a third writer on the earlier copy wrote in that paragraph and synced later, and a merge lands both', async () => {
    const { client, spaceId, pageId, a, b, c, shared } = await writtenApart({ ...WRITTEN_IN_DELETED, c: paragraphs('Base zero.', 'Base one, and what C added.') });
    a.engine.sync.start();
    await eventually(async () => expect(await crMarkdown(client, shared, pageId)).toBe(WRITTEN_IN_DELETED.a));
    b.engine.sync.start();
    const putBack = paragraphs('Base zero.', 'B two.', 'Base one, and what A added.');
    await eventually(async () => {
      for (const engine of [client, a.client, b.client]) expect(await crMarkdown(engine, shared, pageId)).toBe(putBack);
    });
    c.engine.sync.start();
    const written = paragraphs('Base zero.', 'B two.', 'Base one, and what A added.', 'Base one, and what C added.');
    await eventually(async () => {
      for (const engine of [client, a.client, b.client, c.client]) expect(await crMarkdown(engine, shared, pageId)).toBe(written);
    });
    // The first copy keeps the deleted block's id (a conflict with main's deletion); the later one is a block of its own.
    await keepsWritersParagraphAndMerges({ client, spaceId, pageId, shared }, written);
  }, 60_000);

  it('shows that paragraph again once updated from main, and a merge then keeps it in main', async () => {
    const { client, spaceId, pageId, a, shared } = await writtenOnTwoCopies('b', ADDED_PARAGRAPH);
    expect(ok(await a.client.call('updateChangeRequest', { params: shared })).result).toBe('update');
    expect(await crMarkdown(a.client, shared, pageId)).toBe(withMains);
    await eventually(async () => expect(await crMarkdown(client, shared, pageId)).toBe(withMains));
    expect(ok(await client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
    expect(await mainMarkdown(client, spaceId, pageId)).toBe(withMains);
  }, 60_000);
});
