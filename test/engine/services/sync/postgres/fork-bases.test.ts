import { expect, it } from 'vitest';
import { forkBaseDoc } from '../../../../../src-main/engine/domain/content/fork-base.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { changeRequestBranch, pageDoc } from '../../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, openChangeRequest, rewrite } from '../change-requests.js';
import { contentOf, eventually } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest } from './hub-processes.js';

const ORIGINAL = 'Back up often.\n';
const TIP = 'Tip: back up every day.\n';
const NOTE = 'Note: backups are automatic.\n';

describeWithPostgres("a change request's fork base on a hub of two processes", (postgres) => {
  const cluster = hubClusterEachTest(postgres);

  it('is the writer’s on the hub, whichever process took the change request, a merge on a replica of the other process conflicts, and an update there moves it on the hub and on the writer’s replica', async () => {
    const { a, b, spaceId } = await cluster.twoSides();
    const pageId = await mainPage(a.client, spaceId, ORIGINAL);
    await eventually(async () => expect(await mainMarkdown(b.client, spaceId, pageId)).toBe(ORIGINAL));

    a.engine.sync.stop();
    const tip = await openChangeRequest(a.client, spaceId, 'Tip');
    await rewrite(a.client, tip, pageId, TIP);
    const note = await openChangeRequest(b.client, spaceId, 'Note');
    await rewrite(b.client, note, pageId, NOTE);
    ok(await b.client.call('mergeChangeRequest', { params: note }));
    await eventually(async () => expect(await b.status()).toMatchObject({ outbox: 0, pendingChanges: 0 }));
    a.engine.sync.start();

    await eventually(async () => expect(await crMarkdown(b.client, tip, pageId)).toBe(TIP));
    for (const replica of [b, a]) {
      await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(NOTE));
      expect(ok(await replica.client.call('mergeChangeRequest', { params: tip })).result).toBe('conflicts');
      expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(NOTE);
    }
    expect(ok(await b.client.call('updateChangeRequest', { params: tip })).result).toBe('conflicts');
    expect(ok(await b.client.call('listChangeRequestConflicts', { params: tip, query: {} })).items).toMatchObject([
      { base: { markdown: ORIGINAL }, main: { markdown: NOTE }, changeRequest: { markdown: TIP } },
    ]);

    // What the hub's processes share: the change request as written, on the base the update on `b` moved to main as it was.
    await eventually(async () => expect(await b.status()).toMatchObject({ outbox: 0, pendingChanges: 0 }));
    const docId = pageDoc(spaceId, changeRequestBranch(tip.changeRequestId), pageId);
    // The writer's replica, on the other process, moves its base too.
    await eventually(() => expect(a.engine.docs.forkBase(docId)!.baseUpdate).toEqual(b.engine.docs.forkBase(docId)!.baseUpdate));
    const hub = await openPostgresEngine(cluster.database());
    try {
      expect(contentOf(hub.engine, docId)).toMatchObject({ body: expect.stringContaining('Tip: back up every day.') });
      expect(contentOf(hub.engine, docId)).not.toMatchObject({ body: expect.stringContaining('Note') });
      expect(forkBaseDoc(hub.engine.docs, docId)!.getXmlFragment('body').toString()).toContain('Note: backups are automatic.');
      expect(hub.engine.docs.forkBase(docId)!.baseUpdate).toEqual(b.engine.docs.forkBase(docId)!.baseUpdate);
    } finally {
      hub.close();
    }
  }, 120_000);
});
