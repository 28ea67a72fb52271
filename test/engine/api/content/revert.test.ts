import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { writeMainPages } from '../../domain/content/main-writer.js';
import { created, crPage, crPages, mainPages, outline, write, type Target } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

/** A space whose main holds pages A (with a body) and B, and a change request opened on it. */
async function withMainContent(): Promise<Target> {
  const space = await newSpace(t.owner, t.organizationId);
  writeMainPages(t.engine, space.id, [
    { id: 'pageA', title: 'A', markdown: 'Main text.\n' },
    { id: 'pageB', title: 'B' },
  ]);
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: {} }));
  return { spaceId: space.id, changeRequestId: cr.id };
}

describe('reading through to main', () => {
  it('shows main pages in a new change request, with their bodies', async () => {
    const target = await withMainContent();
    expect(outline(await crPages(t.owner, target))).toBe('A B');
    expect(ok(await crPage(t.owner, target, 'pageA', 'markdown'))).toMatchObject({ markdown: 'Main text.\n' });
  });

  it('keeps showing main as it was at the fork once main changes', async () => {
    const target = await withMainContent();
    writeMainPages(t.engine, target.spaceId, [{ id: 'pageA', title: 'A on main', markdown: 'Main moved on.\n' }, { id: 'pageC', title: 'C' }]);
    expect(outline(await mainPages(t.owner, target.spaceId))).toBe('A on main B C');
    expect(outline(await crPages(t.owner, target))).toBe('A B');
    expect(ok(await crPage(t.owner, target, 'pageA', 'markdown'))).toMatchObject({ markdown: 'Main text.\n' });
  });

  it('keeps main as it was while the change request edits', async () => {
    const target = await withMainContent();
    ok(await write(t.owner, target, [{ operation: 'update_page', page: 'pageA', title: 'A2', document: { markdown: 'CR text.\n' } }]));
    expect(outline(await mainPages(t.owner, target.spaceId))).toBe('A B');
    const main = ok(await t.owner.client.call('getPageById', { params: { spaceId: target.spaceId, pageId: 'pageA' }, query: { format: 'markdown' } }));
    expect(main).toMatchObject({ title: 'A', markdown: 'Main text.\n' });
  });
});

describe('revert_page', () => {
  it('puts an edited page back as main had it', async () => {
    const target = await withMainContent();
    ok(await write(t.owner, target, [{ operation: 'update_page', page: 'pageA', title: 'A2', emoji: '🎉', document: { markdown: 'CR text.\n' } }]));
    ok(await write(t.owner, target, [{ operation: 'revert_page', page: 'pageA' }]));
    const page = ok(await crPage(t.owner, target, 'pageA', 'markdown'));
    expect(page).toMatchObject({ title: 'A', markdown: 'Main text.\n' });
    expect(page).not.toHaveProperty('emoji');
  });

  it('brings back a deleted page and removes an added one', async () => {
    const target = await withMainContent();
    const [added] = await created(t.owner, target, [{ operation: 'insert_page', title: 'New', document: {} }]);
    ok(await write(t.owner, target, [{ operation: 'delete_page', page: 'pageB' }]));
    expect(outline(await crPages(t.owner, target))).toBe('A New');
    ok(await write(t.owner, target, [
      { operation: 'revert_page', page: 'pageB' },
      { operation: 'revert_page', page: added! },
    ]));
    expect(outline(await crPages(t.owner, target))).toBe('A B');
  });

  it('refuses other revisions, block lists and unknown pages', async () => {
    const target = await withMainContent();
    expectFailure(await write(t.owner, target, [{ operation: 'revert_page', page: 'pageA', revision: 'other' }]), 400, /^body\.changes\.0\.revision: /);
    expectFailure(await write(t.owner, target, [{ operation: 'revert_page', page: 'pageA', block: ['x'] }]), 400, /^body\.changes\.0\.block: /);
    expectFailure(await write(t.owner, target, [{ operation: 'revert_page', page: 'nowhere' }]), 400, /^body\.changes\.0\.page: /);
  });
});
