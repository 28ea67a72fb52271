import { describe, expect, it } from 'vitest';
import { roleTestServer } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';
import { CALLERS, roleOf, type Caller } from '../../../support/roles.js';
import type { TestUser } from '../../../support/server.js';
import { FILLER, writeMain } from './fixture.js';

const test = roleTestServer();

const searchOrg = (user: TestUser, query: string, extra: { limit?: number; page?: string } = {}) =>
  user.client.call('searchOrganizationContent', { params: { organizationId: test.t.organizationId }, query: { query, ...extra } });

/** A space of the first organization holding one page with `word`, plus filler. */
async function spaceHolding(word: string, title: string, body: Parameters<typeof newSpace>[2] = {}) {
  const space = await newSpace(test.t.owner, test.t.organizationId, { title, ...body });
  await writeMain(test.t, space.id, [{ title: `About ${word}`, markdown: `All about ${word} here.\n` }, ...FILLER]);
  return space.id;
}

describe('searching an organization', () => {
  it('groups pages by space, the space with the best page first', async () => {
    const weak = await newSpace(test.t.owner, test.t.organizationId, { title: 'Weak' });
    await writeMain(test.t, weak.id, [{ title: 'Other', markdown: 'A mention of lynxes somewhere in a longer sentence of text.\n' }, ...FILLER]);
    const strong = await spaceHolding('lynxes', 'Strong');
    const result = ok(await searchOrg(test.t.owner, 'lynxes'));
    expect(result.items.map((space) => space.id)).toEqual([strong, weak.id]);
    expect(result.items[0]).toMatchObject({ title: 'Strong', pages: [expect.objectContaining({ title: 'About lynxes', ancestors: [] })] });
    expect(result.count).toBe(2);
  });

  it('pages through spaces', async () => {
    const ids = [await spaceHolding('marmots', 'M1'), await spaceHolding('marmots', 'M2'), await spaceHolding('marmots', 'M3')];
    const first = ok(await searchOrg(test.t.owner, 'marmots', { limit: 2 }));
    expect(first.items).toHaveLength(2);
    const second = ok(await searchOrg(test.t.owner, 'marmots', { limit: 2, page: first.next!.page }));
    expect(second.next).toBeUndefined();
    expect(new Set([...first.items, ...second.items].map((space) => space.id))).toEqual(new Set(ids));
  });

  it('leaves spaces in the trash out', async () => {
    const spaceId = await spaceHolding('okapis', 'Trashed');
    expect(ok(await searchOrg(test.t.owner, 'okapis')).count).toBe(1);
    ok(await test.t.owner.client.call('deleteSpaceById', { params: { spaceId } }));
    expect(ok(await searchOrg(test.t.owner, 'okapis')).count).toBe(0);
  });

  it('answers nothing for text without a word', async () => {
    expect(ok(await searchOrg(test.t.owner, '"*()'))).toEqual({ items: [], count: 0 });
  });
});

describe('who finds what', () => {
  /** What each caller may read: the open space by their role, the closed one only as admin or through a grant. */
  const finds = (caller: Caller) => ({
    open: caller !== 'outsider' && caller !== 'guest',
    closed: caller === 'admin',
    granted: caller !== 'outsider',
  });

  it.each(CALLERS)('as %s, only spaces the caller may read', async (caller) => {
    const word = `serval${CALLERS.indexOf(caller)}x`;
    const open = await spaceHolding(word, 'Open');
    const closed = await spaceHolding(word, 'Closed', {});
    ok(await test.t.owner.client.call('updateSpaceById', { params: { spaceId: closed }, body: { defaultLevel: null } }));
    const granted = await spaceHolding(word, 'Granted');
    ok(await test.t.owner.client.call('updateSpaceById', { params: { spaceId: granted }, body: { defaultLevel: null } }));
    const user = test.users[caller];
    if (roleOf(caller) !== undefined) {
      ok(await test.t.owner.client.call('inviteToSpace', { params: { spaceId: granted }, body: { users: [user.id], role: 'read' } }));
    }
    const result = await searchOrg(user, word);
    if (caller === 'outsider') {
      expect(result.status).toBe(403);
      return;
    }
    const found = new Set(ok(result).items.map((space) => space.id));
    const expected = finds(caller);
    expect(found.has(open), 'open').toBe(expected.open);
    expect(found.has(closed), 'closed').toBe(expected.closed);
    expect(found.has(granted), 'granted').toBe(expected.granted);
  });
});
