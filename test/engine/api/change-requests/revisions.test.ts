import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces, TRASH_RETENTION_MS } from '../../../../src-main/engine/domain/spaces/trash.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const revisionsOf = (spaceId: string) =>
  t.engine.db.all<{ id: string; parents: string; type: string }>('SELECT id, parents, type FROM revisions WHERE space_id = ?', spaceId);

describe('revisions of a space', () => {
  it('start with the first revision, named by the space, over its empty main page tree', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expect(revisionsOf(space.id)).toEqual([{ id: space.revision, parents: '[]', type: 'edits' }]);
    const docs = t.engine.db.all('SELECT doc_id FROM revision_docs WHERE revision_id = ?', space.revision);
    expect(docs).toEqual([{ doc_id: `space/${space.id}/main/tree` }]);
    expect(t.engine.docs.load(`space/${space.id}/main/tree`).store.clients.size).toBe(0);
  });

  it('are not shared by a duplicate, which gets a first revision of its own', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const copy = ok(await t.owner.client.call('duplicateSpace', { params: { spaceId: space.id } }));
    expect(copy.revision).not.toBe(space.revision);
    expect(revisionsOf(copy.id)).toEqual([{ id: copy.revision, parents: '[]', type: 'edits' }]);
  });

  it('go, with the change requests, when the space is purged from the trash', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: {} }));
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: space.id } }));
    const later = new Date(t.clock.now().getTime() + TRASH_RETENTION_MS + 1).toISOString();
    purgeExpiredSpaces(t.engine.db, t.engine.docs, later);
    expect(revisionsOf(space.id)).toEqual([]);
    expect(t.engine.db.all('SELECT id FROM change_requests WHERE space_id = ?', space.id)).toEqual([]);
  });

  it('a merge answers as the revision that merged its change request, which it names in full (mergedFrom)', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Merge me' } }));
    const merged = ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId: space.id, changeRequestId: cr.id } }));
    const current = ok(await t.owner.client.call('getCurrentRevision', { params: { spaceId: space.id } }));
    expect(current).toMatchObject({ id: merged.revision, type: 'merge', mergedFrom: { object: 'change-request', id: cr.id, status: 'merged', subject: 'Merge me' } });
    const edits = ok(await t.owner.client.call('getRevisionOfChangeRequestById', { params: { spaceId: space.id, changeRequestId: cr.id } }));
    expect(edits).not.toHaveProperty('mergedFrom');
  });
});
