import { describe, expect, it } from 'vitest';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, openChangeRequest, rewrite } from './change-requests.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

/**
 * A change request's fork base travels with its docs (docs/sync.md, "Fork bases"): an engine that
 * gets the change request's doc after main moved there builds it from main as it was at the fork,
 * and judges a merge or an update against that base, as the writer's engine does.
 */
const current = syncedSpaceEachTest();

const ORIGINAL = 'Back up often.';
const TIP = 'Tip: back up every day.';
const NOTE = 'Note: backups are automatic.';

/**
 * Main holds the page on the hub and two replicas; then its paragraph is changed on `b` (a change
 * request merged there) while `a` is offline writing its own change request of that paragraph.
 */
async function forkedWhileMainMoves() {
  const { hub, spaceId } = current();
  const { client } = hub.owner;
  const pageId = await mainPage(client, spaceId, `${ORIGINAL}\n`);
  const [a, b] = [await current().replica(), await current().replica()];
  for (const replica of [a, b]) await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(`${ORIGINAL}\n`));

  a.engine.sync.stop();
  const tip = await openChangeRequest(a.client, spaceId, 'Tip');
  await rewrite(a.client, tip, pageId, `${TIP}\n`);
  const note = await openChangeRequest(b.client, spaceId, 'Note');
  await rewrite(b.client, note, pageId, `${NOTE}\n`);
  ok(await b.client.call('mergeChangeRequest', { params: note }));
  await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(`${NOTE}\n`));
  a.engine.sync.start();
  return { client, spaceId, pageId, a, b, tip };
}

describe("a change request's fork base", () => {
  it("builds the change request from main at the fork on every engine, and its merge conflicts on the hub and on another replica", async () => {
    const { client, spaceId, pageId, a, b, tip } = await forkedWhileMainMoves();
    // Main's later text reaches neither copy of the change request.
    await eventually(async () => expect(await crMarkdown(b.client, tip, pageId)).toBe(`${TIP}\n`));
    await eventually(async () => expect(await crMarkdown(client, tip, pageId)).toBe(`${TIP}\n`));

    expect(ok(await client.call('mergeChangeRequest', { params: tip }))).toMatchObject({ result: 'conflicts' });
    expect(ok(await b.client.call('mergeChangeRequest', { params: tip }))).toMatchObject({ result: 'conflicts' });
    expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(`${NOTE}\n`);
    expect(await mainMarkdown(client, spaceId, pageId)).toBe(`${NOTE}\n`);
    expect(ok(await client.call('getChangeRequestById', { params: tip })).status).toBe('open');

    expect(ok(await b.client.call('updateChangeRequest', { params: tip })).result).toBe('conflicts');
    const conflicts = ok(await b.client.call('listChangeRequestConflicts', { params: tip, query: {} })).items;
    expect(conflicts).toMatchObject([{ base: { markdown: `${ORIGINAL}\n` }, main: { markdown: `${NOTE}\n` }, changeRequest: { markdown: `${TIP}\n` } }]);
    expect(await crMarkdown(b.client, tip, pageId)).toBe(`${TIP}\n`);
    expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(`${NOTE}\n`);
  });

  it('an update made on the hub records the conflict, against the base the writer forked from', async () => {
    const { client, spaceId, pageId, a, b, tip } = await forkedWhileMainMoves();
    await eventually(async () => expect(await crMarkdown(client, tip, pageId)).toBe(`${TIP}\n`));
    expect(ok(await client.call('updateChangeRequest', { params: tip })).result).toBe('conflicts');
    const conflicts = ok(await client.call('listChangeRequestConflicts', { params: tip, query: {} })).items;
    expect(conflicts).toMatchObject([{ base: { markdown: `${ORIGINAL}\n` }, main: { markdown: `${NOTE}\n` }, changeRequest: { markdown: `${TIP}\n` } }]);
    // The writer's replica gets the conflict, and its change request keeps its own text.
    await eventually(async () => expect(ok(await a.client.call('listChangeRequestConflicts', { params: tip, query: {} })).items).toHaveLength(1));
    expect(await crMarkdown(a.client, tip, pageId)).toBe(`${TIP}\n`);
    await eventually(async () => expect(await mainMarkdown(a.client, spaceId, pageId)).toBe(`${NOTE}\n`));
    expect(ok(await a.client.call('mergeChangeRequest', { params: tip })).result).toBe('conflicts');
    expect(await mainMarkdown(a.client, spaceId, pageId)).toBe(`${NOTE}\n`);
  });
});

describe('a change request whose fork base an older Folio did not keep', () => {
  it('syncs as before: the replica copies main as it is and takes the writer’s changes, and the merge lands them', async () => {
    const { hub, spaceId } = current();
    const { client } = hub.owner;
    const pageId = await mainPage(client, spaceId, `${ORIGINAL}\n`);
    const tip = await openChangeRequest(client, spaceId, 'Tip');
    await rewrite(client, tip, pageId, `${TIP}\n`);
    // As migration 010 left the rows of copies made before it: no base kept.
    hub.engine.db.run('UPDATE doc_forks SET base_update = NULL WHERE doc_id = ?', pageDoc(spaceId, changeRequestBranch(tip.changeRequestId), pageId));

    const replica = await current().replica();
    await eventually(async () => expect(await crMarkdown(replica.client, tip, pageId)).toBe(`${TIP}\n`));
    expect(ok(await replica.client.call('mergeChangeRequest', { params: tip })).result).toBe('merge');
    await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(`${TIP}\n`));
  });
});
