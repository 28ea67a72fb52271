import { expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { noteMissingBlobs } from '../../../../src-main/engine/sync/blobs/missing-blobs.js';
import { startPostgresHub } from '../../../../src-main/engine/sync/postgres/hub-server.js';
import { changeRequestBranch, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../support/content.js';
import { eventually } from '../nodes.js';
import { changeRequestOn, download, insertFile, storedBlobRows, teamOn } from './blob-files.js';
import { describeWithPostgres, hubClusterEachTest, hubUser, startHubProcess } from './hub-processes.js';

describeWithPostgres('file bytes a process of the hub noted missing before the uploader’s process did', (postgres) => {
  const cluster = hubClusterEachTest(postgres);

  it('are asked of the uploader’s replica by its own process, and served by the other', async () => {
    const database = cluster.database();
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    const first = await startHubProcess(database);
    cluster.hubs().push(first);
    // The other process in this one, so that the test can write in its turns.
    const second = await startPostgresHub(database, 0, (message) => {
      throw new Error(message);
    });
    try {
      const a = await cluster.replicaOn(first.syncUrl, ann.token);
      const b = await cluster.replicaOn(`ws://127.0.0.1:${second.port}/v1/sync`, ann.token);
      const { spaceId, changeRequestId } = await changeRequestOn(a.client, (await teamOn(a)).id);
      const tree = treeDoc(spaceId, changeRequestBranch(changeRequestId));
      await eventually(async () => expect(await a.status()).toMatchObject({ pendingChanges: 0, outbox: 0 }));
      await eventually(async () => expect((await b.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } })).status).toBe(200));

      // The uploader's replica, connected again with its docs held: its tree stays here, its bytes
      // are asked for only on its open blobs channel.
      a.holdDocs = true;
      a.engine.sync.restart();
      await eventually(async () => expect(await a.status()).toMatchObject({ state: 'connected' }));
      const text = 'noted missing by the other process first';
      const fileId = await insertFile(a.client, spaceId, changeRequestId, text);

      // The order a loaded machine gave: the other process had the tree that names the file (here
      // written by it) and noted its bytes missing before the uploader's process noted them, so
      // that process, on its turn, found them noted already.
      const { db, docs } = second.opened.engine;
      db.transaction(() => {
        expect(docs.applyRemote(tree, Y.encodeStateAsUpdate(a.engine.docs.load(tree), docs.stateVector(tree)), 'uploader')).toMatchObject({ ok: true, applied: true });
        expect(noteMissingBlobs(db, docs, tree)).toHaveLength(1);
      });

      // The uploader's process hears of the note and asks its replica; the other serves the file.
      await vi.waitFor(async () => expect(await download(b, spaceId, changeRequestId, fileId)).toBe(text), { timeout: 60_000, interval: 50 });
      expect([...(await storedBlobRows(database)).keys()]).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 180_000);
});
