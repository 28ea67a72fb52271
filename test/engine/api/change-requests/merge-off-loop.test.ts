import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { PLAN_ON_LOOP_BYTES } from '../../../../src-main/engine/api/change-requests/merge.js';
import { readBody } from '../../../../src-shared/content/yjs.js';
import { MAIN, changeRequestBranch, pageDoc, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { paragraphs } from '../../domain/content/merge/bodies.js';
import { expectRowsOfDocs } from '../../domain/content/merge/projected-rows.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { editTree, writePage } from '../../../support/yjs-edits.js';

/**
 * A merge large enough to be planned in a worker (`planPull`), and what happens when main or the
 * change request moves between the read of its docs and the write of its plan: the plan is made
 * again, never written stale. The moves are made where the pool is asked to plan, after the
 * request's first transaction read the docs and before the worker answers.
 */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
  // A thread that has loaded the merge's modules once (the pool is shared by the process's test files): the first test pays no start-up.
  expect(await t.engine.workers.run('planPull', { spaceId: 's', changeRequestId: 'c', written: [], docs: {}, direction: 'merge' })).toEqual({ conflicts: [], writes: [], movedBases: [] });
}, 60_000);
afterAll(() => t.stop());
afterEach(() => vi.restoreAllMocks());

/** Main holds pages a and b; the change request edits a's second block and creates a page large enough to be planned off the event loop. */
async function largeChangeRequest() {
  const space = await newSpace(t.owner, t.organizationId);
  editTree(t.engine.docs, space.id, MAIN, { a: { position: 'a0' }, b: { position: 'a1' } });
  for (const pageId of ['a', 'b']) writePage(t.engine.docs, space.id, MAIN, pageId, paragraphs({ [`${pageId}1`]: 'one', [`${pageId}2`]: 'two' }));
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Large' } }));
  const branch = changeRequestBranch(cr.id);
  writePage(t.engine.docs, space.id, branch, 'a', paragraphs({ a1: 'one', a2: 'two (cr)' }));
  editTree(t.engine.docs, space.id, branch, { big: { position: 'a2', title: 'Big' } });
  const text = 'A paragraph of the large page, long enough to weigh something. ';
  writePage(t.engine.docs, space.id, branch, 'big', paragraphs(Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`g${i}`, `${text}${i}`]))));
  return { spaceId: space.id, branch, params: { spaceId: space.id, changeRequestId: cr.id } };
}

function blocks(spaceId: string, branch: Branch, pageId: string): Record<string, string> {
  const body = readBody(t.engine.docs.load(pageDoc(spaceId, branch, pageId)));
  return Object.fromEntries((body.content ?? []).map((block) => [block.attrs!.id, (block.content ?? []).map((n) => n.text).join('')]));
}

/** Counts the merges planned in the worker threads, running `meanwhile` (its call's number) just before each is handed over. */
function whilePlanning(meanwhile: (call: number) => void | Promise<void> = () => undefined): { calls: () => number } {
  const pool = t.engine.workers;
  const run = pool.run.bind(pool);
  let calls = 0;
  vi.spyOn(pool, 'run').mockImplementation(async (kind, input, options) => {
    if (kind === 'planPull') await meanwhile(++calls);
    return run(kind, input, options);
  });
  return { calls: () => calls };
}

const mainRevision = async (spaceId: string) => ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;

// The first test pays the cold paths of a new server (its first space, change request, large page): minutes of CPU under load are not a failure.
describe('a merge planned off the event loop', { timeout: 60_000 }, () => {
  it('reads more than a merge planned at once, and merges as one would', async () => {
    const { spaceId, params } = await largeChangeRequest();
    const input = t.engine.db.get<{ bytes: number }>(
      "SELECT sum(length(\"update\")) AS bytes FROM doc_updates WHERE doc_id LIKE '%' || ? || '%'",
      params.changeRequestId,
    )!;
    expect(input.bytes).toBeGreaterThan(PLAN_ON_LOOP_BYTES);
    editTree(t.engine.docs, spaceId, MAIN, { b: { title: 'B (main)' } });
    const planning = whilePlanning();
    const merged = ok(await t.owner.client.call('mergeChangeRequest', { params }));
    expect(merged.result).toBe('merge');
    expect(planning.calls()).toBe(1);
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one', a2: 'two (cr)' });
    expect(Object.keys(blocks(spaceId, MAIN, 'big'))).toHaveLength(1_500);
    expect(await mainRevision(spaceId)).toBe(merged.revision);
    // The projection follows, from what the worker found of the docs as written.
    const listed = ok(await t.owner.client.call('listPages', { params: { spaceId }, query: {} }));
    expect(JSON.stringify(listed)).toContain('"title":"Big"');
    expectRowsOfDocs(t, spaceId, MAIN);
    // Written with the state vectors the worker found (not decoded again): each is the doc's own, as a peer's sync reads it.
    for (const docId of [pageDoc(spaceId, MAIN, 'a'), pageDoc(spaceId, MAIN, 'big'), treeDoc(spaceId, MAIN)]) {
      expect(Y.decodeStateVector(t.engine.docs.stateVector(docId))).toEqual(Y.decodeStateVector(Y.encodeStateVector(t.engine.docs.load(docId))));
    }
  });

  it('plans again from main as it is when main moved meanwhile, keeping both sides’ edits', async () => {
    const { spaceId, params } = await largeChangeRequest();
    const planning = whilePlanning((call) => {
      if (call === 1) writePage(t.engine.docs, spaceId, MAIN, 'a', paragraphs({ a1: 'one (main, meanwhile)', a2: 'two' }));
    });
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    expect(planning.calls()).toBe(2);
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one (main, meanwhile)', a2: 'two (cr)' });
  });

  it('answers conflicts when main meanwhile edited the block the change request edited, and writes nothing', async () => {
    const { spaceId, params } = await largeChangeRequest();
    const before = await mainRevision(spaceId);
    const planning = whilePlanning((call) => {
      if (call === 1) writePage(t.engine.docs, spaceId, MAIN, 'a', paragraphs({ a1: 'one', a2: 'two (main, meanwhile)' }));
    });
    // The plan made from what the request read merges cleanly; written, it would overwrite main's edit.
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params }))).toEqual({ revision: before, result: 'conflicts' });
    expect(planning.calls()).toBe(2);
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one', a2: 'two (main, meanwhile)' });
    expect(t.engine.docs.isEmpty(pageDoc(spaceId, MAIN, 'big'))).toBe(true);
    expect(ok(await t.owner.client.call('getChangeRequestById', { params })).status).toBe('open');
  });

  it('merges the change request as it is when it moved meanwhile', async () => {
    const { spaceId, branch, params } = await largeChangeRequest();
    whilePlanning((call) => {
      if (call === 1) writePage(t.engine.docs, spaceId, branch, 'b', paragraphs({ b1: 'one (cr, meanwhile)', b2: 'two' }));
    });
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    expect(blocks(spaceId, MAIN, 'b')).toEqual({ b1: 'one (cr, meanwhile)', b2: 'two' });
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one', a2: 'two (cr)' });
  });

  it('plans inside its write at last when main moves each time it is planned', async () => {
    const { spaceId, params } = await largeChangeRequest();
    const planning = whilePlanning((call) => writePage(t.engine.docs, spaceId, MAIN, 'b', paragraphs({ b1: `one (main, move ${call})`, b2: 'two' })));
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    expect(planning.calls()).toBe(2);
    expect(blocks(spaceId, MAIN, 'b')).toEqual({ b1: 'one (main, move 2)', b2: 'two' });
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one', a2: 'two (cr)' });
    expect(Object.keys(blocks(spaceId, MAIN, 'big'))).toHaveLength(1_500);
  });

  it('plans inside its write when the worker fails, and answers a second merge 409', async () => {
    const { spaceId, params } = await largeChangeRequest();
    vi.spyOn(t.engine.workers, 'run').mockRejectedValue(new Error('a worker thread exited (code 1)'));
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one', a2: 'two (cr)' });
    vi.restoreAllMocks();
    expect((await t.owner.client.call('mergeChangeRequest', { params })).status).toBe(409);
  });

  it('answers 409 when the change request was merged while its plan was made', async () => {
    const { spaceId, params } = await largeChangeRequest();
    let second: ReturnType<typeof t.owner.client.call<'mergeChangeRequest'>> | undefined;
    whilePlanning((call) => {
      // The second merge reads the docs as the first did; the first writes its plan before the second's comes back.
      if (call === 1) second = t.owner.client.call('mergeChangeRequest', { params });
    });
    const first = await t.owner.client.call('mergeChangeRequest', { params });
    const answers = [first.status, (await second!).status].sort();
    expect(answers).toEqual([200, 409]);
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one', a2: 'two (cr)' });
  });

  it('updates a change request from main as one would, recording the conflict, and plans again when the change request moved meanwhile', async () => {
    const { spaceId, branch, params } = await largeChangeRequest();
    writePage(t.engine.docs, spaceId, MAIN, 'a', paragraphs({ a1: 'one (main)', a2: 'two (main)' }));
    editTree(t.engine.docs, spaceId, MAIN, { m: { position: 'a3', title: 'From main' } });
    const planning = whilePlanning((call) => {
      if (call === 1) writePage(t.engine.docs, spaceId, branch, 'b', paragraphs({ b1: 'one (cr, meanwhile)', b2: 'two' }));
    });
    expect(ok(await t.owner.client.call('updateChangeRequest', { params })).result).toBe('conflicts');
    expect(planning.calls()).toBe(2);
    // The change request keeps its version of the block both edited, takes main's other edits, and keeps its own edit made meanwhile.
    expect(blocks(spaceId, branch, 'a')).toEqual({ a1: 'one (main)', a2: 'two (cr)' });
    expect(blocks(spaceId, branch, 'b')).toEqual({ b1: 'one (cr, meanwhile)', b2: 'two' });
    const conflicts = ok(await t.owner.client.call('listChangeRequestConflicts', { params, query: {} }));
    expect(JSON.stringify(conflicts)).toContain('"a2"');
    const pages = ok(await t.owner.client.call('listPagesInChangeRequest', { params, query: {} }));
    expect(JSON.stringify(pages)).toContain('"title":"From main"');
    expectRowsOfDocs(t, spaceId, branch);
  });
});
