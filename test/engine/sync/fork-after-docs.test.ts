import { describe, expect, it } from 'vitest';
import { encodeChangeMessage } from '../../../src-main/engine/sync/change-messages.js';
import { changesSince } from '../../../src-main/engine/sync/changes/since.js';
import { readRow } from '../../../src-main/engine/sync/changes/rows.js';
import { tableSpec } from '../../../src-main/engine/sync/changes/tables.js';
import { encodeDocMessage } from '../../../src-main/engine/sync/doc-messages.js';
import { ReplicaChangesChannel } from '../../../src-main/engine/sync/replica-changes.js';
import { ReplicaDocsChannel } from '../../../src-main/engine/sync/replica-docs.js';
import { saveUpstream } from '../../../src-main/engine/sync/sql.js';
import { changeRequestTreeDoc, mainTreeDoc } from '../../../src-main/engine/revisions/doc-names.js';
import { newSpace, ok } from '../../support/content.js';
import { TestServer } from '../../support/server.js';
import { fullStateOf } from './nodes.js';
import { created } from '../api/content/fixture.js';

const HUB_URL = 'ws://127.0.0.1:1/v1/sync';

/**
 * Found by the convergence fuzz (seed 10, under load): the hub copies main's tree into an open
 * change request when a merge first writes main, and that copy of an empty tree brings no structs.
 * A replica that received it before the change request's row left the doc unwritten; once the
 * row arrived, the doc read main there (the merged page) while the hub's copy stays empty.
 */
describe("a change request's doc that reaches a replica before the change request", () => {
  it('holds what the hub sent once the change request arrives, even a copy of an empty tree', async () => {
    const hub = await TestServer.start();
    const replica = await TestServer.start();
    try {
      const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
      const openOne = async (subject: string) => ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
      const [untouched, merged] = [await openOne('Untouched'), await openOne('Merged')];
      await created(hub.owner, { spaceId, changeRequestId: merged }, [{ operation: 'insert_page', title: 'Merged page', document: { markdown: 'p\n' } }]);
      ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: merged } }));

      const { db, docs, clock } = replica.engine;
      saveUpstream(db, HUB_URL, 'folio_token');
      const docsChannel = new ReplicaDocsChannel({
        db, docs, clock, openDocIds: () => [], onDocOpened: () => () => undefined, refused: () => undefined, schedule: () => () => undefined, quietMs: 0,
      });
      docsChannel.open({ send: () => undefined });
      // Live updates from the hub, before the change log brought the space and its change requests.
      for (const docId of [mainTreeDoc(spaceId), changeRequestTreeDoc(spaceId, untouched)]) {
        docsChannel.receive(encodeDocMessage({ type: 'update', docId, update: fullStateOf(hub, docId), stateVector: hub.engine.docs.stateVector(docId) }));
      }
      docsChannel.close();
      const changesChannel = new ReplicaChangesChannel({ db, docs, clock, url: HUB_URL, schedule: () => () => undefined, docsGate: { hold() {}, release() {}, retryOutbox() {} } });
      changesChannel.open({ send: () => undefined });
      changesChannel.receive(encodeChangeMessage({ type: 'hello', user: readRow(hub.engine.db, tableSpec('users')!, [hub.owner.id])! }));
      changesChannel.receive(encodeChangeMessage({ type: 'changes', ...changesSince(hub.engine.db, '', { user: hub.owner.id }, 100_000) }));
      changesChannel.close();

      const pagesOf = async (server: TestServer) =>
        ok(await server.owner.client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId: untouched } })).pages.map((page) => page.title);
      expect(await pagesOf(hub)).toEqual([]);
      expect(await pagesOf(replica)).toEqual([]);
      const mainPages = ok(await replica.owner.client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title);
      expect(mainPages).toEqual(['Merged page']);
    } finally {
      await replica.stop();
      await hub.stop();
    }
  });
});
