import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, newCollection, newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';

let t: TestServer;
let editor: TestUser;
let ids: { open: string; hidden: string; readOnly: string };

beforeAll(async () => {
  t = await TestServer.start();
  editor = t.user('edit');
  const org = t.organizationId;
  const open = await newSpace(t.owner, org, { title: 'Open' });
  t.clock.advance(1000);
  const closed = await newCollection(t.owner, org, { title: 'Closed' });
  ok(await t.owner.client.call('updateCollectionById', { params: { collectionId: closed.id }, body: { defaultLevel: null } }));
  const hidden = await newSpace(t.owner, org, { title: 'Hidden', parent: closed.id });
  t.clock.advance(1000);
  const readOnly = await newSpace(t.owner, org, { title: 'Read only' });
  ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: readOnly.id }, body: { defaultLevel: 'read' } }));
  ids = { open: open.id, hidden: hidden.id, readOnly: readOnly.id };
});
afterAll(() => t.stop());

const list = (caller: TestUser, userId: string, query: { order?: 'asc' | 'desc'; limit?: number } = {}) =>
  caller.client.call('listSpacesForOrganizationMember', { params: { organizationId: t.organizationId, userId }, query });

describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces', () => {
  it('lists what the member can access, with their role on each, newest first', async () => {
    const page = ok(await list(t.owner, editor.id));
    expect(page.items.map((i) => [i.space.title, i.permission])).toEqual([
      ['Read only', 'read'],
      ['Open', 'edit'],
    ]);
    expect(page.count).toBe(2);
    // The space is shown to the caller (an admin), not as the member sees it.
    expect(page.items[0]!.space.permissions.admin).toBe(true);
  });

  it('orders oldest first on request, and pages', async () => {
    const first = ok(await list(t.owner, t.owner.id, { order: 'asc', limit: 2 }));
    expect(first.items.map((i) => i.space.id)).toEqual([ids.open, ids.hidden]);
    expect(first.items.every((i) => i.permission === 'admin')).toBe(true);
    const rest = ok(await t.owner.client.call('listSpacesForOrganizationMember', {
      params: { organizationId: t.organizationId, userId: t.owner.id },
      query: { order: 'asc', limit: 2, page: first.next!.page },
    }));
    expect(rest.items.map((i) => i.space.id)).toEqual([ids.readOnly]);
  });

  it('lets members see their own list, not other people’s', async () => {
    expect(ok(await list(editor, editor.id)).count).toBe(2);
    expectFailure(await list(editor, t.owner.id), 403);
    const guest = t.user(null);
    expect(ok(await list(guest, guest.id))).toEqual({ items: [], count: 0 });
    expectFailure(await list(t.user(), editor.id), 403);
  });

  it('answers 404 for someone who is not a member', async () => {
    expectFailure(await list(t.owner, t.user().id), 404);
  });
});
