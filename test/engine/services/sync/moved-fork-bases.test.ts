import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { outgoingDoc, preferForkBase } from '../../../../src-main/engine/services/sync/forked-docs.js';
import { ok } from '../../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, openChangeRequest, rewrite, type ChangeRequestParams } from './change-requests.js';
import { eventually, syncedSpaceEachTest, type Replica } from './nodes.js';

/**
 * An update pulls main into a change request and moves the fork bases of the docs main changed
 * (docs/sync.md, "Fork bases"). The moved base travels: every engine that holds the change
 * request's doc, written or not, ends with the same base, so a merge anywhere judges conflicts as
 * the engine that made the update does.
 */
const current = syncedSpaceEachTest();

const paragraphs = (...texts: string[]) => texts.map((text) => `${text}\n`).join('\n');
const BASE = paragraphs('Base zero.', 'Base one.');
const WRITTEN = paragraphs('Base zero.', 'Writer one.');
const MAIN = paragraphs('Main zero.', 'Main one.');

const baseOf = (engine: Engine, docId: string) => Buffer.from(engine.docs.forkBase(docId)?.baseUpdate ?? []).toString('base64');

/**
 * Main holds two paragraphs everywhere; `b` writes the second in a change request, which every
 * engine gets; then main rewrites both (on the hub), and `a` makes the update: a conflict on the
 * second paragraph, main's first paragraph pulled in. `b` is offline from before main's rewrite
 * to after the update (`'during'`), online throughout, or goes offline once it has main's rewrite
 * and stays so (`'for-the-update'`).
 */
async function updatedOnA(bOffline: 'during' | 'never' | 'for-the-update') {
  const { hub, spaceId } = current();
  const { client } = hub.owner;
  const pageId = await mainPage(client, spaceId, BASE);
  const [a, b] = [await current().replica(), await current().replica()];
  for (const replica of [a, b]) await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(BASE));
  const shared = await openChangeRequest(b.client, spaceId, 'Shared');
  await rewrite(b.client, shared, pageId, WRITTEN);
  for (const engine of [client, a.client]) await eventually(async () => expect(await crMarkdown(engine, shared, pageId)).toBe(WRITTEN));
  const docId = pageDoc(spaceId, changeRequestBranch(shared.changeRequestId), pageId);

  if (bOffline === 'during') b.engine.sync.stop();
  const other = await openChangeRequest(client, spaceId, 'Main');
  await rewrite(client, other, pageId, MAIN);
  ok(await client.call('mergeChangeRequest', { params: other }));
  for (const replica of bOffline === 'during' ? [a] : [a, b]) await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(MAIN));
  if (bOffline === 'for-the-update') b.engine.sync.stop();

  expect(ok(await a.client.call('updateChangeRequest', { params: shared })).result).toBe('conflicts');
  if (bOffline === 'during') b.engine.sync.start();
  return { hub, client, spaceId, pageId, a, b, shared, docId };
}

async function resolvedAndMerged(a: Replica, b: Replica, shared: ChangeRequestParams, spaceId: string, pageId: string) {
  const conflicts = ok(await a.client.call('listChangeRequestConflicts', { params: shared, query: {} })).items;
  expect(conflicts).toMatchObject([{ base: { markdown: 'Base one.\n' }, main: { markdown: 'Main one.\n' }, changeRequest: { markdown: 'Writer one.\n' } }]);
  ok(await a.client.call('resolveChangeRequestConflict', { params: { ...shared, conflictId: conflicts[0]!.id }, body: { keep: 'change-request' } }));
  // Resolved on b as well (no open conflict is also what b reads before the conflict's row arrives).
  await eventually(async () => expect(ok(await b.client.call('listChangeRequestConflicts', { params: shared, query: {} })).items).toMatchObject([{ status: 'resolved' }]));
  // Against the moved base, the change request changed only the second paragraph: the merge lands it.
  expect(ok(await b.client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
  expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(paragraphs('Main zero.', 'Writer one.'));
}

describe('a fork base an update moved', () => {
  it('arriving ahead of the conflicts the update recorded, holds a merge back until they have arrived and are resolved', async () => {
    const { client, spaceId, pageId, a, b, shared, docId } = await updatedOnA('for-the-update');
    // What the docs channel carries to b (the doc as b lacks it, with its base), taken in as sync takes it, while the change log stays behind.
    const sent = outgoingDoc(a.engine.docs, docId, () => {
      const diff = a.engine.docs.diff(docId, b.engine.docs.stateVector(docId));
      if (!diff.ok) throw new Error(diff.problem.message);
      return diff.update;
    });
    expect(sent.forkBase?.conflicts).toHaveLength(1);
    expect(b.engine.docs.append(docId, sent.update).ok).toBe(true);
    preferForkBase(b.engine.docs, docId, sent.forkBase!, 'replica');
    expect(baseOf(b.engine, docId)).toBe(baseOf(a.engine, docId));
    expect(ok(await b.client.call('listChangeRequestConflicts', { params: shared, query: {} })).items).toEqual([]);

    // Against the moved base alone the merge would land the writer's paragraph over main's: refused.
    expect(ok(await b.client.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
    expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(MAIN);

    b.engine.sync.start();
    await eventually(async () => expect(ok(await b.client.call('listChangeRequestConflicts', { params: shared, query: { status: 'open' } })).items).toHaveLength(1));
    expect(ok(await b.client.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
    await resolvedAndMerged(a, b, shared, spaceId, pageId);
    await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(paragraphs('Main zero.', 'Writer one.')));
  }, 60_000);

  it('reaches the hub and a replica that had written the doc, online', async () => {
    const { hub, spaceId, pageId, a, b, shared, docId } = await updatedOnA('never');
    const moved = baseOf(a.engine, docId);
    await eventually(() => {
      expect(baseOf(hub.engine, docId)).toBe(moved);
      expect(baseOf(b.engine, docId)).toBe(moved);
    });
    for (const replica of [a, b]) expect(await crMarkdown(replica.client, shared, pageId)).toBe(paragraphs('Main zero.', 'Writer one.'));
    await resolvedAndMerged(a, b, shared, spaceId, pageId);
    await eventually(async () => expect(await mainMarkdown(hub.owner.client, spaceId, pageId)).toBe(paragraphs('Main zero.', 'Writer one.')));
  }, 60_000);

  it('reaches a replica that was offline during the update, and the hub judges a merge as the updater does', async () => {
    const { hub, client, spaceId, pageId, a, b, shared, docId } = await updatedOnA('during');
    const moved = baseOf(a.engine, docId);
    await eventually(() => {
      expect(baseOf(hub.engine, docId)).toBe(moved);
      expect(baseOf(b.engine, docId)).toBe(moved);
    });
    await eventually(async () => expect(await crMarkdown(b.client, shared, pageId)).toBe(paragraphs('Main zero.', 'Writer one.')));
    // The conflict the update recorded travels as rows, apart from the docs: each engine judges once it holds it.
    for (const engine of [client, b.client]) await eventually(async () => expect(ok(await engine.call('listChangeRequestConflicts', { params: shared, query: { status: 'open' } })).items).toHaveLength(1));
    // The conflict is open: refused everywhere, main untouched.
    for (const engine of [client, a.client, b.client]) expect(ok(await engine.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
    await resolvedAndMerged(a, b, shared, spaceId, pageId);
  }, 60_000);
});
