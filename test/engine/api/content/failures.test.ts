import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, crPages, outline, spaceWithChangeRequest, write } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

describe('a batch is atomic', () => {
  it('writes nothing when a change in the middle is invalid', async () => {
    const target = await spaceWithChangeRequest(t);
    const [kept] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Same.\n' } }]);
    const before = ok(await t.owner.client.call('getChangeRequestById', { params: target }));
    const result = await write(t.owner, target, [
      { operation: 'insert_page', title: 'New', document: {} },
      { operation: 'update_page', page: kept!, title: 'Renamed', document: { markdown: 'Changed.\n' } },
      { operation: 'delete_page', page: 'unknownPage' },
      { operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] },
    ]);
    expectFailure(result, 400, /^body\.changes\.2\.page: /);
    expect(outline(await crPages(t.owner, target))).toBe('Kept');
    const page = ok(await t.owner.client.call('getPageInChangeRequestById', { params: { ...target, pageId: kept! }, query: { format: 'markdown' } }));
    expect(page).toMatchObject({ title: 'Kept', markdown: 'Same.\n' });
    expect(ok(await t.owner.client.call('getChangeRequestById', { params: target })).revision).toBe(before.revision);
    expect(ok(await t.owner.client.call('listFilesInChangeRequestById', { params: target })).count).toBe(0);
  });
});

describe('limits and malformed changes', () => {
  it('refuses each with a 400 naming the field', async () => {
    const target = await spaceWithChangeRequest(t);
    const tooMany = Array.from({ length: 51 }, () => ({ operation: 'insert_page', document: {} }));
    const cases: [unknown[], RegExp][] = [
      [[], /^body\.changes: /],
      [tooMany, /^body\.changes: /],
      [[{ operation: 'rename_page', page: 'x' }], /^body\.changes\.0/],
      [[{ operation: 'insert_page' }], /^body\.changes\.0\.document: /],
      [[{ operation: 'insert_page', title: '', document: {} }], /^body\.changes\.0\.title: /],
      [[{ operation: 'insert_page', slug: 'a/b', document: {} }], /^body\.changes\.0\.slug: /],
      [[{ operation: 'insert_page', slug: 'x'.repeat(101), document: {} }], /^body\.changes\.0\.slug: /],
      [[{ operation: 'insert_page', at: -1, document: {} }], /^body\.changes\.0\.at: /],
      [[{ operation: 'insert_page', at: 1, document: {} }], /^body\.changes\.0\.at: /],
      [[{ operation: 'insert_page', into: 'missing', document: {} }], /^body\.changes\.0\.into: /],
      [[{ operation: 'insert_page', document: { document: { object: 'nope' } } }], /^body\.changes\.0\.document/],
      [[{ operation: 'insert_page', document: { markdown: '---\n[a\n---\n' } }], /^body\.changes\.0\.document\.markdown: /],
      [[{ operation: 'update_page', page: 'missing' }], /^body\.changes\.0\.page: /],
      [[{ operation: 'insert_page', ref: 'r', document: {} }, { operation: 'insert_page', ref: 'r', document: {} }], /^body\.changes\.1\.ref: /],
      [[{ operation: 'insert_files', files: [] }], /^body\.changes\.0\.files: /],
    ];
    for (const [changes, message] of cases) expectFailure(await write(t.owner, target, changes as never[]), 400, message);
    expect(await crPages(t.owner, target)).toEqual([]);
  });

  it('answers 404 for an unknown change request, space or page', async () => {
    const target = await spaceWithChangeRequest(t);
    const insert = [{ operation: 'insert_page', document: {} }];
    expectFailure(await write(t.owner, { ...target, changeRequestId: 'unknown' }, insert), 404);
    expectFailure(await write(t.owner, { ...target, spaceId: 'unknown' }, insert), 404);
    expectFailure(await t.owner.client.call('listPagesInChangeRequest', { params: { ...target, changeRequestId: 'unknown' } }), 404);
    expectFailure(await t.owner.client.call('getPageInChangeRequestById', { params: { ...target, pageId: 'unknown' } }), 404);
    expectFailure(await t.owner.client.call('getPageById', { params: { spaceId: target.spaceId, pageId: 'unknown' } }), 404);
    expectFailure(await t.owner.client.call('getPageByPath', { params: { spaceId: target.spaceId, pagePath: 'nowhere' } }), 404);
  });
});

describe('states that refuse writes', () => {
  it('a locked space answers 409 naming editMode, and takes the same batch once unlocked', async () => {
    const target = await spaceWithChangeRequest(t);
    const insert = [{ operation: 'insert_page', title: 'P', document: {} }];
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: target.spaceId }, body: { editMode: 'locked' } }));
    expectFailure(await write(t.owner, target, insert), 409, /^editMode: /);
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: target.spaceId }, body: { editMode: 'live' } }));
    ok(await write(t.owner, target, insert));
  });

  it('a merged change request answers 409', async () => {
    const target = await spaceWithChangeRequest(t);
    t.engine.db.run("UPDATE change_requests SET status = 'merged' WHERE id = ?", target.changeRequestId);
    expectFailure(await write(t.owner, target, [{ operation: 'insert_page', document: {} }]), 409, /^status: /);
  });
});

describe('pages by path', () => {
  it('finds a nested page by its URL-encoded path', async () => {
    const target = await spaceWithChangeRequest(t);
    const [parent] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Guide', document: {} }]);
    const [child] = await created(t.owner, target, [{ operation: 'insert_page', into: parent, title: 'Setup', document: {} }]);
    const page = ok(await t.owner.client.call('getPageInChangeRequestByPath', { params: { ...target, pagePath: 'guide/setup' } }));
    expect(page.id).toBe(child);
  });
});
