import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, changeRequestBranch, pageDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { noteLiveEdit } from '../../../../src-main/engine/services/yjs/live-edits.js';
import { readBody } from '../../../../src-shared/content/yjs.js';
import { paragraphs } from '../../domain/content/merge/bodies.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { editTree, treeOf, writePage } from '../../../support/yjs-edits.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

/** A space whose main holds pages a and b, each with blocks 1 and 2, and a change request opened on it. */
async function spaceWithChangeRequest(spaceBody: { editMode?: 'live' | 'locked' } = {}) {
  const space = await newSpace(t.owner, t.organizationId);
  editTree(t.engine.docs, space.id, MAIN, { a: { position: 'a0' }, b: { position: 'a1' } });
  for (const pageId of ['a', 'b']) writePage(t.engine.docs, space.id, MAIN, pageId, paragraphs({ [`${pageId}1`]: 'one', [`${pageId}2`]: 'two' }));
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Edits' } }));
  if (spaceBody.editMode) ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: spaceBody }));
  return { spaceId: space.id, cr, branch: changeRequestBranch(cr.id), params: { spaceId: space.id, changeRequestId: cr.id } };
}

function blocks(spaceId: string, branch: Branch, pageId: string): Record<string, string> {
  const body = readBody(t.engine.docs.load(pageDoc(spaceId, branch, pageId)));
  return Object.fromEntries((body.content ?? []).map((block) => [block.attrs!.id, (block.content ?? []).map((n) => n.text).join('')]));
}

const getSpace = async (spaceId: string) => ok(await t.owner.client.call('getSpaceById', { params: { spaceId } }));
const getChangeRequest = async (params: { spaceId: string; changeRequestId: string }) =>
  ok(await t.owner.client.call('getChangeRequestById', { params }));
const revisionRow = (id: string) =>
  t.engine.db.get<{ parents: string; type: string; change_request_id: string }>('SELECT parents, type, change_request_id FROM revisions WHERE id = ?', id)!;

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge', () => {
  it("applies the change request to main, cuts a merge revision on both heads and marks it merged", async () => {
    const { spaceId, cr, branch, params } = await spaceWithChangeRequest();
    writePage(t.engine.docs, spaceId, MAIN, 'a', paragraphs({ a1: 'one (main)', a2: 'two' }));
    writePage(t.engine.docs, spaceId, branch, 'a', paragraphs({ a1: 'one', a2: 'two (cr)' }));
    editTree(t.engine.docs, spaceId, branch, { n: { parent: 'a', title: 'New' } });
    writePage(t.engine.docs, spaceId, branch, 'n', paragraphs({ n1: 'new' }));
    const before = await getSpace(spaceId);
    t.clock.advance(1000);

    const res = await t.owner.client.call('mergeChangeRequest', { params });
    expect(res.status).toBe(200);
    const merged = ok(res);
    expect(merged).toEqual({ revision: expect.any(String), result: 'merge' });
    expect(blocks(spaceId, MAIN, 'a')).toEqual({ a1: 'one (main)', a2: 'two (cr)' });
    expect(blocks(spaceId, MAIN, 'n')).toEqual({ n1: 'new' });
    expect(treeOf(t.engine.docs, spaceId, MAIN).n).toMatchObject({ parent: 'a', title: 'New' });

    expect((await getSpace(spaceId)).revision).toBe(merged.revision);
    expect(revisionRow(merged.revision)).toEqual({ parents: JSON.stringify([before.revision, cr.revision]), type: 'merge', change_request_id: cr.id });
    const after = await getChangeRequest(params);
    expect(after).toMatchObject({
      status: 'merged',
      revisionMerged: merged.revision,
      mergedBy: expect.objectContaining({ id: t.owner.id }),
      mergedAt: t.clock.now().toISOString(),
      outdated: false,
    });
  });

  it('answers conflicts for a block edited on both sides with main\'s revision, and changes nothing', async () => {
    const { spaceId, branch, params } = await spaceWithChangeRequest();
    writePage(t.engine.docs, spaceId, MAIN, 'b', paragraphs({ b1: 'main', b2: 'two' }));
    writePage(t.engine.docs, spaceId, branch, 'b', paragraphs({ b1: 'cr', b2: 'two' }));
    const before = await getSpace(spaceId);
    const mainDoc = t.engine.docs.stateVector(pageDoc(spaceId, MAIN, 'b'));
    const merged = ok(await t.owner.client.call('mergeChangeRequest', { params }));
    expect(merged).toEqual({ revision: before.revision, result: 'conflicts' });
    expect(blocks(spaceId, MAIN, 'b')).toEqual({ b1: 'main', b2: 'two' });
    expect(t.engine.docs.stateVector(pageDoc(spaceId, MAIN, 'b'))).toEqual(mainDoc);
    expect((await getSpace(spaceId)).revision).toBe(before.revision);
    expect(await getChangeRequest(params)).toMatchObject({ status: 'open', outdated: false });
  });

  it('leaves pending live edits of main uncut when it answers conflicts', async () => {
    const { spaceId, branch, params } = await spaceWithChangeRequest();
    writePage(t.engine.docs, spaceId, MAIN, 'b', paragraphs({ b1: 'live', b2: 'two' }));
    noteLiveEdit(t.engine.db, spaceId, t.clock.now().toISOString());
    writePage(t.engine.docs, spaceId, branch, 'b', paragraphs({ b1: 'cr', b2: 'two' }));
    const before = await getSpace(spaceId);
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params }))).toEqual({ revision: before.revision, result: 'conflicts' });
    expect(t.engine.db.get('SELECT 1 FROM live_edit_sessions WHERE space_id = ?', spaceId)).toBeDefined();
  });

  it('answers conflicts for a block deleted on main and edited in the change request, and the reverse, changing nothing', async () => {
    const sides: [main: Record<string, string>, changeRequest: Record<string, string>][] = [
      [{ a2: 'two' }, { a1: 'one, edited', a2: 'two' }],
      [{ a1: 'one, edited', a2: 'two' }, { a2: 'two' }],
    ];
    for (const [mainBlocks, crBlocks] of sides) {
      const { spaceId, branch, params } = await spaceWithChangeRequest();
      writePage(t.engine.docs, spaceId, MAIN, 'a', paragraphs(mainBlocks));
      writePage(t.engine.docs, spaceId, branch, 'a', paragraphs(crBlocks));
      expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('conflicts');
      expect(blocks(spaceId, MAIN, 'a')).toEqual(mainBlocks);
    }
  });

  it("refuses a move that would make a cycle; once updated, it merges keeping main's parent", async () => {
    const { spaceId, branch, params } = await spaceWithChangeRequest();
    editTree(t.engine.docs, spaceId, MAIN, { m: { parent: 'b' }, a: { parent: 'b' } });
    editTree(t.engine.docs, spaceId, branch, { n: { parent: 'a' }, b: { parent: 'a' } });
    const parentsOf = () => Object.fromEntries(Object.entries(treeOf(t.engine.docs, spaceId, MAIN)).map(([id, page]) => [id, page.parent]));
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('conflicts');
    expect(parentsOf()).toEqual({ a: 'b', b: null, m: 'b' });
    expect(ok(await t.owner.client.call('updateChangeRequest', { params })).result).toBe('update');
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    expect(parentsOf()).toEqual({ a: 'b', b: null, m: 'b', n: 'a' });
  });

  it("first cuts main's live edits into an edits revision, which becomes the merge's first parent", async () => {
    const { spaceId, cr, params } = await spaceWithChangeRequest();
    const before = await getSpace(spaceId);
    writePage(t.engine.docs, spaceId, MAIN, 'b', paragraphs({ b1: 'live', b2: 'two' }));
    noteLiveEdit(t.engine.db, spaceId, t.clock.now().toISOString());
    const merged = ok(await t.owner.client.call('mergeChangeRequest', { params }));
    const [edits, theirs] = JSON.parse(revisionRow(merged.revision).parents) as string[];
    expect(theirs).toBe(cr.revision);
    expect(revisionRow(edits!)).toMatchObject({ type: 'edits', parents: JSON.stringify([before.revision]) });
  });

  it('finds the change request by its number as by its id', async () => {
    const { spaceId, cr, branch } = await spaceWithChangeRequest();
    writePage(t.engine.docs, spaceId, branch, 'a', paragraphs({ a1: 'by number', a2: 'two' }));
    const merged = ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: String(cr.number) } }));
    expect(merged.result).toBe('merge');
    expect(blocks(spaceId, MAIN, 'a').a1).toBe('by number');
    expect((await getChangeRequest({ spaceId, changeRequestId: cr.id })).revisionMerged).toBe(merged.revision);
  });

  it('refuses a locked space, a merged or archived change request (409), and an unknown one (404), changing nothing', async () => {
    const locked = await spaceWithChangeRequest({ editMode: 'locked' });
    expectFailure(await t.owner.client.call('mergeChangeRequest', { params: locked.params }), 409, /^editMode: the space is locked/);
    expect((await getChangeRequest(locked.params)).status).toBe('open');

    const { spaceId, params } = await spaceWithChangeRequest();
    ok(await t.owner.client.call('mergeChangeRequest', { params }));
    expectFailure(await t.owner.client.call('mergeChangeRequest', { params }), 409, /already merged/);
    expectFailure(await t.owner.client.call('updateChangeRequest', { params }), 409, /already merged/);

    const archived = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: {} }));
    const archivedParams = { spaceId, changeRequestId: archived.id };
    ok(await t.owner.client.call('updateChangeRequestById', { params: archivedParams, body: { status: 'archived' } }));
    expectFailure(await t.owner.client.call('mergeChangeRequest', { params: archivedParams }), 409, /archived/);
    expectFailure(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: '999' } }), 404);
  });

  it('makes other change requests of the space outdated', async () => {
    const { spaceId, params } = await spaceWithChangeRequest();
    const other = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: {} }));
    ok(await t.owner.client.call('mergeChangeRequest', { params }));
    expect((await getChangeRequest({ spaceId, changeRequestId: other.id })).outdated).toBe(true);
  });
});

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update', () => {
  it('pulls main in with an update revision, after which the change request is up to date and merges cleanly', async () => {
    const { spaceId, cr, branch, params } = await spaceWithChangeRequest();
    const other = await spaceWithChangeRequestIn(spaceId);
    writePage(t.engine.docs, spaceId, other.branch, 'b', paragraphs({ b1: 'one (other)', b2: 'two' }));
    const first = ok(await t.owner.client.call('mergeChangeRequest', { params: other.params }));
    writePage(t.engine.docs, spaceId, branch, 'a', paragraphs({ a1: 'one (cr)', a2: 'two' }));
    expect((await getChangeRequest(params)).outdated).toBe(true);

    const updated = ok(await t.owner.client.call('updateChangeRequest', { params: { spaceId, changeRequestId: String(cr.number) } }));
    expect(updated).toEqual({ revision: expect.any(String), result: 'update' });
    expect(blocks(spaceId, branch, 'b').b1).toBe('one (other)');
    expect(revisionRow(updated.revision)).toEqual({ parents: JSON.stringify([cr.revision, first.revision]), type: 'update', change_request_id: cr.id });
    expect(await getChangeRequest(params)).toMatchObject({
      revision: updated.revision,
      revisionMergedAncestor: first.revision,
      outdated: false,
      status: 'open',
    });

    writePage(t.engine.docs, spaceId, branch, 'b', paragraphs({ b1: 'one (other, then cr)', b2: 'two' }));
    const merged = ok(await t.owner.client.call('mergeChangeRequest', { params }));
    expect(merged.result).toBe('merge');
    expect(JSON.parse(revisionRow(merged.revision).parents)).toEqual([first.revision, updated.revision]);
    expect(blocks(spaceId, MAIN, 'a').a1).toBe('one (cr)');
    expect(blocks(spaceId, MAIN, 'b').b1).toBe('one (other, then cr)');
  });

  it('answers conflicts when main and the change request edited one block', async () => {
    const { spaceId, branch, params } = await spaceWithChangeRequest();
    writePage(t.engine.docs, spaceId, MAIN, 'a', paragraphs({ a1: 'main', a2: 'two' }));
    writePage(t.engine.docs, spaceId, branch, 'a', paragraphs({ a1: 'cr', a2: 'two' }));
    expect(ok(await t.owner.client.call('updateChangeRequest', { params })).result).toBe('conflicts');
  });

  it('refuses a locked space with 409 naming editMode', async () => {
    const { params } = await spaceWithChangeRequest({ editMode: 'locked' });
    expectFailure(await t.owner.client.call('updateChangeRequest', { params }), 409, /^editMode/);
  });
});

describe('merge rules', () => {
  it('refuse a merge the rules do not allow with 409, and let a bypassing user through', async () => {
    const { spaceId, params } = await spaceWithChangeRequest();
    const rules = (rule: object[]) =>
      t.owner.client.call('updateSpaceById', { params: { spaceId }, body: { mergeRules: { type: 'rules', rules: rule as never } } });
    ok(await rules([{ rule: 'require_change_request_description' }]));
    expectFailure(await t.owner.client.call('mergeChangeRequest', { params }), 409, /^mergeRules: require_change_request_description: the change request needs a description/);
    ok(await rules([{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [t.owner.id] }]));
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
  });
});

/** Another change request on an existing space. */
async function spaceWithChangeRequestIn(spaceId: string) {
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Other' } }));
  return { cr, branch: changeRequestBranch(cr.id), params: { spaceId, changeRequestId: cr.id } };
}

