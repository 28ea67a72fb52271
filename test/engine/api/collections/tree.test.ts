import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newCollection, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

async function topLevelTitles(organizationId: string): Promise<string[]> {
  const list = ok(await call('listCollectionsInOrganizationById', { params: { organizationId }, query: { nested: 'false' } }));
  return list.items.map((c) => c.title);
}

describe('POST /v1/collections/{collectionId}/move', () => {
  it('moves a collection into another, and back to the root with parent null', async () => {
    const a = await newCollection(t.owner, t.organizationId);
    const b = await newCollection(t.owner, t.organizationId);
    const moved = ok(await call('moveCollection', { params: { collectionId: a.id }, body: { parent: b.id } }));
    expect(moved.parent).toBe(b.id);
    const back = ok(await call('moveCollection', { params: { collectionId: a.id }, body: { parent: null } }));
    expect(back.parent).toBeUndefined();
  });

  it('reorders collections among their siblings with before and after', async () => {
    const organizationId = otherOrganization(t);
    const [a, b, c] = [
      await newCollection(t.owner, organizationId, { title: 'A' }),
      await newCollection(t.owner, organizationId, { title: 'B' }),
      await newCollection(t.owner, organizationId, { title: 'C' }),
    ];
    const before = (collection: string) => ({ before: { type: 'collection' as const, collection } });
    const after = (collection: string) => ({ after: { type: 'collection' as const, collection } });
    ok(await call('moveCollection', { params: { collectionId: c.id }, body: { position: before(a.id) } }));
    expect(await topLevelTitles(organizationId)).toEqual(['C', 'A', 'B']);
    ok(await call('moveCollection', { params: { collectionId: c.id }, body: { position: after(b.id) } }));
    expect(await topLevelTitles(organizationId)).toEqual(['A', 'B', 'C']);
    ok(await call('moveCollection', { params: { collectionId: a.id }, body: { position: { ...after(b.id), ...before(c.id) } } }));
    expect(await topLevelTitles(organizationId)).toEqual(['B', 'A', 'C']);
    ok(await call('moveCollection', { params: { collectionId: b.id }, body: { position: {} } }));
    expect(await topLevelTitles(organizationId)).toEqual(['A', 'C', 'B']);
  });

  it('takes a space among the siblings as the position pointer', async () => {
    const organizationId = otherOrganization(t);
    const a = await newCollection(t.owner, organizationId, { title: 'A' });
    const space = await newSpace(t.owner, organizationId);
    await newCollection(t.owner, organizationId, { title: 'B' });
    const body = { position: { after: { type: 'space' as const, space: space.id } } };
    ok(await call('moveCollection', { params: { collectionId: a.id }, body }));
    expect(await topLevelTitles(organizationId)).toEqual(['A', 'B']);
    expectFailure(await call('moveCollection', { params: { collectionId: a.id }, body }), 409);
  });

  it('moves a collection into another at a position among the spaces there', async () => {
    const target = await newCollection(t.owner, t.organizationId);
    const first = await newSpace(t.owner, t.organizationId, { parent: target.id });
    const moving = await newCollection(t.owner, t.organizationId);
    const body = { parent: target.id, position: { before: { type: 'space' as const, space: first.id } } };
    expect(ok(await call('moveCollection', { params: { collectionId: moving.id }, body })).parent).toBe(target.id);
  });

  it('refuses a body with neither parent nor position with 400', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    expectFailure(await call('moveCollection', { params: { collectionId: id }, body: {} }), 400, /^body: /);
  });

  it('refuses to move a collection into itself or one of its descendants with 400', async () => {
    const top = await newCollection(t.owner, t.organizationId);
    const sub = await newCollection(t.owner, t.organizationId, { parent: top.id });
    const subSub = await newCollection(t.owner, t.organizationId, { parent: sub.id });
    for (const parent of [top.id, sub.id, subSub.id]) {
      expectFailure(await call('moveCollection', { params: { collectionId: top.id }, body: { parent } }), 400, /^body\.parent:/);
    }
  });

  it('refuses a parent that is no collection of the organization with 400', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    const elsewhere = await newCollection(t.owner, otherOrganization(t));
    for (const parent of ['nope', elsewhere.id]) {
      expectFailure(await call('moveCollection', { params: { collectionId: id }, body: { parent } }), 400, /^body\.parent:/);
    }
  });

  it('refuses a position pointer that is unknown or no sibling in the target parent with 400', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const inside = await newSpace(t.owner, t.organizationId, { parent: parent.id });
    const { id } = await newCollection(t.owner, t.organizationId);
    const message = 'Invalid position space or collection provided';
    const unknown = { position: { before: { type: 'collection' as const, collection: 'nope' } } };
    expectFailure(await call('moveCollection', { params: { collectionId: id }, body: unknown }), 400, message);
    const notSibling = { position: { after: { type: 'space' as const, space: inside.id } } };
    expectFailure(await call('moveCollection', { params: { collectionId: id }, body: notSibling }), 400, message);
    const wrongType = { position: { after: { type: 'collection' as const, collection: inside.id } } };
    expectFailure(await call('moveCollection', { params: { collectionId: id }, body: wrongType }), 400, message);
  });

  it('refuses before and after pointers that are not neighbours with 400', async () => {
    const organizationId = otherOrganization(t);
    const [a, , c] = [
      await newCollection(t.owner, organizationId),
      await newCollection(t.owner, organizationId),
      await newCollection(t.owner, organizationId),
    ];
    const moving = await newCollection(t.owner, organizationId);
    const position = { after: { type: 'collection' as const, collection: a.id }, before: { type: 'collection' as const, collection: c.id } };
    expectFailure(await call('moveCollection', { params: { collectionId: moving.id }, body: { position } }), 400);
  });

  it('answers 409 when the move would change nothing', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const { id } = await newCollection(t.owner, t.organizationId, { parent: parent.id });
    const message = 'Operation would not result in any update';
    expectFailure(await call('moveCollection', { params: { collectionId: id }, body: { parent: parent.id } }), 409, message);
    expectFailure(await call('moveCollection', { params: { collectionId: id }, body: { position: {} } }), 409, message);
  });

  it('answers 404 for an unknown collection', async () => {
    expectFailure(await call('moveCollection', { params: { collectionId: 'nope' }, body: { parent: null } }), 404);
  });
});

describe('POST /v1/collections/{collectionId}/transfer', () => {
  it('moves the collection with its sub-collections and spaces to the root of another organization', async () => {
    const target = otherOrganization(t);
    const parent = await newCollection(t.owner, t.organizationId);
    const top = await newCollection(t.owner, t.organizationId, { parent: parent.id });
    const sub = await newCollection(t.owner, t.organizationId, { parent: top.id });
    const space = await newSpace(t.owner, t.organizationId, { parent: sub.id });
    const existing = await newCollection(t.owner, target, { title: 'Existing' });

    t.clock.advance(1000);
    const moved = ok(await call('transferCollection', { params: { collectionId: top.id }, body: { organization: target } }));
    expect(moved).toMatchObject({ id: top.id, organization: target });
    expect(moved.parent).toBeUndefined();
    expect(ok(await call('getCollectionById', { params: { collectionId: sub.id } }))).toMatchObject({ organization: target, parent: top.id });
    const movedSpace = ok(await call('getSpaceById', { params: { spaceId: space.id } }));
    expect(movedSpace).toMatchObject({ organization: target, parent: sub.id, updatedAt: t.clock.now().toISOString() });
    expect(await topLevelTitles(target)).toEqual([existing.title, top.title]);
    const left = ok(await call('listCollectionsInOrganizationById', { params: { organizationId: t.organizationId } }));
    expect(left.items.map((c) => c.id)).not.toContain(sub.id);
  });

  it('answers 409 for a transfer to the same organization', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    const res = await call('transferCollection', { params: { collectionId: id }, body: { organization: t.organizationId } });
    expectFailure(res, 409, 'Transfer would not result in any update');
  });

  it('answers 412 when a space inside is in the trash', async () => {
    const top = await newCollection(t.owner, t.organizationId);
    const sub = await newCollection(t.owner, t.organizationId, { parent: top.id });
    const space = await newSpace(t.owner, t.organizationId, { parent: sub.id });
    ok(await call('deleteSpaceById', { params: { spaceId: space.id } }));
    const res = await call('transferCollection', { params: { collectionId: top.id }, body: { organization: otherOrganization(t) } });
    expectFailure(res, 412, 'The collection cannot be moved.');
  });

  it('refuses a target organization that does not exist with 400', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    const res = await call('transferCollection', { params: { collectionId: id }, body: { organization: 'nope' } });
    expectFailure(res, 400, /^body\.organization:/);
  });

  it('needs create rights in the target organization', async () => {
    const admin = t.user('admin');
    const { id } = await newCollection(admin, t.organizationId);
    const target = otherOrganization(t, [[admin, 'edit']]);
    expectFailure(await admin.client.call('transferCollection', { params: { collectionId: id }, body: { organization: target } }), 403);
  });

  it('refuses a body without organization with 400, and answers 404 for an unknown collection', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    const body = {} as { organization: string };
    expectFailure(await call('transferCollection', { params: { collectionId: id }, body }), 400, /^body\.organization:/);
    expectFailure(await call('transferCollection', { params: { collectionId: 'nope' }, body: { organization: t.organizationId } }), 404);
  });
});
