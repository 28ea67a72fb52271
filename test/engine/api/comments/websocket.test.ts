import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { THREADS, editBody, newReply, newThread, repliesOf, setResolved, type YPost } from '../../../../src-main/engine/domain/comments/doc.js';
import { MAIN, changeRequestBranch, commentsDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { join, leave, nextCommit, type Peer } from '../../transports/yjs/peers.js';
import { openChangeRequest } from './content.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

/** Changes the peer's threads and waits until the engine has committed what it sent. */
async function change(peer: Peer, docId: string, edit: (threads: Y.Map<YPost>) => void): Promise<void> {
  const committed = nextCommit(t.engine, docId);
  peer.doc.transact(() => edit(peer.doc.getMap<YPost>(THREADS)));
  await committed;
}

const thread = (id: string, author: string) =>
  newThread({ id, body: 'From a *peer*', author, postedAt: t.clock.now().toISOString() }, { target: { revision: 'r' } });

describe('comment threads written over y-websocket', () => {
  it("are listed over HTTP with their replies, edits and resolution, and counted in the space's open comments", async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const commenter = t.user('comment');
    const docId = commentsDoc(spaceId, MAIN);
    const peer = await join(t, docId, commenter.token);
    const list = async () => ok(await t.owner.client.call('listCommentsInSpace', { params: { spaceId } }));
    const openCount = async () => ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).comments;

    await change(peer, docId, (threads) => threads.set('peerThread', thread('peerThread', commenter.id)));
    expect((await list()).items).toMatchObject([
      { id: 'peerThread', status: 'open', body: { markdown: 'From a *peer*' }, postedBy: { id: commenter.id }, replies: 0 },
    ]);
    expect(await openCount()).toBe(1);

    await change(peer, docId, (threads) => {
      const posted = threads.get('peerThread')!;
      repliesOf(posted).push([newReply({ id: 'peerReply', body: 'And a reply', author: commenter.id, postedAt: t.clock.now().toISOString() })]);
      editBody(posted, 'Edited by its peer', t.clock.now().toISOString());
      setResolved(posted, true, commenter.id, t.clock.now().toISOString());
    });
    const [listed] = (await list()).items;
    expect(listed).toMatchObject({
      id: 'peerThread', status: 'resolved', resolvedBy: { id: commenter.id }, body: { markdown: 'Edited by its peer' },
      replies: 1, repliers: [{ count: 1, user: { id: commenter.id } }],
    });
    expect(await openCount()).toBe(0);
    const replies = ok(await t.owner.client.call('listCommentRepliesInSpace', { params: { spaceId, commentId: 'peerThread' } }));
    expect(replies.items.map((reply) => reply.body)).toEqual([{ markdown: 'And a reply' }]);

    await change(peer, docId, (threads) => threads.delete('peerThread'));
    expect((await list()).count).toBe(0);
    leave(peer);
  });

  it("are listed in a change request, and counted in its open comments", async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const params = await openChangeRequest(t.owner, spaceId);
    const docId = commentsDoc(spaceId, changeRequestBranch(params.changeRequestId));
    const peer = await join(t, docId, t.owner.token);
    await change(peer, docId, (threads) => threads.set('crThread', thread('crThread', t.owner.id)));
    const listed = ok(await t.owner.client.call('listCommentsInChangeRequest', { params })).items;
    expect(listed).toMatchObject([{ id: 'crThread', target: { changeRequest: params.changeRequestId } }]);
    expect(ok(await t.owner.client.call('getChangeRequestById', { params })).comments).toBe(1);
    expect(ok(await t.owner.client.call('listCommentsInSpace', { params: { spaceId } })).count).toBe(0);
    leave(peer);
  });

  // A thread under another user's name, or none, is refused before it is stored (test/engine/domain/yjs/comment-writes.test.ts).
  it('lists no thread the API could not answer: a body with no Document, an id taken elsewhere', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const taken = ok(await t.owner.client.call('postCommentInSpace', { params: { spaceId: (await newSpace(t.owner, t.organizationId)).id }, body: { body: {} } }));
    const docId = commentsDoc(spaceId, MAIN);
    const peer = await join(t, docId, t.owner.token);
    await change(peer, docId, (threads) => {
      const badBody = thread('badBody', t.owner.id);
      badBody.set('body', '---\n- not a mapping\n---\n');
      threads.set('badBody', badBody);
      threads.set(taken.id, thread(taken.id, t.owner.id));
      threads.set('fine', thread('fine', t.owner.id));
    });
    expect(ok(await t.owner.client.call('listCommentsInSpace', { params: { spaceId } })).items.map((c) => c.id)).toEqual(['fine']);
    expect(t.engine.db.get('SELECT space_id FROM comments WHERE id = ?', taken.id)).toEqual({ space_id: taken.target.space });
    leave(peer);
  });
});
