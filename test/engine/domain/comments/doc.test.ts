import { afterAll, beforeAll, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { THREADS } from '../../../../src-main/engine/domain/comments/doc.js';
import { TRASH_RETENTION_MS, purgeExpiredSpaces } from '../../../../src-main/engine/domain/spaces/trash.js';
import { MAIN, commentsDoc } from '../../../../src-shared/sync/doc-names.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { pageOnMain } from '../../api/comments/content.js';

let t: TestServer;
const commentsDocId = (spaceId: string) => commentsDoc(spaceId, MAIN);
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

it('keeps in the Yjs doc what the API shows', async () => {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const call = t.owner.client.call.bind(t.owner.client);
  const p1 = await pageOnMain(t.owner, spaceId, {});
  const { id } = ok(await call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'In the doc' }, page: p1 } }));
  const params = { spaceId, commentId: id };
  const reply = ok(await call('postCommentReplyInSpace', { params, body: { body: { markdown: 'Reply' } } }));
  ok(await call('updateCommentInSpace', { params, body: { resolved: true, addedReactions: ['👍'] } }));
  const shown = ok(await call('getCommentInSpace', { params }));

  const threads = t.engine.docs.load(commentsDocId(spaceId)).getMap<Y.Map<unknown>>(THREADS);
  const thread = threads.get(id)!;
  expect(thread.get('body')).toBe('In the doc');
  expect(thread.get('author')).toBe(t.owner.id);
  expect(thread.get('postedAt')).toBe(shown.postedAt);
  expect(thread.get('status')).toBe('resolved');
  expect(shown.status === 'resolved' && thread.get('resolvedAt')).toBe(shown.status === 'resolved' && shown.resolvedAt);
  expect(thread.get('resolvedBy')).toBe(t.owner.id);
  expect(thread.get('target')).toEqual({ page: p1, revision: shown.target.revision });
  expect((thread.get('reactions') as Y.Map<Y.Map<string>>).toJSON()).toEqual({ '👍': { [t.owner.id]: shown.reactions[0]!.users[0]!.reactedAt } });
  const replies = (thread.get('replies') as Y.Array<Y.Map<unknown>>).toJSON();
  expect(replies).toEqual([{ id: reply.id, body: 'Reply', author: t.owner.id, postedAt: reply.postedAt, reactions: {} }]);

  ok(await call('deleteCommentInSpace', { params }));
  expect(t.engine.docs.load(commentsDocId(spaceId)).getMap(THREADS).has(id)).toBe(false);
});

it('refuses a body that does not convert to a Document, and writes nothing', async () => {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const before = t.engine.docs.stateVector(commentsDocId(spaceId));
  const refused = await t.owner.client.call('postCommentInSpace', {
    params: { spaceId },
    body: { body: { markdown: '---\n- not a mapping\n---\n' } },
  });
  expectFailure(refused, 400, /^body\.body\.markdown: /);
  expect(t.engine.docs.stateVector(commentsDocId(spaceId))).toEqual(before);
});

it('drops the projection of a space once it is purged from the trash', async () => {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const client = t.owner.client;
  const { id } = ok(await client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'x' } } }));
  const params = { spaceId, commentId: id };
  ok(await client.call('postCommentReplyInSpace', { params, body: { body: { markdown: 'y' } } }));
  ok(await client.call('updateCommentInSpace', { params, body: { addedReactions: ['👍'] } }));
  ok(await client.call('deleteSpaceById', { params: { spaceId } }));
  t.clock.advance(TRASH_RETENTION_MS + 1);
  purgeExpiredSpaces(t.engine.db, t.engine.docs, t.clock.now().toISOString());
  const rows = (table: string, column: string) =>
    t.engine.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, id)!.n;
  expect([rows('comments', 'id'), rows('comment_replies', 'comment_id'), rows('comment_reactions', 'comment_id')]).toEqual([0, 0, 0]);
});

it('appends nothing for an update that changes nothing', async () => {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const client = t.owner.client;
  const { id } = ok(await client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'x' } } }));
  const params = { spaceId, commentId: id };
  ok(await client.call('updateCommentInSpace', { params, body: { addedReactions: ['👍'] } }));
  const rows = () => t.engine.db.get<{ n: number }>('SELECT row_count AS n FROM docs WHERE doc_id = ?', commentsDocId(spaceId))!.n;
  const before = rows();
  ok(await client.call('updateCommentInSpace', { params, body: { resolved: false, addedReactions: ['👍'], removedReactions: ['🎉'] } }));
  expect(rows()).toBe(before);
});
