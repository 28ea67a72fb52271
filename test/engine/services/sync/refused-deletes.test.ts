import { beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, newCollection, newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { eventually, hubEachTest, type Replica } from './nodes.js';

/**
 * A replica that deletes rows in its own database which its user may not delete (docs/sync.md,
 * "Roles"): the hub refuses, and the replica gets the rows back, with what hangs off them.
 */
const nodes = hubEachTest();
let hub: TestServer;
beforeEach(() => {
  hub = nodes.hub();
});

const replicaOf = (user: TestUser): Promise<Replica> => nodes.replicaOf(user);

/** Whether the hub refused a delete of the row (and so answered it with a compensating change). */
function refusedOnHub(table: string, id: string): boolean {
  return hub.engine.db.get('SELECT 1 FROM rejected_changes WHERE tbl = ? AND row_key = ?', table, JSON.stringify([id])) !== undefined;
}

/** What the space's reader sees of it through the API. */
async function spaceSeenBy(client: Replica['client'], spaceId: string) {
  const space = ok(await client.call('getSpaceById', { params: { spaceId } }));
  const pages = ok(await client.call('listPages', { params: { spaceId }, query: {} })).pages.map((page) => page.title);
  const changeRequests = ok(await client.call('listChangeRequestsForSpace', { params: { spaceId }, query: {} })).items.map((cr) => cr.subject);
  const comments = ok(await client.call('listCommentsInSpace', { params: { spaceId }, query: {} })).items.map((comment) => comment.id);
  return { title: space.title, parent: space.parent ?? null, pages, changeRequests, comments };
}

/** A space of the hub owner's with a page, a change request and a comment thread. */
async function furnishedSpace(parent?: string) {
  const space = await newSpace(hub.owner, hub.organizationId, { title: 'Guides', ...(parent ? { parent } : {}) });
  const params = { spaceId: space.id };
  const changeRequestId = ok(await hub.owner.client.call('createChangeRequest', { params, body: { subject: 'Pages' } })).id;
  await created(hub.owner, { spaceId: space.id, changeRequestId }, [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.\n' } }]);
  ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId: space.id, changeRequestId } }));
  ok(await hub.owner.client.call('createChangeRequest', { params, body: { subject: 'Open one' } }));
  ok(await hub.owner.client.call('postCommentInSpace', { params, body: { body: { markdown: 'A thought.' } } }));
  return space.id;
}

describe('a deletion the hub refuses for the role is undone on the replica', () => {
  for (const role of ['read', 'edit'] as const) {
    it(`a ${role} member's replica that deletes a space in its own database gets it back whole, pages, change requests and comments`, async () => {
      const spaceId = await furnishedSpace();
      const user = hub.user(role);
      const replica = await replicaOf(user);
      const expected = await spaceSeenBy(hub.owner.client, spaceId);
      await eventually(async () => expect(await spaceSeenBy(replica.client, spaceId)).toEqual(expected));

      replica.engine.db.run('DELETE FROM spaces WHERE id = ?', spaceId);
      expectFailure(await replica.client.call('getSpaceById', { params: { spaceId } }), 404);
      await eventually(() => expect(refusedOnHub('spaces', spaceId)).toBe(true));

      await eventually(async () => expect(await spaceSeenBy(replica.client, spaceId)).toEqual(expected));
      expect(await spaceSeenBy(hub.owner.client, spaceId)).toEqual(expected);
      await eventually(async () => expect((await replica.status()).outbox).toBe(0));
    });
  }

  it("a reader's replica that deletes a collection in its own database gets it back, and the space in it", async () => {
    const collection = await newCollection(hub.owner, hub.organizationId, { title: 'Handbook' });
    const spaceId = await furnishedSpace(collection.id);
    const reader = hub.user('read');
    const replica = await replicaOf(reader);
    const expected = await spaceSeenBy(hub.owner.client, spaceId);
    await eventually(async () => expect(await spaceSeenBy(replica.client, spaceId)).toEqual(expected));

    replica.engine.db.run('DELETE FROM collections WHERE id = ?', collection.id);
    expectFailure(await replica.client.call('getCollectionById', { params: { collectionId: collection.id } }), 404);
    await eventually(() => expect(refusedOnHub('collections', collection.id)).toBe(true));

    await eventually(async () => {
      expect(ok(await replica.client.call('getCollectionById', { params: { collectionId: collection.id } })).title).toBe('Handbook');
      expect(await spaceSeenBy(replica.client, spaceId)).toEqual(expected);
    });
    expect(ok(await hub.owner.client.call('getCollectionById', { params: { collectionId: collection.id } })).title).toBe('Handbook');
  });
});
