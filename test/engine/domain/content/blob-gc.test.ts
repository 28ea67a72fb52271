import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces, TRASH_RETENTION_MS } from '../../../../src-main/engine/domain/spaces/trash.js';
import { collectUnreachableBlobs } from '../../../../src-main/engine/domain/content/blob-gc.js';
import { storeBlob } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { FILES } from '../../../../src-main/engine/domain/content/tree.js';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { editDoc } from '../../../support/yjs-edits.js';
import { spaceWithChangeRequest, write } from '../../api/content/fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const blobKept = (text: string) => t.engine.db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256(text)) !== undefined;
const collect = () => t.engine.db.transaction(() => collectUnreachableBlobs(t.engine.db));

/** A space whose main content holds a file of `text`, merged from a change request; answers the space and file ids. */
async function spaceWithFile(text: string) {
  const target = await spaceWithChangeRequest(t);
  const base64 = Buffer.from(text).toString('base64');
  const answer = ok(await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64 }] }]));
  if (!('insertedFiles' in answer)) throw new Error('expected the detailed answer');
  ok(await t.owner.client.call('mergeChangeRequest', { params: target }));
  return { spaceId: target.spaceId, fileId: answer.insertedFiles[0]!.id };
}

async function purge(spaceId: string) {
  ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId } }));
  t.clock.advance(TRASH_RETENTION_MS);
  purgeExpiredSpaces(t.engine.db, t.engine.docs, t.clock.now().toISOString());
}

describe('file bytes are collected once no content reaches them', () => {
  it('deletes the bytes of a purged space', async () => {
    const { spaceId } = await spaceWithFile('only in the purged space');
    expect(blobKept('only in the purged space')).toBe(true);
    await purge(spaceId);
    expect(blobKept('only in the purged space')).toBe(false);
  });

  it('keeps bytes another space still lists (a duplicate shares them)', async () => {
    const { spaceId, fileId } = await spaceWithFile('shared with the duplicate');
    const copy = ok(await t.owner.client.call('duplicateSpace', { params: { spaceId } }));
    await purge(spaceId);
    expect(blobKept('shared with the duplicate')).toBe(true);
    const file = ok(await t.owner.client.call('getFileById', { params: { spaceId: copy.id, fileId } }));
    const response = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(await response.text()).toBe('shared with the duplicate');
  });

  it('keeps the bytes of a deleted file while a revision holds it, until its space goes', async () => {
    const { spaceId, fileId } = await spaceWithFile('deleted from the tree');
    editDoc(t.engine.docs, mainTreeDoc(spaceId), (doc) => doc.getMap(FILES).delete(fileId));
    expect(ok(await t.owner.client.call('listFiles', { params: { spaceId } })).items).toEqual([]);
    expect(collect()).toBe(0);
    expect(blobKept('deleted from the tree')).toBe(true);
    await purge(spaceId);
    expect(blobKept('deleted from the tree')).toBe(false);
  });

  it('keeps bytes a change request uploaded but never merged', async () => {
    const target = await spaceWithChangeRequest(t);
    const base64 = Buffer.from('in an open change request').toString('base64');
    ok(await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'b.txt', contentType: 'text/plain', base64 }] }]));
    expect(collect()).toBe(0);
    expect(blobKept('in an open change request')).toBe(true);
  });

  it('deletes bytes no tree ever named', async () => {
    t.engine.db.transaction(() => storeBlob(t.engine.db, sha256('orphan'), Buffer.from('orphan')));
    expect(collect()).toBe(1);
    expect(blobKept('orphan')).toBe(false);
  });
});
