import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, crPage, crPages, mainPages, outline, spaceWithChangeRequest, write } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

describe('inserting pages', () => {
  it('nests pages with into and answers their paths', async () => {
    const target = await spaceWithChangeRequest(t);
    const [guide] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Start here.\n' } }]);
    const [install, use] = await created(t.owner, target, [
      { operation: 'insert_page', into: guide, title: 'Install', document: { markdown: 'Run it.\n' } },
      { operation: 'insert_page', into: guide, title: 'Use it', document: {} },
    ]);
    const pages = await crPages(t.owner, target);
    expect(outline(pages)).toBe('Guide[Install Use it]');
    const page = ok(await crPage(t.owner, target, use!));
    expect(page).toMatchObject({ type: 'document', kind: 'sheet', title: 'Use it', slug: 'use-it', path: 'guide/use-it' });
    expect(ok(await crPage(t.owner, target, install!, 'markdown'))).toMatchObject({ markdown: 'Run it.\n' });
  });

  it('takes title, description and emoji from the front matter', async () => {
    const target = await spaceWithChangeRequest(t);
    const markdown = '---\ntitle: From the matter\ndescription: Short\nemoji: "🎉"\n---\n\nBody.\n';
    const [id] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Ignored', document: { markdown } }]);
    expect(ok(await crPage(t.owner, target, id!))).toMatchObject({ title: 'From the matter', description: 'Short', emoji: '🎉' });
  });

  it('places a page at an index among its siblings', async () => {
    const target = await spaceWithChangeRequest(t);
    await created(t.owner, target, [
      { operation: 'insert_page', title: 'A', document: {} },
      { operation: 'insert_page', title: 'C', document: {} },
      { operation: 'insert_page', title: 'B', at: 1, document: {} },
      { operation: 'insert_page', title: 'Zero', at: 0, document: {} },
    ]);
    expect(outline(await crPages(t.owner, target))).toBe('Zero A B C');
  });

  it('gives a derived slug a number when a sibling has it, and refuses a given one', async () => {
    const target = await spaceWithChangeRequest(t);
    const ids = await created(t.owner, target, [
      { operation: 'insert_page', title: 'Intro', document: {} },
      { operation: 'insert_page', title: 'Intro', document: {} },
    ]);
    expect(ok(await crPage(t.owner, target, ids[1]!))).toMatchObject({ path: 'intro-2' });
    expectFailure(await write(t.owner, target, [{ operation: 'insert_page', slug: 'intro', document: {} }]), 400, /^body\.changes\.0\.slug: /);
  });
});

describe('batch after batch on one tree', () => {
  it('places, names and nests each batch\'s pages as the tree stands after the batches before, a refused one left out', async () => {
    const target = await spaceWithChangeRequest(t);
    const [a, b] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'A', document: {} },
      { operation: 'insert_page', title: 'B', document: {} },
      { operation: 'insert_page', title: 'C', document: {} },
    ]);
    const c = (await crPages(t.owner, target)).find((page) => page.title === 'C')!.id;
    ok(await write(t.owner, target, [
      { operation: 'update_page', page: b, into: a },
      { operation: 'delete_page', page: c },
    ]));
    expectFailure(await write(t.owner, target, [{ operation: 'insert_page', title: 'D', document: {} }, { operation: 'update_page', page: 'no-such-page', title: 'X' }]), 400, /^body\.changes\.1\.page: /);
    const [again, e, cAgain] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'A', document: {} },
      { operation: 'insert_page', into: a, at: 0, title: 'E', document: {} },
      { operation: 'insert_page', title: 'C', document: {} },
    ]);
    expect(outline(await crPages(t.owner, target))).toBe('A[E B] A C');
    expect(ok(await crPage(t.owner, target, again!))).toMatchObject({ path: 'a-2' });
    expect(ok(await crPage(t.owner, target, e!))).toMatchObject({ path: 'a/e' });
    // C's slug was freed by its deletion two batches before.
    expect(ok(await crPage(t.owner, target, cAgain!))).toMatchObject({ path: 'c' });
  });
});

describe('slugs within one batch', () => {
  it('frees a slug its page moved or renamed away from, takes one a page moved or renamed into, and lets a page keep its own', async () => {
    const target = await spaceWithChangeRequest(t);
    const [guide, intro, other] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'Guide', document: {} },
      { operation: 'insert_page', title: 'Intro', document: {} },
      { operation: 'insert_page', title: 'Other', document: {} },
    ]);
    const [rootIntro, guideIntro, rootOther] = await created(t.owner, target, [
      { operation: 'update_page', page: intro!, into: guide! },
      { operation: 'insert_page', title: 'Intro', document: {} },
      { operation: 'insert_page', into: guide, title: 'Intro', document: {} },
      { operation: 'update_page', page: other!, slug: 'renamed' },
      { operation: 'insert_page', title: 'Other', document: {} },
    ]);
    expect(ok(await crPage(t.owner, target, rootIntro!))).toMatchObject({ path: 'intro' });
    expect(ok(await crPage(t.owner, target, guideIntro!))).toMatchObject({ path: 'guide/intro-2' });
    expect(ok(await crPage(t.owner, target, rootOther!))).toMatchObject({ path: 'other' });
    ok(await write(t.owner, target, [{ operation: 'update_page', page: intro!, slug: 'intro', into: guide! }]));
    expectFailure(await write(t.owner, target, [{ operation: 'update_page', page: guideIntro!, slug: 'intro' }]), 400, /^body\.changes\.0\.slug: /);
    expectFailure(await write(t.owner, target, [{ operation: 'update_page', page: other!, into: null, title: 'x' }, { operation: 'insert_page', slug: 'renamed', document: {} }]), 400, /^body\.changes\.1\.slug: /);
  });
});

describe('updating pages', () => {
  it('moves a page with into and at, and its subtree follows', async () => {
    const target = await spaceWithChangeRequest(t);
    const [a, b, c] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'A', document: {} },
      { operation: 'insert_page', title: 'B', document: {} },
      { operation: 'insert_page', title: 'C', document: {} },
    ]);
    await created(t.owner, target, [{ operation: 'insert_page', into: c, title: 'C1', document: {} }]);
    ok(await write(t.owner, target, [{ operation: 'update_page', page: c!, into: a!, at: 0 }]));
    ok(await write(t.owner, target, [{ operation: 'update_page', page: b!, at: 0 }]));
    expect(outline(await crPages(t.owner, target))).toBe('B A[C[C1]]');
    const pages = await crPages(t.owner, target);
    expect(JSON.stringify(pages)).toContain('"path":"a/c/c1"');
    ok(await write(t.owner, target, [{ operation: 'update_page', page: c!, into: null }]));
    expect(outline(await crPages(t.owner, target))).toBe('B A C[C1]');
  });

  it('refuses to move a page into its own subtree', async () => {
    const target = await spaceWithChangeRequest(t);
    const [a] = await created(t.owner, target, [{ operation: 'insert_page', title: 'A', document: {} }]);
    const [child] = await created(t.owner, target, [{ operation: 'insert_page', into: a, title: 'Child', document: {} }]);
    expectFailure(await write(t.owner, target, [{ operation: 'update_page', page: a!, into: child! }]), 400, /^body\.changes\.0\.into: /);
    expectFailure(await write(t.owner, target, [{ operation: 'update_page', page: a!, into: a! }]), 400, /^body\.changes\.0\.into: /);
  });

  it('changes the document and the metadata', async () => {
    const target = await spaceWithChangeRequest(t);
    const [id] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Old', document: { markdown: 'Old text.\n' } }]);
    ok(await write(t.owner, target, [
      { operation: 'update_page', page: id!, title: 'New', description: 'Described', hidden: true, document: { markdown: 'New text.\n' } },
    ]));
    const page = ok(await crPage(t.owner, target, id!, 'markdown'));
    expect(page).toMatchObject({ title: 'New', description: 'Described', hidden: true, markdown: 'New text.\n', slug: 'old' });
  });

  it('keeps the ids of blocks a Markdown rewrite did not change', async () => {
    const target = await spaceWithChangeRequest(t);
    const [id] = await created(t.owner, target, [{ operation: 'insert_page', title: 'P', document: { markdown: 'One.\n\nTwo.\n' } }]);
    const keysOf = async () => {
      const page = ok(await crPage(t.owner, target, id!, 'document'));
      return ('document' in page ? (page.document!.nodes as { key?: string }[]) : []).map((node) => node.key);
    };
    const before = await keysOf();
    ok(await write(t.owner, target, [{ operation: 'update_page', page: id!, document: { markdown: 'One.\n\nTwo changed.\n\nThree.\n' } }]));
    const after = await keysOf();
    expect(after[0]).toBe(before[0]);
    expect(after).toHaveLength(3);
  });
});

describe('deleting pages', () => {
  it('removes the page and its subtree', async () => {
    const target = await spaceWithChangeRequest(t);
    const [a, b] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'A', document: {} },
      { operation: 'insert_page', title: 'B', document: {} },
    ]);
    const [child] = await created(t.owner, target, [{ operation: 'insert_page', into: a, title: 'A1', document: {} }]);
    const answer = ok(await write(t.owner, target, [{ operation: 'delete_page', page: a! }]));
    expect('changes' in answer && answer.changes.map((c) => c.object)).toEqual(['deleted_page', 'deleted_page']);
    expect(outline(await crPages(t.owner, target))).toBe('B');
    expectFailure(await crPage(t.owner, target, child!), 404);
    expect(b).toBeDefined();
  });
});

describe('the answer of a batch', () => {
  it('is the change request by default (compat), and lists the pages touched with compat=false', async () => {
    const target = await spaceWithChangeRequest(t);
    const answer = ok(await t.owner.client.call('updateChangeRequestContent', {
      params: target,
      body: { changes: [{ operation: 'insert_page', title: 'P', ref: 'p', document: {} }] },
    }));
    expect(answer).toMatchObject({ object: 'change-request', id: target.changeRequestId });
    const detailed = ok(await write(t.owner, target, [{ operation: 'insert_page', title: 'Q', ref: 'q', document: {} }]));
    expect(detailed).toMatchObject({ changes: [{ object: 'created_page', ref: 'q', page: { object: 'page' } }], insertedFiles: [] });
    const location = 'changes' in detailed && detailed.changes[0]!.object === 'created_page' ? detailed.changes[0]!.page.urls.location : '';
    const read = await fetch(location, { headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(await read.json()).toMatchObject({ title: 'Q' });
  });
});

describe('change request content and main', () => {
  it('leaves main unchanged, and reads fall through to main until the change request writes', async () => {
    const target = await spaceWithChangeRequest(t);
    await created(t.owner, target, [{ operation: 'insert_page', title: 'Draft', document: {} }]);
    expect(await mainPages(t.owner, target.spaceId)).toEqual([]);
    const other = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: target.spaceId }, body: {} }));
    expect(await crPages(t.owner, { spaceId: target.spaceId, changeRequestId: other.id })).toEqual([]);
  });

  it('answers the revision of the change request, moved on by each write', async () => {
    const target = await spaceWithChangeRequest(t);
    const before = ok(await t.owner.client.call('getRevisionOfChangeRequestById', { params: target }));
    await created(t.owner, target, [{ operation: 'insert_page', title: 'P', document: {} }]);
    const after = ok(await t.owner.client.call('getRevisionOfChangeRequestById', { params: target }));
    expect(after.id).not.toBe(before.id);
    expect(after.parents).toEqual([before.id]);
    expect(outline(after.pages)).toBe('P');
    const cr = ok(await t.owner.client.call('getChangeRequestById', { params: target }));
    expect(cr.revision).toBe(after.id);
    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId: target.spaceId } }));
    expect(ok(await t.owner.client.call('getCurrentRevision', { params: { spaceId: target.spaceId } })).id).toBe(space.revision);
  });
});
