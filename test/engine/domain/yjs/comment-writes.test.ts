import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { commentsDoc, MAIN } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { join, leave, nextCommit, threadBy } from '../../transports/yjs/peers.js';

let t: TestServer;
let commenter: TestUser;
let admin: TestUser;
let spaceId: string;
let docId: string;

beforeAll(async () => {
  t = await TestServer.start();
  commenter = t.user('comment');
  admin = t.user('admin');
  spaceId = (await newSpace(t.owner, t.organizationId)).id;
  docId = commentsDoc(spaceId, MAIN);
});
afterAll(() => t.stop());

type Thread = Y.Map<unknown>;

/** The owner's comment, posted through the API; answers its thread id. */
async function ownersComment(): Promise<string> {
  return ok(await t.owner.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'The owner’s comment' } } })).id;
}

/** Whether `user`'s change to the comments doc, made over y-websocket, is committed (true) or refused (false). */
async function writes(user: TestUser, change: (threads: Y.Map<Thread>) => void): Promise<boolean> {
  const peer = await join(t, docId, user.token);
  const outcome = Promise.race([nextCommit(t.engine, docId).then(() => true), peer.nextDenial().then(() => false)]);
  // One transaction, one update: the server judges what the whole change does.
  peer.doc.transact(() => change(peer.doc.getMap<Thread>('threads')));
  const wrote = await outcome;
  leave(peer);
  return wrote;
}

const stored = (threadId: string) => t.engine.docs.load(docId).getMap<Thread>('threads').get(threadId)?.toJSON();

function replyBy(author: string, id: string): Y.Map<unknown> {
  const reply = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({ id, body: 'A reply', author, postedAt: '2026-01-01T00:00:00.000Z', reactions: new Y.Map() })) reply.set(key, value);
  return reply;
}

describe('posting over y-websocket', () => {
  it('takes a thread posted under the writer’s own name, and lists it as theirs', async () => {
    expect(await writes(commenter, (threads) => threads.set('own-thread', threadBy(commenter.id, 'own-thread')))).toBe(true);
    const listed = ok(await t.owner.client.call('listCommentsInSpace', { params: { spaceId }, query: {} })).items;
    expect(listed.find((comment) => comment.id === 'own-thread')?.postedBy.id).toBe(commenter.id);
  });

  it('refuses a thread that claims another user as its author, and stores nothing of it', async () => {
    expect(await writes(commenter, (threads) => threads.set('forged-thread', threadBy(t.owner.id, 'forged-thread')))).toBe(false);
    expect(stored('forged-thread')).toBeUndefined();
  });

  it('refuses a thread with no author', async () => {
    expect(await writes(commenter, (threads) => threads.set('anonymous', new Y.Map()))).toBe(false);
  });

  it('takes a reply under the writer’s name on anyone’s thread, and refuses one claiming another author', async () => {
    const threadId = await ownersComment();
    const replies = (threads: Y.Map<Thread>) => threads.get(threadId)!.get('replies') as Y.Array<Y.Map<unknown>>;
    expect(await writes(commenter, (threads) => replies(threads).push([replyBy(commenter.id, 'own-reply')]))).toBe(true);
    expect(await writes(commenter, (threads) => replies(threads).push([replyBy(t.owner.id, 'forged-reply')]))).toBe(false);
    expect(stored(threadId)!.replies.map((reply: { id: string }) => reply.id)).toEqual(['own-reply']);
  });
});

describe('changing a thread over y-websocket', () => {
  it('lets the author edit their body, and nobody else', async () => {
    const threadId = await ownersComment();
    expect(await writes(commenter, (threads) => threads.get(threadId)!.set('body', 'Rewritten by someone else'))).toBe(false);
    expect(stored(threadId)!.body).toBe('The owner’s comment');
    expect(await writes(t.owner, (threads) => threads.get(threadId)!.set('body', 'Edited by its author'))).toBe(true);
    expect(stored(threadId)!.body).toBe('Edited by its author');
  });

  it('refuses giving a thread another author, even one’s own', async () => {
    const threadId = await ownersComment();
    expect(await writes(commenter, (threads) => threads.get(threadId)!.set('author', commenter.id))).toBe(false);
    expect(await writes(t.owner, (threads) => threads.get(threadId)!.set('author', commenter.id))).toBe(false);
    expect(stored(threadId)!.author).toBe(t.owner.id);
  });

  it('lets a commenter resolve anyone’s thread in their own name only', async () => {
    const threadId = await ownersComment();
    const resolve = (by: string) => (threads: Y.Map<Thread>) => {
      const thread = threads.get(threadId)!;
      thread.set('status', 'resolved');
      thread.set('resolvedAt', '2026-01-02T00:00:00.000Z');
      thread.set('resolvedBy', by);
    };
    expect(await writes(commenter, resolve(t.owner.id))).toBe(false);
    expect(stored(threadId)!.status).toBe('open');
    expect(await writes(commenter, resolve(commenter.id))).toBe(true);
    expect(stored(threadId)).toMatchObject({ status: 'resolved', resolvedBy: commenter.id });
  });

  it('takes the writer’s own reactions only', async () => {
    const threadId = await ownersComment();
    const react = (as: string) => (threads: Y.Map<Thread>) => {
      const users = new Y.Map<string>();
      users.set(as, '2026-01-02T00:00:00.000Z');
      (threads.get(threadId)!.get('reactions') as Y.Map<Y.Map<string>>).set(as === commenter.id ? '👍' : '🎉', users);
    };
    expect(await writes(commenter, react(t.owner.id))).toBe(false);
    expect(await writes(commenter, react(commenter.id))).toBe(true);
    expect(stored(threadId)!.reactions).toEqual({ '👍': { [commenter.id]: '2026-01-02T00:00:00.000Z' } });
  });

  it('lets a thread be deleted by a space admin, not by another commenter', async () => {
    const threadId = await ownersComment();
    expect(await writes(commenter, (threads) => threads.delete(threadId))).toBe(false);
    expect(stored(threadId)).toBeDefined();
    expect(await writes(admin, (threads) => threads.delete(threadId))).toBe(true);
    expect(stored(threadId)).toBeUndefined();
  });
});
