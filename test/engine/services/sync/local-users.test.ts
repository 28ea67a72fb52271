import { describe, expect, it } from 'vitest';
import { AdminError, addMember, addUser, issueToken } from '../../../../src-main/engine/app/admin/commands.js';
import { ApiClient } from '../../../../src-shared/client/client.js';
import { httpTransport } from '../../../../src-shared/client/http-transport.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { hubEachTest, eventually, type Replica } from './nodes.js';

/**
 * A device with several local users meets a hub (docs/sync.md, "Identity"): only the data dir's
 * owner becomes the hub user; the others keep their ids and their work, and are uploaded with it.
 * Real engines on loopback, each driven through its own HTTP API.
 */
const nodes = hubEachTest();

const unwrap = (value: string | AdminError): string => {
  if (value instanceof AdminError) throw new Error(value.message);
  return value;
};

/** A second person on the device, added as `folio user add` and `member add` do, with a token of their own. */
function localUser(replica: Replica, email: string, name: string, organizationId: string, role = 'edit'): TestUser {
  const id = unwrap(addUser(replica.engine, email, name));
  unwrap(addMember(replica.engine, organizationId, email, role));
  const token = unwrap(issueToken(replica.engine, email));
  return { id, email, token, client: new ApiClient(httpTransport(replica.server.url, token, fetch)) };
}

async function starterOrganization(replica: Replica): Promise<string> {
  return ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items[0]!.id;
}

const settled = (replica: Replica) =>
  eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0, lastProblem: null }));

describe('a device with several local users', () => {
  it('connects: the owner becomes the hub user, a second member keeps their work under their own name', async () => {
    const hub: TestServer = nodes.hub();
    const replica = await nodes.alone();
    const organizationId = await starterOrganization(replica);
    const owner: TestUser = { ...replica, id: '', email: '', token: replica.token, client: replica.client };
    const grace = localUser(replica, 'grace@example.com', 'Grace Hopper', organizationId);
    const spaceId = (await newSpace(owner, organizationId, { title: 'Shared on the device' })).id;
    const changeRequestId = ok(await grace.client.call('createChangeRequest', { params: { spaceId }, body: { subject: "Grace's draft" } })).id;
    const thread = ok(await grace.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'Written by Grace.' } } }));
    ok(await replica.client.call('postCommentReplyInSpace', { params: { spaceId, commentId: thread.id }, body: { body: { markdown: 'Answered by the owner.' } } }));

    await replica.connectTo(hub, hub.owner.token);
    await settled(replica);

    await eventually(async () => {
      const onHub = ok(await hub.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } }));
      expect(onHub.createdBy).toMatchObject({ id: grace.id, displayName: 'Grace Hopper' });
      const comment = ok(await hub.owner.client.call('getCommentInSpace', { params: { spaceId, commentId: thread.id } }));
      expect(comment.postedBy.id).toBe(grace.id);
      const replies = ok(await hub.owner.client.call('listCommentRepliesInSpace', { params: { spaceId, commentId: thread.id } }));
      expect(replies.items.map((reply) => reply.postedBy.id)).toEqual([hub.owner.id]);
      const members = ok(await hub.owner.client.call('listMembersInOrganizationById', { params: { organizationId } }));
      expect(members.items.map((member) => member.user.id).sort()).toEqual([grace.id, hub.owner.id].sort());
    });
    // On the device: the owner's token is the hub user's, Grace's token is still Grace's.
    expect(ok(await replica.client.call('getAuthenticatedUser', { params: undefined })).id).toBe(hub.owner.id);
    expect(ok(await grace.client.call('getAuthenticatedUser', { params: undefined })).id).toBe(grace.id);
    const mine = ok(await grace.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } }));
    expect(mine.createdBy.id).toBe(grace.id);
  });

  it('keeps uploading what a second local user writes after the first connection', async () => {
    const hub = nodes.hub();
    const replica = await nodes.alone();
    const organizationId = await starterOrganization(replica);
    const grace = localUser(replica, 'grace@example.com', 'Grace Hopper', organizationId, 'create');
    await replica.connectTo(hub, hub.owner.token);
    await settled(replica);

    const spaceId = (await newSpace(grace, organizationId, { title: 'After connecting' })).id;
    const thread = ok(await grace.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'Still Grace.' } } }));

    await eventually(async () => {
      const comment = ok(await hub.owner.client.call('getCommentInSpace', { params: { spaceId, commentId: thread.id } }));
      expect(comment.postedBy.id).toBe(grace.id);
    });
    await settled(replica);
  });

  it('keeps a comment of a local user made the moment they were added, though it reaches the hub before their row', async () => {
    const hub = nodes.hub();
    const replica = await nodes.alone();
    const organizationId = await starterOrganization(replica);
    const owner: TestUser = { id: '', email: '', token: replica.token, client: replica.client };
    const spaceId = (await newSpace(owner, organizationId, { title: 'Discussed' })).id;
    await replica.connectTo(hub, hub.owner.token);
    await settled(replica);

    // The comments doc goes to the hub at once; her row goes with the change log's next look (100 ms).
    const newcomer = localUser(replica, 'newcomer@example.com', 'Newcomer', organizationId, 'comment');
    const thread = ok(await newcomer.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'Right away.' } } }));

    await eventually(async () => {
      const onHub = ok(await hub.owner.client.call('getCommentInSpace', { params: { spaceId, commentId: thread.id } }));
      expect(onHub.postedBy.id).toBe(newcomer.id);
    });
    await settled(replica);
    expect(ok(await replica.client.call('getCommentInSpace', { params: { spaceId, commentId: thread.id } })).postedBy.id).toBe(newcomer.id);
  });

  it('a local user whose e-mail a hub user holds gives it way on every engine; nothing loops', async () => {
    const hub = nodes.hub();
    const colleague = hub.user('read');
    const replica = await nodes.alone();
    const organizationId = await starterOrganization(replica);
    const twin = localUser(replica, colleague.email, 'Same address', organizationId);

    await replica.connectTo(hub, hub.owner.token);
    await settled(replica);

    const aside = colleague.email.replace('@', `+${twin.id}@`);
    await eventually(async () => {
      expect(ok(await hub.owner.client.call('getUserById', { params: { userId: twin.id } })).email).toBe(aside);
      expect(ok(await twin.client.call('getAuthenticatedUser', { params: undefined })).email).toBe(aside);
      expect(ok(await replica.client.call('getUserById', { params: { userId: colleague.id } })).email).toBe(colleague.email);
    });
    expect(ok(await hub.owner.client.call('getUserById', { params: { userId: colleague.id } })).email).toBe(colleague.email);
  });

  it('says in words why sync stopped when the hub sends what this device cannot take in', async () => {
    const { WebSocketServer } = await import('ws');
    const { encodeFrame } = await import('../../../../src-main/engine/services/sync/frames.js');
    const { CHANGES_CHANNEL } = await import('../../../../src-main/engine/services/sync/channel.js');
    const { encodeChangeMessage } = await import('../../../../src-main/engine/services/sync/change-messages.js');
    // A "hub" whose hello names a user without the columns every user has.
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (ws) => ws.send(encodeFrame(CHANGES_CHANNEL, encodeChangeMessage({ type: 'hello', user: { id: 'someone' } }))));
    const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/v1/sync`;
    const replica = await nodes.alone();

    ok(await replica.client.call('updateSyncSettings', { params: undefined, body: { url, token: 'folio_any' } }));
    await eventually(async () =>
      expect((await replica.status()).lastProblem).toMatch(new RegExp(`^This device could not take in what the hub at ${url} sent \\(.*users\\.email.*\\); trying again$`)),
    );
    for (const client of server.clients) client.terminate();
    server.close();
  });
});
