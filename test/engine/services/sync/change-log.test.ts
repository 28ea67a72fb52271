import { beforeEach, describe, expect, it } from 'vitest';
import { newCollection, newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { eventually, hubEachTest, type Replica } from './nodes.js';

/**
 * The metadata change log on the sync socket (docs/sync.md, "Change log"): a hub and replicas
 * as real engines on loopback, each replica driven through its own HTTP API.
 */
const nodes = hubEachTest();
let hub: TestServer;
beforeEach(() => {
  hub = nodes.hub();
});

const replicaOf = (user: TestUser = hub.owner): Promise<Replica> => nodes.replicaOf(user);

/** The replica's owner (now the hub user it adopted), as a test user of its own API. */
const userOf = (replica: Replica, hubUser: TestUser = hub.owner): TestUser => ({ ...hubUser, client: replica.client });

describe('the change log between replicas and a hub', () => {
  it('brings an organization, collection, space and change request made on one replica to the other', async () => {
    const [a, b] = [await replicaOf(), await replicaOf()];
    const organizationId = ok(await a.client.call('createOrganization', { params: undefined, body: { title: 'Made on A' } })).id;
    const collection = await newCollection(userOf(a), organizationId, { title: 'Handbook' });
    const space = await newSpace(userOf(a), organizationId, { title: 'Guides', parent: collection.id });
    const cr = ok(await a.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'From A' } }));

    await eventually(async () => {
      expect(ok(await b.client.call('getOrganizationById', { params: { organizationId } })).title).toBe('Made on A');
      expect(ok(await b.client.call('getCollectionById', { params: { collectionId: collection.id } })).title).toBe('Handbook');
      expect(ok(await b.client.call('getSpaceById', { params: { spaceId: space.id } })).title).toBe('Guides');
      expect(ok(await b.client.call('getChangeRequestById', { params: { spaceId: space.id, changeRequestId: cr.id } })).subject).toBe('From A');
    });
    expect(ok(await hub.owner.client.call('getSpaceById', { params: { spaceId: space.id } })).parent).toBe(collection.id);
  });

  it('uploads, once connected, what a replica made alone before: its organization first, then the pages of its space', async () => {
    const replica = await nodes.alone();
    const local = userOf(replica);
    const organizationId = ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items[0]!.id;
    const spaceId = (await newSpace(local, organizationId, { title: 'Made alone' })).id;
    const changeRequestId = ok(await replica.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Offline pages' } })).id;
    const [page] = await created(local, { spaceId, changeRequestId }, [{ operation: 'insert_page', title: 'Notes', document: { markdown: 'Written alone.\n' } }]);
    ok(await replica.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId } }));

    await replica.connectTo(hub, hub.owner.token);

    await eventually(async () => {
      expect(ok(await hub.owner.client.call('getSpaceById', { params: { spaceId } })).title).toBe('Made alone');
      const onHub = ok(await hub.owner.client.call('getPageById', { params: { spaceId, pageId: page! }, query: { format: 'markdown' } }));
      expect('markdown' in onHub ? onHub.markdown : undefined).toBe('Written alone.\n');
    });
    expect(ok(await replica.client.call('getAuthenticatedUser', { params: undefined })).id).toBe(hub.owner.id);
    expect(ok(await replica.client.call('getOrganizationById', { params: { organizationId: hub.organizationId } })).id).toBe(hub.organizationId);
  });

  it('uploads comments, replies and reactions made alone before, as the hub user\'s', async () => {
    const replica = await nodes.alone();
    const organizationId = ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items[0]!.id;
    const spaceId = (await newSpace(userOf(replica), organizationId, { title: 'Discussed alone' })).id;
    const params = { spaceId };
    const thread = ok(await replica.client.call('postCommentInSpace', { params, body: { body: { markdown: 'Written alone.' } } }));
    const commentParams = { spaceId, commentId: thread.id };
    ok(await replica.client.call('postCommentReplyInSpace', { params: commentParams, body: { body: { markdown: 'A reply.' } } }));
    ok(await replica.client.call('updateCommentInSpace', { params: commentParams, body: { resolved: true, addedReactions: ['👍'] } }));

    await replica.connectTo(hub, hub.owner.token);

    await eventually(async () => {
      const onHub = ok(await hub.owner.client.call('getCommentInSpace', { params: commentParams, query: { format: 'markdown' } }));
      expect(onHub).toMatchObject({ postedBy: { id: hub.owner.id }, status: 'resolved', resolvedBy: { id: hub.owner.id } });
      const replies = ok(await hub.owner.client.call('listCommentRepliesInSpace', { params: commentParams }));
      expect(replies.items.map((reply) => reply.postedBy.id)).toEqual([hub.owner.id]);
    });
    const onReplica = ok(await replica.client.call('getCommentInSpace', { params: commentParams }));
    expect(onReplica.postedBy.id).toBe(hub.owner.id);
    await eventually(async () => expect((await replica.status()).outbox).toBe(0));
  });

  it('converges a space renamed on both replicas while offline to the later name', async () => {
    const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Before' })).id;
    const [a, b] = [await replicaOf(), await replicaOf()];
    const titleOn = async (replica: Replica) => ok(await replica.client.call('getSpaceById', { params: { spaceId } })).title;
    await eventually(async () => expect([await titleOn(a), await titleOn(b)]).toEqual(['Before', 'Before']));

    a.engine.sync.stop();
    b.engine.sync.stop();
    ok(await a.client.call('updateSpaceById', { params: { spaceId }, body: { title: 'Renamed on A' } }));
    // Stamps order by wall time first: B's rename is the later one once the millisecond has passed.
    const renamedOnA = Date.now();
    await eventually(() => expect(Date.now()).toBeGreaterThan(renamedOnA));
    ok(await b.client.call('updateSpaceById', { params: { spaceId }, body: { title: 'Renamed on B' } }));
    a.engine.sync.start();
    b.engine.sync.start();

    await eventually(async () => {
      expect(await titleOn(a)).toBe('Renamed on B');
      expect(await titleOn(b)).toBe('Renamed on B');
      expect(ok(await hub.owner.client.call('getSpaceById', { params: { spaceId } })).title).toBe('Renamed on B');
    });
  });

  it('reverts a replica that edits its own database to make its reader an admin; the hub never obeys', async () => {
    const reader = hub.user('read');
    const replica = await replicaOf(reader);
    const roleOn = (db: Replica['engine']['db'] | TestServer['engine']['db']) =>
      db.get<{ role: string }>('SELECT role FROM members WHERE organization_id = ? AND user_id = ?', hub.organizationId, reader.id)?.role;
    await eventually(() => expect(roleOn(replica.engine.db)).toBe('read'));

    replica.engine.db.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", hub.organizationId, reader.id);

    await eventually(() => expect(roleOn(replica.engine.db)).toBe('read'));
    expect(roleOn(hub.engine.db)).toBe('read');
    const member = ok(await hub.owner.client.call('getMemberInOrganizationById', { params: { organizationId: hub.organizationId, userId: reader.id } }));
    expect(member.role).toBe('read');
  });

  it('makes page content written and merged on one replica readable on the other', async () => {
    const [a, b] = [await replicaOf(), await replicaOf()];
    const spaceId = (await newSpace(userOf(a), hub.organizationId, { title: 'Written on A' })).id;
    const changeRequestId = ok(await a.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Pages' } })).id;
    const [guide] = await created(userOf(a), { spaceId, changeRequestId }, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Written on A.\n' } },
    ]);
    expect(ok(await a.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId } })).result).toBe('merge');

    await eventually(async () => {
      const page = ok(await b.client.call('getPageById', { params: { spaceId, pageId: guide! }, query: { format: 'markdown' } }));
      expect('markdown' in page ? page.markdown : undefined).toBe('Written on A.\n');
      expect(ok(await b.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } })).status).toBe('merged');
    });
  });
});
