import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newCollection, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

describe('POST /v1/orgs/{organizationId}/collections', () => {
  it('creates an untitled collection at the root without a body, with 201 and its address', async () => {
    const res = await call('createCollection', { params: { organizationId: t.organizationId } });
    expect(res.status).toBe(201);
    const collection = ok(res);
    expect(collection).toEqual({
      object: 'collection',
      id: expect.any(String),
      title: 'Untitled',
      organization: t.organizationId,
      defaultLevel: 'inherit',
      urls: { location: `${t.url}/v1/collections/${collection.id}`, app: `${t.url}/app/collections/${collection.id}` },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    expect(res.headers.location).toBe(collection.urls.location);
  });

  it('creates a collection inside another', async () => {
    const parent = await newCollection(t.owner, t.organizationId, { title: 'Parent' });
    const child = await newCollection(t.owner, t.organizationId, { title: 'Child', parent: parent.id });
    expect(child.parent).toBe(parent.id);
    expect(ok(await call('getCollectionById', { params: { collectionId: child.id } }))).toEqual(child);
  });

  it('accepts a title of 50 characters and refuses 51', async () => {
    const params = { organizationId: t.organizationId };
    expect(ok(await call('createCollection', { params, body: { title: 'x'.repeat(50) } })).title).toBe('x'.repeat(50));
    expectFailure(await call('createCollection', { params, body: { title: 'x'.repeat(51) } }), 400, /^body\.title:/);
  });

  it('refuses a parent that is no collection of the organization with 400', async () => {
    const params = { organizationId: t.organizationId };
    expectFailure(await call('createCollection', { params, body: { parent: 'nope' } }), 400, /^body\.parent:/);
    const elsewhere = await newCollection(t.owner, otherOrganization(t));
    expectFailure(await call('createCollection', { params, body: { parent: elsewhere.id } }), 400, /^body\.parent:/);
  });

  it('answers 404 for an unknown organization', async () => {
    expectFailure(await call('createCollection', { params: { organizationId: 'nope' }, body: {} }), 404);
  });
});

describe('GET /v1/collections/{collectionId}', () => {
  it('answers 404 for an unknown collection', async () => {
    expectFailure(await call('getCollectionById', { params: { collectionId: 'nope' } }), 404);
  });

  it('refuses a path id outside the id pattern with 400', async () => {
    expectFailure(await call('getCollectionById', { params: { collectionId: 'a b' } }), 400, /^params\.collectionId:/);
  });
});

describe('PATCH /v1/collections/{collectionId}', () => {
  it('updates the title, the description and the default level', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    const updated = ok(
      await call('updateCollectionById', {
        params: { collectionId: id },
        body: { title: 'Guides', description: 'How to', defaultLevel: 'read' },
      }),
    );
    expect(updated).toMatchObject({ title: 'Guides', description: 'How to', defaultLevel: 'read' });
    const none = ok(await call('updateCollectionById', { params: { collectionId: id }, body: { defaultLevel: null } }));
    expect(none.defaultLevel).toBeNull();
    const back = ok(await call('updateCollectionById', { params: { collectionId: id }, body: { defaultLevel: 'inherit' } }));
    expect(back).toMatchObject({ title: 'Guides', description: 'How to', defaultLevel: 'inherit' });
  });

  it('keeps a collection as it is for an empty body', async () => {
    const collection = await newCollection(t.owner, t.organizationId, { title: 'Same' });
    expect(ok(await call('updateCollectionById', { params: { collectionId: collection.id }, body: {} }))).toEqual(collection);
  });

  it('takes a title up to 50 and a description up to 100 characters', async () => {
    const params = { collectionId: (await newCollection(t.owner, t.organizationId)).id };
    ok(await call('updateCollectionById', { params, body: { title: 'x'.repeat(50), description: 'y'.repeat(100) } }));
    expectFailure(await call('updateCollectionById', { params, body: { title: 'x'.repeat(51) } }), 400, /^body\.title:/);
    expectFailure(await call('updateCollectionById', { params, body: { description: 'y'.repeat(101) } }), 400, /^body\.description:/);
  });

  it('refuses a default level that is no role', async () => {
    const params = { collectionId: (await newCollection(t.owner, t.organizationId)).id };
    const body = { defaultLevel: 'owner' } as unknown as { defaultLevel: 'read' };
    expectFailure(await call('updateCollectionById', { params, body }), 400, /^body\.defaultLevel:/);
  });

  it('answers 404 for an unknown collection', async () => {
    expectFailure(await call('updateCollectionById', { params: { collectionId: 'nope' }, body: {} }), 404);
  });
});

describe('DELETE /v1/collections/{collectionId}', () => {
  it('deletes the collection and its sub-collections, and sends the spaces inside to the trash', async () => {
    const top = await newCollection(t.owner, t.organizationId);
    const sub = await newCollection(t.owner, t.organizationId, { parent: top.id });
    const direct = await newSpace(t.owner, t.organizationId, { parent: top.id });
    const nested = await newSpace(t.owner, t.organizationId, { parent: sub.id });

    const res = await call('deleteCollectionById', { params: { collectionId: top.id } });
    expect(res.status).toBe(204);
    expectFailure(await call('getCollectionById', { params: { collectionId: top.id } }), 404);
    expectFailure(await call('getCollectionById', { params: { collectionId: sub.id } }), 404);
    for (const space of [direct, nested]) {
      const trashed = ok(await call('getSpaceById', { params: { spaceId: space.id } }));
      expect(trashed.deletedAt).toBe(t.clock.now().toISOString());
      expect(trashed.parent).toBeUndefined();
    }
    const listed = ok(await call('listSpacesInOrganizationById', { params: { organizationId: t.organizationId }, query: { limit: 1000 } }));
    expect(listed.items.map((s) => s.id)).not.toContain(direct.id);

    const restored = ok(await call('restoreSpace', { params: { spaceId: nested.id } }));
    expect(restored.deletedAt).toBeUndefined();
    expect(restored.parent).toBeUndefined();
  });

  it('answers 404 for a collection that does not exist, or no longer does', async () => {
    const { id } = await newCollection(t.owner, t.organizationId);
    expect((await call('deleteCollectionById', { params: { collectionId: id } })).status).toBe(204);
    expectFailure(await call('deleteCollectionById', { params: { collectionId: id } }), 404);
    expectFailure(await call('deleteCollectionById', { params: { collectionId: 'nope' } }), 404);
  });
});

describe('GET /v1/orgs/{organizationId}/collections', () => {
  it('lists every collection by default, and only the top-level ones with nested=false', async () => {
    const organizationId = otherOrganization(t);
    const top = await newCollection(t.owner, organizationId, { title: 'Top' });
    t.clock.advance(1);
    const sub = await newCollection(t.owner, organizationId, { title: 'Sub', parent: top.id });
    const all = ok(await call('listCollectionsInOrganizationById', { params: { organizationId } }));
    expect(all.items.map((c) => c.id)).toEqual([top.id, sub.id]);
    expect(all.count).toBe(2);
    const nestedTrue = ok(await call('listCollectionsInOrganizationById', { params: { organizationId }, query: { nested: 'true' } }));
    expect(nestedTrue.items).toEqual(all.items);
    const topOnly = ok(await call('listCollectionsInOrganizationById', { params: { organizationId }, query: { nested: 'false' } }));
    expect(topOnly.items.map((c) => c.id)).toEqual([top.id]);
    expect(topOnly.count).toBe(1);
  });

  it('refuses a nested value that is no boolean', async () => {
    const res = await call('listCollectionsInOrganizationById', { params: { organizationId: t.organizationId }, query: { nested: 'maybe' } });
    expectFailure(res, 400, /^query\.nested:/);
  });

  it('takes a limit up to 1000', async () => {
    const params = { organizationId: t.organizationId };
    ok(await call('listCollectionsInOrganizationById', { params, query: { limit: 1000 } }));
    expectFailure(await call('listCollectionsInOrganizationById', { params, query: { limit: 1001 } }), 400, /^query\.limit:/);
  });

  it('pages through the collections in creation order with next', async () => {
    const organizationId = otherOrganization(t);
    const created = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1);
      created.push((await newCollection(t.owner, organizationId, { title: `C${i}` })).id);
    }
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = ok(await call('listCollectionsInOrganizationById', { params: { organizationId }, query: { limit: 2, page } }));
      expect(res.count).toBe(5);
      seen.push(...res.items.map((c) => c.id));
      page = res.next?.page;
    } while (page);
    expect(seen).toEqual(created);
  });

  it('answers 404 for an unknown organization', async () => {
    expectFailure(await call('listCollectionsInOrganizationById', { params: { organizationId: 'nope' } }), 404);
  });
});

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('lists the spaces directly in the collection in their order, without those in the trash', async () => {
    const collection = await newCollection(t.owner, t.organizationId);
    const sub = await newCollection(t.owner, t.organizationId, { parent: collection.id });
    const first = await newSpace(t.owner, t.organizationId, { title: 'First', parent: collection.id });
    const second = await newSpace(t.owner, t.organizationId, { title: 'Second', parent: collection.id });
    const gone = await newSpace(t.owner, t.organizationId, { parent: collection.id });
    await newSpace(t.owner, t.organizationId, { parent: sub.id });
    ok(await call('moveSpace', { params: { spaceId: second.id }, body: { position: { before: { type: 'space', space: first.id } } } }));
    expect((await call('deleteSpaceById', { params: { spaceId: gone.id } })).status).toBe(204);

    const list = ok(await call('listSpacesInCollectionById', { params: { collectionId: collection.id } }));
    expect(list.items.map((s) => s.title)).toEqual(['Second', 'First']);
    expect(list.count).toBe(2);
  });

  it('takes a limit up to 1000, and answers 404 for an unknown collection', async () => {
    const params = { collectionId: (await newCollection(t.owner, t.organizationId)).id };
    ok(await call('listSpacesInCollectionById', { params, query: { limit: 1000 } }));
    expectFailure(await call('listSpacesInCollectionById', { params, query: { limit: 1001 } }), 400, /^query\.limit:/);
    expectFailure(await call('listSpacesInCollectionById', { params: { collectionId: 'nope' } }), 404);
  });
});
