import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces } from '../../../../src-main/engine/domain/spaces/trash.js';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newCollection, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

const DAY = 24 * 60 * 60 * 1000;
const WINDOW = 7 * DAY;

async function deleted(spaceId: string): Promise<void> {
  expect((await call('deleteSpaceById', { params: { spaceId } })).status).toBe(204);
}

function rowExists(spaceId: string): boolean {
  return !!t.engine.db.get('SELECT 1 FROM spaces WHERE id = ?', spaceId);
}

describe('DELETE /v1/spaces/{spaceId}', () => {
  it('moves the space to the trash: still readable by id, out of every list', async () => {
    const collection = await newCollection(t.owner, t.organizationId);
    const space = await newSpace(t.owner, t.organizationId, { parent: collection.id });
    await deleted(space.id);

    const trashed = ok(await call('getSpaceById', { params: { spaceId: space.id } }));
    expect(trashed).toEqual({ ...space, deletedAt: t.clock.now().toISOString() });
    const inCollection = ok(await call('listSpacesInCollectionById', { params: { collectionId: collection.id } }));
    expect(inCollection.items).toEqual([]);
    const inOrganization = ok(await call('listSpacesInOrganizationById', { params: { organizationId: t.organizationId }, query: { limit: 1000 } }));
    expect(inOrganization.items.map((s) => s.id)).not.toContain(space.id);
    expect(ok(await call('listSpaceLinks', { params: { spaceId: space.id } })).count).toBe(0);
  });

  it('answers 404 for a space that does not exist or is already in the trash', async () => {
    expectFailure(await call('deleteSpaceById', { params: { spaceId: 'nope' } }), 404, 'No matching Space found for given ID');
    const { id } = await newSpace(t.owner, t.organizationId);
    await deleted(id);
    expectFailure(await call('deleteSpaceById', { params: { spaceId: id } }), 404);
  });

  it('leaves a space in the trash unchangeable until it is restored', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    await deleted(id);
    expectFailure(await call('updateSpaceById', { params: { spaceId: id }, body: { title: 'No' } }), 404);
    expectFailure(await call('moveSpace', { params: { spaceId: id }, body: { parent: null } }), 404);
  });
});

describe('POST /v1/spaces/{spaceId}/restore', () => {
  it('restores a space into its collection, after the siblings that are there now', async () => {
    const collection = await newCollection(t.owner, t.organizationId);
    const space = await newSpace(t.owner, t.organizationId, { title: 'Back', parent: collection.id });
    await newSpace(t.owner, t.organizationId, { title: 'Stays', parent: collection.id });
    await deleted(space.id);
    t.clock.advance(DAY);

    const restored = ok(await call('restoreSpace', { params: { spaceId: space.id } }));
    expect(restored).toEqual({ ...space, updatedAt: t.clock.now().toISOString() });
    const list = ok(await call('listSpacesInCollectionById', { params: { collectionId: collection.id } }));
    expect(list.items.map((s) => s.title)).toEqual(['Stays', 'Back']);
  });

  it('restores up to the last moment of the 7 days', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    await deleted(id);
    t.clock.advance(WINDOW - 1);
    expect(ok(await call('restoreSpace', { params: { spaceId: id } })).deletedAt).toBeUndefined();
  });

  it('forgets a space once its 7 days in the trash are over', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    await deleted(id);
    t.clock.advance(WINDOW);
    expectFailure(await call('getSpaceById', { params: { spaceId: id } }), 404);
    expectFailure(await call('restoreSpace', { params: { spaceId: id } }), 404);
    expectFailure(await call('listSpaceLinks', { params: { spaceId: id } }), 404);
  });

  it('answers 409 for a space that is not in the trash, and 404 for an unknown one', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    expectFailure(await call('restoreSpace', { params: { spaceId: id } }), 409, 'Operation would not result in any update');
    expectFailure(await call('restoreSpace', { params: { spaceId: 'nope' } }), 404);
  });
});

describe('purging the trash', () => {
  it('removes exactly the spaces past their 7 days', async () => {
    const old = await newSpace(t.owner, t.organizationId);
    await deleted(old.id);
    t.clock.advance(DAY);
    const recent = await newSpace(t.owner, t.organizationId);
    await deleted(recent.id);
    const kept = await newSpace(t.owner, t.organizationId);
    t.clock.advance(WINDOW - DAY);

    // Earlier tests left spaces in the trash too; the count covers those.
    expect(purgeExpiredSpaces(t.engine.db, t.engine.docs, t.clock.now().toISOString())).toBeGreaterThan(0);
    expect(rowExists(old.id)).toBe(false);
    expect(rowExists(recent.id)).toBe(true);
    expect(rowExists(kept.id)).toBe(true);
  });

  it('removes the Yjs docs of the purged space and only those', async () => {
    const gone = await newSpace(t.owner, t.organizationId);
    const stays = await newSpace(t.owner, t.organizationId);
    await deleted(gone.id);
    const docsOf = (spaceId: string) =>
      t.engine.db.all('SELECT doc_id FROM docs WHERE doc_id LIKE ?', `space/${spaceId}/%`).length;
    expect(docsOf(gone.id)).toBeGreaterThan(0);
    t.clock.advance(WINDOW);
    purgeExpiredSpaces(t.engine.db, t.engine.docs, t.clock.now().toISOString());
    expect(docsOf(gone.id)).toBe(0);
    expect(t.engine.db.all('SELECT 1 FROM doc_updates WHERE substr(doc_id, 1, ?) = ?', gone.id.length + 7, `space/${gone.id}/`)).toEqual([]);
    expect(docsOf(stays.id)).toBeGreaterThan(0);
  });

  it('happens when an engine starts', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    await deleted(id);
    t.clock.advance(WINDOW);
    expect(rowExists(id)).toBe(true);
    new Engine({ dataDir: t.dataDir, clock: t.clock, observeAnswers: referenceAnswers.observe }).close();
    expect(rowExists(id)).toBe(false);
  });
});
