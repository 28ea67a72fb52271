import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { anchoredBlockId } from '../../../../src-main/engine/domain/content/comment-anchors.js';
import { MAIN, changeRequestBranch, pageDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { BODY_FRAGMENT } from '../../../../src-shared/content/index.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { changeMain, insertPage, merge, openChangeRequest, pageOnMain, updatePage, writeContent, type Body } from './content.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

type Place = { spaceId: string; changeRequestId?: string };

async function postOn(place: Place, page: string, node: string) {
  const body = { body: { markdown: 'Here' }, page, node };
  const { changeRequestId, spaceId } = place;
  return changeRequestId === undefined
    ? t.owner.client.call('postCommentInSpace', { params: { spaceId }, body })
    : t.owner.client.call('postCommentInChangeRequest', { params: { spaceId, changeRequestId }, body });
}

/** The target a thread's answer shows now, in the get and in the list. */
async function targetOf(place: Place, commentId: string) {
  const { changeRequestId, spaceId } = place;
  const [got, listed] = changeRequestId === undefined
    ? [
        ok(await t.owner.client.call('getCommentInSpace', { params: { spaceId, commentId } })),
        ok(await t.owner.client.call('listCommentsInSpace', { params: { spaceId } })),
      ]
    : [
        ok(await t.owner.client.call('getCommentInChangeRequest', { params: { spaceId, changeRequestId, commentId } })),
        ok(await t.owner.client.call('listCommentsInChangeRequest', { params: { spaceId, changeRequestId } })),
      ];
  expect(listed.items.find((comment) => comment.id === commentId)!.target).toEqual(got.target);
  return got.target;
}

const nodeOf = async (place: Place, commentId: string) => {
  const target = await targetOf(place, commentId);
  return target.detached ? `detached (${target.node?.id})` : target.node?.id;
};

/** The block the stored anchor's own Yjs item holds in a branch's body (no lookup by id). */
function anchoredIn(spaceId: string, branch: Branch, pageId: string, commentId: string): string | undefined {
  const row = t.engine.db.get<{ anchor: Buffer }>('SELECT anchor FROM comments WHERE id = ?', commentId)!;
  return anchoredBlockId(t.engine.docs.load(pageDoc(spaceId, branch, pageId)), row.anchor);
}

const blockIds = (spaceId: string, branch: Branch, pageId: string) =>
  t.engine.docs.load(pageDoc(spaceId, branch, pageId)).getXmlFragment(BODY_FRAGMENT).toArray().map((block) => (block as Y.XmlElement).getAttribute('id'));

async function spaceWithPage(body: Body = { a: 'Alpha', b: 'Beta', c: 'Gamma' }) {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  return { spaceId, pageId: await pageOnMain(t.owner, spaceId, body) };
}

const editMain = (spaceId: string, pageId: string, body: Body) => changeMain(t.owner, spaceId, [updatePage(pageId, body)]);

describe('posting on a page and a block', () => {
  it('refuses a page or a block that does not exist, naming the field, on a space and a change request', async () => {
    const { spaceId, pageId } = await spaceWithPage();
    const cr = await openChangeRequest(t.owner, spaceId);
    for (const place of [{ spaceId }, cr]) {
      expectFailure(await postOn(place, 'nope', 'a'), 400, /^body\.page: /);
      expectFailure(await postOn(place, pageId, 'nope'), 400, /^body\.node: /);
    }
    const nodeAlone = await t.owner.client.call('postCommentInSpace', { params: { spaceId }, body: { body: {}, node: 'a' } });
    expectFailure(nodeAlone, 400, /^body\.node: /);
    const [proposed] = await writeContent(t.owner, cr, [insertPage('Proposed', { n: 'New' })]);
    expectFailure(await postOn({ spaceId }, proposed!, 'n'), 400, /^body\.page: /);
    expect(ok(await postOn(cr, proposed!, 'n')).target).toMatchObject({ page: { id: proposed }, node: { id: 'n' } });
  });
});

describe("a thread on a block of main's page", () => {
  it('follows its block when blocks are inserted above it and text before it', async () => {
    const { spaceId, pageId } = await spaceWithPage();
    const comment = ok(await postOn({ spaceId }, pageId, 'b'));
    await editMain(spaceId, pageId, { x: 'Inserted', y: 'Above', a: 'Alpha', b: 'Beta', c: 'Gamma' });
    expect(await nodeOf({ spaceId }, comment.id)).toBe('b');
    await editMain(spaceId, pageId, { x: 'Inserted', y: 'Above', a: 'Alpha, longer', b: 'Now: Beta', c: 'Gamma' });
    expect(await nodeOf({ spaceId }, comment.id)).toBe('b');
    expect(anchoredIn(spaceId, MAIN, pageId, comment.id)).toBe('b');
  });

  it('follows its block when it is moved', async () => {
    const { spaceId, pageId } = await spaceWithPage();
    const comment = ok(await postOn({ spaceId }, pageId, 'b'));
    await editMain(spaceId, pageId, { c: 'Gamma', a: 'Alpha', b: 'Beta' });
    expect(blockIds(spaceId, MAIN, pageId)).toEqual(['c', 'a', 'b']);
    expect(await nodeOf({ spaceId }, comment.id)).toBe('b');
  });

  it('moves to the nearest following block when its block is deleted, and is detached when none follows', async () => {
    const { spaceId, pageId } = await spaceWithPage({ a: 'Alpha', b: 'Beta', c: 'Gamma', d: 'Delta' });
    const onB = ok(await postOn({ spaceId }, pageId, 'b'));
    const onD = ok(await postOn({ spaceId }, pageId, 'd'));
    await editMain(spaceId, pageId, { a: 'Alpha', c: 'Gamma', d: 'Delta' });
    expect(await nodeOf({ spaceId }, onB.id)).toBe('c');
    await editMain(spaceId, pageId, { a: 'Alpha', c: 'Gamma' });
    await editMain(spaceId, pageId, { x: 'Above', a: 'Alpha', c: 'Gamma' });
    expect(await nodeOf({ spaceId }, onB.id)).toBe('c');
    expect(await nodeOf({ spaceId }, onD.id)).toBe('detached (d)');
    expect(await targetOf({ spaceId }, onD.id)).toMatchObject({ page: { id: pageId }, node: { id: 'd' }, detached: true });
  });

  it('is detached once its page is deleted', async () => {
    const { spaceId, pageId } = await spaceWithPage();
    const comment = ok(await postOn({ spaceId }, pageId, 'a'));
    await changeMain(t.owner, spaceId, [{ operation: 'delete_page', page: pageId }]);
    expect(await nodeOf({ spaceId }, comment.id)).toBe('detached (a)');
  });

  it('follows a block inside a list, and after the list once the whole list is gone', async () => {
    const item = (id: string, text: string) => ({ type: 'list_item', attrs: { id }, content: [{ type: 'paragraph', attrs: { id: `${id}p` }, content: [{ type: 'text', text }] }] });
    const paragraph = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
    const page = (items: ReturnType<typeof item>[]) => ({
      type: 'doc',
      content: [paragraph('top', 'Top'), ...(items.length ? [{ type: 'bullet_list', attrs: { id: 'list' }, content: items }] : []), paragraph('end', 'End')],
    });
    const { spaceId, pageId } = await spaceWithPage(page([item('i1', 'one'), item('i2', 'two'), item('i3', 'three')]));
    const onTwo = ok(await postOn({ spaceId }, pageId, 'i2'));
    const onThree = ok(await postOn({ spaceId }, pageId, 'i3'));
    await editMain(spaceId, pageId, page([item('i0', 'zero'), item('i1', 'one'), item('i2', 'two'), item('i3', 'three')]));
    expect(await nodeOf({ spaceId }, onTwo.id)).toBe('i2');
    await editMain(spaceId, pageId, page([item('i0', 'zero'), item('i1', 'one'), item('i3', 'three')]));
    expect(await nodeOf({ spaceId }, onTwo.id)).toBe('i3');
    await editMain(spaceId, pageId, page([item('i0', 'zero'), item('i1', 'one')]));
    expect(await nodeOf({ spaceId }, onThree.id)).toBe('end');
    await editMain(spaceId, pageId, page([]));
    expect(await nodeOf({ spaceId }, onTwo.id)).toBe('end');
  });
});

describe("a thread on a change request's block", () => {
  it('keeps its block once the change request is merged, where main holds the same Yjs items', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const cr = await openChangeRequest(t.owner, spaceId);
    const [pageId] = await writeContent(t.owner, cr, [insertPage('Proposed', { a: 'Alpha', b: 'Beta' })]);
    const comment = ok(await postOn(cr, pageId!, 'b'));
    await writeContent(t.owner, cr, [updatePage(pageId!, { x: 'Above', a: 'Alpha', b: 'Beta' })]);
    expect(await nodeOf(cr, comment.id)).toBe('b');
    expect((await merge(t.owner, cr)).result).toBe('merge');
    expect(await nodeOf(cr, comment.id)).toBe('b');
    expect(anchoredIn(spaceId, MAIN, pageId!, comment.id)).toBe('b');
    expect(anchoredIn(spaceId, changeRequestBranch(cr.changeRequestId), pageId!, comment.id)).toBe('b');
    // Merged, its threads point into main's content as it goes on.
    await editMain(spaceId, pageId!, { x: 'Above', a: 'Alpha', b: 'Beta', z: 'Below' });
    expect(await nodeOf(cr, comment.id)).toBe('b');
    await editMain(spaceId, pageId!, { x: 'Above', a: 'Alpha', z: 'Below' });
    expect(await nodeOf(cr, comment.id)).toBe('z');
  });

  /** A thread of a change request on a block of main's page, which the change request has not written. */
  async function onUnwrittenPage(node: string) {
    const { spaceId, pageId } = await spaceWithPage();
    const cr = await openChangeRequest(t.owner, spaceId);
    const comment = ok(await postOn(cr, pageId, node));
    return { spaceId, pageId, cr, crBranch: changeRequestBranch(cr.changeRequestId), comment };
  }

  it("anchors in main's page while the change request has not written it, and keeps the block once it is copied", async () => {
    const { spaceId, pageId, cr, crBranch, comment } = await onUnwrittenPage('b');
    await writeContent(t.owner, cr, [updatePage(pageId, { x: 'Above', a: 'Alpha', b: 'Beta', c: 'Gamma' })]);
    expect(blockIds(spaceId, crBranch, pageId)).toEqual(['x', 'a', 'b', 'c']);
    expect(anchoredIn(spaceId, crBranch, pageId, comment.id)).toBe('b');
    expect(await nodeOf(cr, comment.id)).toBe('b');
  });

  it("keeps its block when main's first change copies the page into the change request", async () => {
    const { spaceId, pageId, cr, crBranch, comment } = await onUnwrittenPage('c');
    await editMain(spaceId, pageId, { c: 'Gamma', b: 'Beta' });
    expect(blockIds(spaceId, crBranch, pageId)).toEqual(['a', 'b', 'c']);
    expect(anchoredIn(spaceId, crBranch, pageId, comment.id)).toBe('c');
    expect(await nodeOf(cr, comment.id)).toBe('c');
  });

  it('follows its block when an update brings main moving blocks around it', async () => {
    const { spaceId, pageId } = await spaceWithPage();
    const cr = await openChangeRequest(t.owner, spaceId);
    await writeContent(t.owner, cr, [updatePage(pageId, { a: 'Alpha', b: 'Beta', c: 'Gamma', d: 'Added' })]);
    const comment = ok(await postOn(cr, pageId, 'b'));
    await editMain(spaceId, pageId, { x: 'From main', c: 'Gamma', a: 'Alpha', b: 'Beta' });
    expect(ok(await t.owner.client.call('updateChangeRequest', { params: cr })).result).toBe('update');
    // Where b and d land against each other is Yjs's pick (by client ids); both are there.
    expect(blockIds(spaceId, changeRequestBranch(cr.changeRequestId), pageId).sort()).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(await nodeOf(cr, comment.id)).toBe('b');
  });
});
