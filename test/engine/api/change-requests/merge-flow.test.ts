import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, outline, write } from '../content/fixture.js';

/**
 * Writers and reviewers through the public API only: pages written with
 * updateChangeRequestContent, merged and updated, read back from main.
 */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());


async function openChangeRequest(spaceId: string, subject = 'Edits') {
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } }));
  return { spaceId, changeRequestId: cr.id, number: cr.number };
}

async function merge(spaceId: string, changeRequestId: string) {
  return ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId } }));
}

async function mainMarkdown(spaceId: string, pageId: string) {
  const page = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } }));
  return 'markdown' in page ? page.markdown : undefined;
}

async function mainOutline(spaceId: string) {
  return outline(ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages);
}

/** A space whose main holds Guide (two paragraphs) and FAQ, merged from a first change request. */
async function spaceWithGuide() {
  const space = await newSpace(t.owner, t.organizationId);
  const first = await openChangeRequest(space.id, 'First pages');
  const [guide, faq] = await created(t.owner, first, [
    { operation: 'insert_page', title: 'Guide', document: { markdown: 'First paragraph.\n\nSecond paragraph.\n' } },
    { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions.\n' } },
  ]);
  expect((await merge(space.id, first.changeRequestId)).result).toBe('merge');
  return { spaceId: space.id, guide: guide!, faq: faq! };
}

describe('merging change requests written through the API', () => {
  it('brings a change request’s pages into main and cuts a revision whose parents are both heads', async () => {
    const { spaceId, guide } = await spaceWithGuide();
    expect(await mainOutline(spaceId)).toBe('Guide FAQ');
    expect(await mainMarkdown(spaceId, guide)).toBe('First paragraph.\n\nSecond paragraph.\n');
    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } }));
    const revision = ok(await t.owner.client.call('getCurrentRevision', { params: { spaceId } }));
    expect(revision.id).toBe(space.revision);
    expect(revision.parents).toHaveLength(2);
  });

  it('merges edits of different blocks cleanly and reports edits of one block on both sides as conflicts', async () => {
    const { spaceId, guide } = await spaceWithGuide();
    const [a, b, c] = [await openChangeRequest(spaceId), await openChangeRequest(spaceId), await openChangeRequest(spaceId)];
    ok(await write(t.owner, a, [{ operation: 'update_page', page: guide, document: { markdown: 'First paragraph, by A.\n\nSecond paragraph.\n' } }]));
    ok(await write(t.owner, b, [{ operation: 'update_page', page: guide, document: { markdown: 'First paragraph.\n\nSecond paragraph, by B.\n' } }]));
    ok(await write(t.owner, c, [{ operation: 'update_page', page: guide, document: { markdown: 'First paragraph, by C.\n\nSecond paragraph.\n' } }]));
    expect((await merge(spaceId, a.changeRequestId)).result).toBe('merge');
    expect(ok(await t.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: b.changeRequestId } })).outdated).toBe(true);
    expect((await merge(spaceId, b.changeRequestId)).result).toBe('merge');
    expect(await mainMarkdown(spaceId, guide)).toBe('First paragraph, by A.\n\nSecond paragraph, by B.\n');
    const head = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;
    expect(await merge(spaceId, c.changeRequestId)).toEqual({ revision: head, result: 'conflicts' });
    expect(ok(await t.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: c.changeRequestId } })).status).toBe('open');
    expect(await mainMarkdown(spaceId, guide)).toBe('First paragraph, by A.\n\nSecond paragraph, by B.\n');
  });

  it('reports a page deleted on one side and edited on the other, and leaves main as it was', async () => {
    const { spaceId, faq } = await spaceWithGuide();
    const [deleting, editing] = [await openChangeRequest(spaceId), await openChangeRequest(spaceId)];
    ok(await write(t.owner, deleting, [{ operation: 'delete_page', page: faq }]));
    ok(await write(t.owner, editing, [{ operation: 'update_page', page: faq, document: { markdown: 'Questions, answered.\n' } }]));
    expect((await merge(spaceId, deleting.changeRequestId)).result).toBe('merge');
    expect(await mainOutline(spaceId)).toBe('Guide');
    expect((await merge(spaceId, editing.changeRequestId)).result).toBe('conflicts');
    expect(await mainOutline(spaceId)).toBe('Guide');
  });

  it('keeps pages added and moved on both sides', async () => {
    const { spaceId, guide, faq } = await spaceWithGuide();
    const [a, b] = [await openChangeRequest(spaceId), await openChangeRequest(spaceId)];
    await created(t.owner, a, [{ operation: 'insert_page', title: 'Install', into: guide, document: {} }]);
    await created(t.owner, b, [{ operation: 'insert_page', title: 'Support', document: {} }]);
    ok(await write(t.owner, b, [{ operation: 'update_page', page: faq, into: guide }]));
    expect((await merge(spaceId, a.changeRequestId)).result).toBe('merge');
    expect((await merge(spaceId, b.changeRequestId)).result).toBe('merge');
    const tree = await mainOutline(spaceId);
    expect(tree).toMatch(/^Guide\[.*\] Support$/);
    expect(tree).toContain('Install');
    expect(tree).toContain('FAQ');
  });

  it('updates a change request with main, then merges it without conflicts', async () => {
    const { spaceId, guide } = await spaceWithGuide();
    const [slow, fast] = [await openChangeRequest(spaceId), await openChangeRequest(spaceId)];
    ok(await write(t.owner, slow, [{ operation: 'update_page', page: guide, document: { markdown: 'First paragraph.\n\nSecond paragraph, slowly.\n' } }]));
    await created(t.owner, fast, [{ operation: 'insert_page', title: 'News', document: { markdown: 'Hot.\n' } }]);
    await merge(spaceId, fast.changeRequestId);
    const updated = ok(await t.owner.client.call('updateChangeRequest', { params: { spaceId, changeRequestId: slow.changeRequestId } }));
    expect(updated.result).toBe('update');
    const after = ok(await t.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: slow.changeRequestId } }));
    expect(after).toMatchObject({ outdated: false, revisionMergedAncestor: ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision });
    expect(outline(ok(await t.owner.client.call('listPagesInChangeRequest', { params: slow })).pages)).toBe('Guide FAQ News');
    expect((await merge(spaceId, slow.changeRequestId)).result).toBe('merge');
    expect(await mainOutline(spaceId)).toBe('Guide FAQ News');
    expect(await mainMarkdown(spaceId, guide)).toBe('First paragraph.\n\nSecond paragraph, slowly.\n');
  });

  it('addresses a change request by its number as by its id', async () => {
    const { spaceId, guide } = await spaceWithGuide();
    const cr = await openChangeRequest(spaceId);
    ok(await write(t.owner, { spaceId, changeRequestId: String(cr.number) }, [{ operation: 'update_page', page: guide, title: 'Handbook' }]));
    expect((await merge(spaceId, String(cr.number))).result).toBe('merge');
    expect(await mainOutline(spaceId)).toBe('Handbook FAQ');
    expect(ok(await t.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: cr.changeRequestId } })).status).toBe('merged');
  });
});
