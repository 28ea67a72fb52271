import { describe, expect, it } from 'vitest';
import { blobExists, storeBlob } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { setFile } from '../../../../src-main/engine/domain/content/tree.js';
import { changeRequestTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { ok } from '../../../support/content.js';
import { changeDoc } from '../../transports/yjs/peers.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';
import { createHash } from 'node:crypto';

const current = syncedSpaceEachTest();

async function openChangeRequest(client: ApiClient, spaceId: string): Promise<string> {
  return ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Files' } })).id;
}

async function insertFile(client: ApiClient, spaceId: string, changeRequestId: string, text: string): Promise<string> {
  const files = [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from(text).toString('base64') }];
  const answer = ok(await client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes: [{ operation: 'insert_files', files }] } }));
  return ('insertedFiles' in answer ? answer.insertedFiles : [])[0]!.id;
}

/** A file's bytes as an engine serves them (its `downloadURL`), as text. */
async function download(at: { engine: Engine; token: string }, spaceId: string, changeRequestId: string, fileId: string): Promise<string> {
  const path = `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/download`;
  const answer = await at.engine.request({ method: 'GET', path, headers: { authorization: `Bearer ${at.token}` } });
  expect(answer.status).toBe(200);
  return Buffer.from(answer.body as Uint8Array).toString();
}

describe('file bytes over the sync socket', () => {
  it('a file inserted on one replica is listed and downloadable on the hub and on another replica', async () => {
    const { hub, spaceId } = current();
    const [a, b] = [await current().replica(), await current().replica()];
    const changeRequestId = await openChangeRequest(hub.owner.client, spaceId);
    await eventually(async () => ok(await a.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } })));
    const fileId = await insertFile(a.client, spaceId, changeRequestId, 'written on A');
    for (const at of [{ engine: hub.engine, token: hub.owner.token }, b]) {
      await eventually(async () => expect(await download(at, spaceId, changeRequestId, fileId)).toBe('written on A'));
    }
  });

  it('a file inserted on the hub reaches a replica that connects afterwards, and survives its restart', async () => {
    const { hub, spaceId } = current();
    const changeRequestId = await openChangeRequest(hub.owner.client, spaceId);
    const fileId = await insertFile(hub.owner.client, spaceId, changeRequestId, 'written on the hub');
    const a = await current().replica();
    await eventually(async () => expect(await download(a, spaceId, changeRequestId, fileId)).toBe('written on the hub'));
    await a.restart();
    expect(await download(a, spaceId, changeRequestId, fileId)).toBe('written on the hub');
  });

  it('bytes named only by a tree the replica’s user may not write never reach the hub', async () => {
    const { hub, spaceId } = current();
    const changeRequestId = await openChangeRequest(hub.owner.client, spaceId);
    const reader = await current().replica(hub.user('read').token);
    await eventually(async () => ok(await reader.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } })));
    // Past the API, as a replica that edits its own database would: the bytes, and a tree naming them.
    const bytes = Buffer.from('forged');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    reader.engine.db.transaction(() => storeBlob(reader.engine.db, sha256, bytes));
    changeDoc(reader.engine, changeRequestTreeDoc(spaceId, changeRequestId), (doc) =>
      setFile(doc, { id: 'forgedFile0000000000', name: 'forged.txt', contentType: 'text/plain', size: bytes.length, blob: sha256 }),
    );
    await eventually(async () => expect((await reader.status()).lastProblem).toMatch(/edit/));
    expect(blobExists(hub.engine.db, sha256)).toBe(false);
  });
});
