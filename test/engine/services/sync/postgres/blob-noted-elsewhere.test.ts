import { createHash } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { filesMap } from '../../../../../src-main/engine/domain/content/tree.js';
import { acceptBlob, missingBlobs, noteMissingBlobs } from '../../../../../src-main/engine/services/sync/blobs/missing-blobs.js';
import { startPostgresHub } from '../../../../../src-main/engine/app/sync/postgres/hub-server.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { changeRequestBranch, mainTreeDoc, treeDoc } from '../../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../../support/content.js';
import { eventually } from '../nodes.js';
import { changeRequestOn, download, insertFile, storedBlobRows, teamOn } from './blob-files.js';
import { describeWithPostgres, hubClusterEachTest, hubUser, startHubProcess } from './hub-processes.js';

describeWithPostgres('file bytes noted missing on a hub of several processes', (postgres) => {
  const cluster = hubClusterEachTest(postgres);

  it('noted first by another process than the uploader’s are asked of the uploader’s replica by its own process, and served by the other', async () => {
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

  it('are not noted missing by a process whose turn brought them', async () => {
    const url = cluster.database();
    const first = await openPostgresEngine(url);
    const second = await openPostgresEngine(url);
    try {
      const bytes = Buffer.from('stored while the other process looked');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const tree = mainTreeDoc('aSpaceOfTwoProcesses');
      const doc = new Y.Doc();
      filesMap(doc).set('aFileOfTwoProcesses', new Y.Map<unknown>([['name', 'notes.txt'], ['blob', sha256]]));
      // The first process writes a tree naming bytes it lacks, the second replays it in a turn of its own.
      expect(first.engine.docs.append(tree, Y.encodeStateAsUpdate(doc))).toMatchObject({ ok: true });
      second.engine.db.transaction(() => undefined);
      // The bytes reach the first process: stored, and no longer noted missing.
      acceptBlob(first.engine.db, first.engine.docs, sha256, bytes);

      // The second finds them missing in its copy, but its noting turn replays them first.
      expect(noteMissingBlobs(second.engine.db, second.engine.docs, tree)).toEqual([]);
      expect(first.engine.db.transaction(() => missingBlobs(first.engine.db))).toEqual([]);
    } finally {
      // What the replays tell the engines' listeners runs a microtask later: before they close.
      await new Promise((resolve) => setImmediate(resolve));
      first.close();
      second.close();
    }
  }, 60_000);
});
