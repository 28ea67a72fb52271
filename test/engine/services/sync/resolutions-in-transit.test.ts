import { describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, openChangeRequest, rewrite } from './change-requests.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

/**
 * A resolved conflict's row travels on the change log and what the resolution wrote on the docs
 * channel (docs/sync.md, "Conflicts in transit"). An engine that holds the row before the writes
 * holds a change request whose conflicts read as settled while its content still holds the side
 * the writer did not keep: merged then, main got that side. The row names the writes, and the
 * engine refuses the merge until they have arrived.
 */
const current = syncedSpaceEachTest();

const paragraphs = (...texts: string[]) => texts.map((text) => `${text}\n`).join('\n');
const BASE = paragraphs('Base zero.', 'Base one.');
const WRITTEN = paragraphs('Base zero.', 'Writer one.');

describe("a conflict's resolution whose row reaches an engine before what it wrote", () => {
  // Main rewrote the paragraph (the resolution writes main's text), or deleted it (the resolution only deletes: no new item).
  it.each([
    { main: paragraphs('Main zero.', 'Main one.'), how: 'rewrote' },
    { main: paragraphs('Main zero.'), how: 'deleted' },
  ])('holds the merge back until the writes arrive, then lands main exactly as kept (main $how the paragraph)', async ({ main }) => {
    const { hub, spaceId } = current();
    const { client } = hub.owner;
    const pageId = await mainPage(client, spaceId, BASE);
    const [a, b] = [await current().replica(), await current().replica()];
    const shared = await openChangeRequest(a.client, spaceId, 'Shared');
    await rewrite(a.client, shared, pageId, WRITTEN);
    const other = await openChangeRequest(client, spaceId, 'Main');
    await rewrite(client, other, pageId, main);
    ok(await client.call('mergeChangeRequest', { params: other }));
    await eventually(async () => expect(await mainMarkdown(a.client, spaceId, pageId)).toBe(main));
    expect(ok(await a.client.call('updateChangeRequest', { params: shared })).result).toBe('conflicts');
    const [open] = ok(await a.client.call('listChangeRequestConflicts', { params: shared, query: {} })).items;
    // b holds the update and its open conflict, then goes offline.
    await eventually(async () => {
      expect(ok(await b.client.call('listChangeRequestConflicts', { params: shared, query: { status: 'open' } })).items).toHaveLength(1);
      expect(await crMarkdown(b.client, shared, pageId)).toBe(await crMarkdown(a.client, shared, pageId));
    });
    b.engine.sync.stop();

    ok(await a.client.call('resolveChangeRequestConflict', { params: { ...shared, conflictId: open!.id }, body: { keep: 'main' } }));
    await eventually(async () => expect(await crMarkdown(client, shared, pageId)).toBe(main));

    // b reconnects for the change log only: the resolved row arrives, the writes do not.
    b.holdDocs = true;
    b.engine.sync.start();
    await eventually(async () => expect(ok(await b.client.call('listChangeRequestConflicts', { params: shared, query: {} })).items).toMatchObject([{ status: 'resolved' }]));
    const before = await crMarkdown(b.client, shared, pageId);
    expect(before).not.toBe(main);
    const mergeability = ok(await b.client.call('getChangeRequestMergeability', { params: shared }));
    expect(mergeability).toMatchObject({ mergeable: false, openConflicts: 0 });
    expect(mergeability.reason).toMatch(/^conflicts: what resolving its conflicts wrote .* has not reached this engine yet/);
    expect(ok(await b.client.call('mergeChangeRequest', { params: shared })).result).toBe('conflicts');
    expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(main);

    // The writes arrive: the merge lands main's text, on b and then everywhere.
    b.engine.sync.stop();
    b.holdDocs = false;
    b.engine.sync.start();
    await eventually(async () => expect(await crMarkdown(b.client, shared, pageId)).toBe(main));
    expect(ok(await b.client.call('getChangeRequestMergeability', { params: shared }))).toMatchObject({ mergeable: true });
    expect(ok(await b.client.call('mergeChangeRequest', { params: shared })).result).toBe('merge');
    expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(main);
    for (const engine of [client, a.client]) await eventually(async () => expect(await mainMarkdown(engine, spaceId, pageId)).toBe(main));
  }, 60_000);
});
