import { describe, expect, it } from 'vitest';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';
import { CALLERS, roleOf } from '../../../support/roles.js';
import type { TestUser } from '../../../support/server.js';

const test = roleTestServer();
const nobody = () => false;

/** A fresh space with a comment and a reply, all by the owner. */
async function fresh() {
  const spaceId = (await newSpace(test.t.owner, test.t.organizationId)).id;
  const owner = test.t.owner.client;
  const comment = ok(await owner.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'Q' } } }));
  const params = { spaceId, commentId: comment.id };
  const reply = ok(await owner.call('postCommentReplyInSpace', { params, body: { body: { markdown: 'A' } } }));
  return { spaceId, params, replyParams: { ...params, commentReplyId: reply.id } };
}

const on = (attempt: (user: TestUser, ids: Awaited<ReturnType<typeof fresh>>) => Promise<{ status: number }>) =>
  async (user: TestUser) => attempt(user, await fresh());

const cases: AccessCase[] = [
  ['listCommentsInSpace', atLeast('read'), on((user, { spaceId }) =>
    user.client.call('listCommentsInSpace', { params: { spaceId } }))],
  ['postCommentInSpace', atLeast('comment'), on((user, { spaceId }) =>
    user.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'x' } } }))],
  ['getCommentInSpace', atLeast('read'), on((user, { params }) =>
    user.client.call('getCommentInSpace', { params }))],
  ['updateCommentInSpace: resolve', atLeast('comment'), on((user, { params }) =>
    user.client.call('updateCommentInSpace', { params, body: { resolved: true } }))],
  ['updateCommentInSpace: react', atLeast('comment'), on((user, { params }) =>
    user.client.call('updateCommentInSpace', { params, body: { addedReactions: ['👍'] } }))],
  ["updateCommentInSpace: another's body", nobody, on((user, { params }) =>
    user.client.call('updateCommentInSpace', { params, body: { body: { markdown: 'x' } } }))],
  ["deleteCommentInSpace: another's", atLeast('admin'), on((user, { params }) =>
    user.client.call('deleteCommentInSpace', { params }))],
  ['listCommentRepliesInSpace', atLeast('read'), on((user, { params }) =>
    user.client.call('listCommentRepliesInSpace', { params }))],
  ['postCommentReplyInSpace', atLeast('comment'), on((user, { params }) =>
    user.client.call('postCommentReplyInSpace', { params, body: { body: { markdown: 'x' } } }))],
  ['getCommentReplyInSpace', atLeast('read'), on((user, { replyParams }) =>
    user.client.call('getCommentReplyInSpace', { params: replyParams }))],
  ['updateCommentReplyInSpace: react', atLeast('comment'), on((user, { replyParams }) =>
    user.client.call('updateCommentReplyInSpace', { params: replyParams, body: { addedReactions: ['👍'] } }))],
  ["updateCommentReplyInSpace: another's body", nobody, on((user, { replyParams }) =>
    user.client.call('updateCommentReplyInSpace', { params: replyParams, body: { body: { markdown: 'x' } } }))],
  ["deleteCommentReplyInSpace: another's", atLeast('admin'), on((user, { replyParams }) =>
    user.client.call('deleteCommentReplyInSpace', { params: replyParams }))],
];

describeAccess(test, cases);

describe('own comments and replies', () => {
  it.each(CALLERS.filter((caller) => roleAtLeast(roleOf(caller), 'comment')))('%s may edit and delete theirs', async (caller) => {
    const user = test.users[caller];
    const { spaceId } = await fresh();
    const comment = ok(await user.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'mine' } } }));
    const params = { spaceId, commentId: comment.id };
    const reply = ok(await user.client.call('postCommentReplyInSpace', { params, body: { body: { markdown: 'mine' } } }));
    const replyParams = { ...params, commentReplyId: reply.id };
    ok(await user.client.call('updateCommentReplyInSpace', { params: replyParams, body: { body: { markdown: 'edited' } } }));
    ok(await user.client.call('deleteCommentReplyInSpace', { params: replyParams }));
    ok(await user.client.call('updateCommentInSpace', { params, body: { body: { markdown: 'edited' } } }));
    ok(await user.client.call('deleteCommentInSpace', { params }));
  });
});

describe('comment permissions', () => {
  it.each(CALLERS)("agree with what the engine allows %s on another's comment", async (caller) => {
    const user = test.users[caller];
    const { params, replyParams } = await fresh();
    const seen = await user.client.call('getCommentInSpace', { params });
    const seenReply = await user.client.call('getCommentReplyInSpace', { params: replyParams });
    const replied = await user.client.call('postCommentReplyInSpace', { params, body: { body: {} } });
    const edited = await user.client.call('updateCommentInSpace', { params, body: { body: { markdown: 'x' } } });
    const deleted = await user.client.call('deleteCommentReplyInSpace', { params: replyParams });
    const allowed = { view: seen.ok, edit: edited.ok, reply: replied.ok, delete: deleted.ok };
    if (seen.ok) expect(seen.data.permissions).toEqual(allowed);
    if (seenReply.ok) expect(seenReply.data.permissions).toEqual(allowed);
    expect(seen.ok).toBe(seenReply.ok);
  });
});
