import { describe, expect, it } from 'vitest';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';
import { CALLERS, roleOf } from '../../../support/roles.js';
import type { TestUser } from '../../../support/server.js';

const test = roleTestServer();
const nobody = () => false;

/** A fresh space with a change request, and on it a comment and a reply, all by the owner. */
async function fresh() {
  const spaceId = (await newSpace(test.t.owner, test.t.organizationId)).id;
  const owner = test.t.owner.client;
  const cr = ok(await owner.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Discuss' } }));
  const inCr = { spaceId, changeRequestId: String(cr.number) };
  const comment = ok(await owner.call('postCommentInChangeRequest', { params: inCr, body: { body: { markdown: 'Q' } } }));
  const params = { ...inCr, commentId: comment.id };
  const reply = ok(await owner.call('postCommentReplyInChangeRequest', { params, body: { body: { markdown: 'A' } } }));
  return { inCr, params, replyParams: { ...params, commentReplyId: reply.id } };
}

type Ids = Awaited<ReturnType<typeof fresh>>;
const on = (attempt: (client: TestUser['client'], ids: Ids) => Promise<{ status: number }>) =>
  async (user: TestUser) => attempt(user.client, await fresh());

const cases: AccessCase[] = [
  ['listCommentsInChangeRequest', atLeast('read'), on((c, { inCr }) => c.call('listCommentsInChangeRequest', { params: inCr }))],
  ['postCommentInChangeRequest', atLeast('comment'), on((c, { inCr }) =>
    c.call('postCommentInChangeRequest', { params: inCr, body: { body: { markdown: 'x' } } }))],
  ['getCommentInChangeRequest', atLeast('read'), on((c, { params }) => c.call('getCommentInChangeRequest', { params }))],
  ['updateCommentInChangeRequest: resolve', atLeast('comment'), on((c, { params }) =>
    c.call('updateCommentInChangeRequest', { params, body: { resolved: true } }))],
  ['updateCommentInChangeRequest: react', atLeast('comment'), on((c, { params }) =>
    c.call('updateCommentInChangeRequest', { params, body: { addedReactions: ['👍'] } }))],
  ["updateCommentInChangeRequest: another's body", nobody, on((c, { params }) =>
    c.call('updateCommentInChangeRequest', { params, body: { body: { markdown: 'x' } } }))],
  ["deleteCommentInChangeRequest: another's", atLeast('admin'), on((c, { params }) =>
    c.call('deleteCommentInChangeRequest', { params }))],
  ['listCommentRepliesInChangeRequest', atLeast('read'), on((c, { params }) =>
    c.call('listCommentRepliesInChangeRequest', { params }))],
  ['postCommentReplyInChangeRequest', atLeast('comment'), on((c, { params }) =>
    c.call('postCommentReplyInChangeRequest', { params, body: { body: { markdown: 'x' } } }))],
  ['getCommentReplyInChangeRequest', atLeast('read'), on((c, { replyParams }) =>
    c.call('getCommentReplyInChangeRequest', { params: replyParams }))],
  ['updateCommentReplyInChangeRequest: react', atLeast('comment'), on((c, { replyParams }) =>
    c.call('updateCommentReplyInChangeRequest', { params: replyParams, body: { addedReactions: ['👍'] } }))],
  ['updateCommentReplyInChangeRequest: resolve the thread', atLeast('comment'), on((c, { replyParams }) =>
    c.call('updateCommentReplyInChangeRequest', { params: replyParams, body: { resolved: true } }))],
  ["updateCommentReplyInChangeRequest: another's body", nobody, on((c, { replyParams }) =>
    c.call('updateCommentReplyInChangeRequest', { params: replyParams, body: { body: { markdown: 'x' } } }))],
  ["deleteCommentReplyInChangeRequest: another's", atLeast('admin'), on((c, { replyParams }) =>
    c.call('deleteCommentReplyInChangeRequest', { params: replyParams }))],
  ['listCommentersInChangeRequest', atLeast('read'), on((c, { inCr }) => c.call('listCommentersInChangeRequest', { params: inCr }))],
];

describeAccess(test, cases);

describe('own change request comments and replies', () => {
  it.each(CALLERS.filter((caller) => roleAtLeast(roleOf(caller), 'comment')))('%s may edit and delete theirs', async (caller) => {
    const { client } = test.users[caller];
    const { inCr } = await fresh();
    const comment = ok(await client.call('postCommentInChangeRequest', { params: inCr, body: { body: { markdown: 'mine' } } }));
    const params = { ...inCr, commentId: comment.id };
    const reply = ok(await client.call('postCommentReplyInChangeRequest', { params, body: { body: { markdown: 'mine' } } }));
    const replyParams = { ...params, commentReplyId: reply.id };
    ok(await client.call('updateCommentReplyInChangeRequest', { params: replyParams, body: { body: { markdown: 'edited' } } }));
    ok(await client.call('deleteCommentReplyInChangeRequest', { params: replyParams }));
    ok(await client.call('updateCommentInChangeRequest', { params, body: { body: { markdown: 'edited' } } }));
    ok(await client.call('deleteCommentInChangeRequest', { params }));
  });
});

describe('change request comment permissions', () => {
  it.each(CALLERS)("agree with what the engine allows %s on another's comment", async (caller) => {
    const { client } = test.users[caller];
    const { params, replyParams } = await fresh();
    const seen = await client.call('getCommentInChangeRequest', { params });
    const seenReply = await client.call('getCommentReplyInChangeRequest', { params: replyParams });
    const replied = await client.call('postCommentReplyInChangeRequest', { params, body: { body: {} } });
    const edited = await client.call('updateCommentInChangeRequest', { params, body: { body: { markdown: 'x' } } });
    const deleted = await client.call('deleteCommentReplyInChangeRequest', { params: replyParams });
    const allowed = { view: seen.ok, edit: edited.ok, reply: replied.ok, delete: deleted.ok };
    if (seen.ok) expect(seen.data.permissions).toEqual(allowed);
    if (seenReply.ok) expect(seenReply.data.permissions).toEqual(allowed);
    expect(seen.ok).toBe(seenReply.ok);
  });
});
