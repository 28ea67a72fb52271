import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces } from '../../../../src-main/engine/domain/spaces/trash.js';
import { addMember } from '../../../../src-main/engine/app/admin/commands.js';
import { expectFailure, ok, otherOrganization } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { newTeam } from '../members/people.js';
import { grant, grantsAs, itemAs, newItem } from './calls.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const DAY = 24 * 60 * 60 * 1000;

/** How many grants are stored on these items: what the API can no longer show once they are gone. */
function storedGrants(...contentIds: string[]): number {
  return t.engine.db.get<{ n: number }>(
    'SELECT count(*) AS n FROM content_grants WHERE content_id IN (SELECT value FROM json_each(?))',
    JSON.stringify(contentIds),
  )!.n;
}

const teamParams = (teamId: string) => ({ organizationId: t.organizationId, teamId });

describe('grants that no longer make sense go', () => {
  it('with a deleted team', async () => {
    const guest = t.user(null);
    const team = await newTeam(t, t.organizationId, 'Doomed', [guest.id]);
    const [space, collection] = [await newItem(t, 'space'), await newItem(t, 'collection')];
    await grant(t, 'space', space, { role: 'read', teams: [team] });
    await grant(t, 'collection', collection, { role: 'read', teams: [team] });
    expect((await itemAs(guest, 'space', space)).status).toBe(200);

    ok(await t.owner.client.call('removeTeamFromOrganizationById', { params: teamParams(team) }));
    expect(ok(await grantsAs(t.owner, 'space', space).listTeams()).count).toBe(0);
    expect(storedGrants(space, collection)).toBe(0);
    expect((await itemAs(guest, 'space', space)).status).toBe(403);
  });

  it("with a member who leaves the organization, and only that organization's", async () => {
    const member = t.user('read');
    const elsewhere = otherOrganization(t, [[member, 'read']]);
    const [here, there] = [await newItem(t, 'space'), await newItem(t, 'space', { organizationId: elsewhere })];
    await grant(t, 'space', here, { role: 'admin', users: [member.id] });
    await grant(t, 'space', there, { role: 'admin', users: [member.id] });

    ok(await member.client.call('removeMemberFromOrganizationById', { params: { organizationId: t.organizationId, userId: member.id } }));
    expect(storedGrants(here)).toBe(0);
    expect(storedGrants(there)).toBe(1);
    addMember(t.engine, t.organizationId, member.email, 'guest');
    expect((await itemAs(member, 'space', here)).status).toBe(403);
  });

  it('with a deleted collection, for it and its sub-collections; the spaces inside lose what came through them', async () => {
    const guest = t.user(null);
    const outer = await newItem(t, 'collection');
    const inner = await newItem(t, 'collection', { parent: outer });
    const space = await newItem(t, 'space', { parent: inner });
    await grant(t, 'collection', outer, { role: 'read', users: [guest.id] });
    await grant(t, 'collection', inner, { role: 'edit', teams: [await newTeam(t, t.organizationId)] });
    expect((await itemAs(guest, 'space', space)).status).toBe(200);

    ok(await t.owner.client.call('deleteCollectionById', { params: { collectionId: outer } }));
    expect(storedGrants(outer, inner)).toBe(0);
    expect((await itemAs(guest, 'space', space)).status).toBe(403);
  });

  it('with a space purged from the trash; in the trash a space keeps them, so that a restore brings them back', async () => {
    const guest = t.user(null);
    const team = await newTeam(t, t.organizationId, 'Keepers');
    const space = await newItem(t, 'space');
    await grant(t, 'space', space, { role: 'admin', users: [guest.id], teams: [team] });
    const spacesOfTeam = async () => ok(await t.owner.client.call('getTeamInOrganizationById', { params: teamParams(team) })).spaces;
    expect(await spacesOfTeam()).toBe(1);

    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: space } }));
    expect(await spacesOfTeam()).toBe(0);
    expectFailure(await grantsAs(t.owner, 'space', space).listUsers(), 404);
    // Whoever administrates a space may restore it from the trash, a grant holder too.
    expect((await guest.client.call('restoreSpace', { params: { spaceId: space } })).status).toBe(200);
    expect(await spacesOfTeam()).toBe(1);
    expect(ok(await grantsAs(t.owner, 'space', space).listUsers()).items.map((item) => item.user.id)).toEqual([guest.id]);

    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: space } }));
    t.clock.advance(8 * DAY);
    purgeExpiredSpaces(t.engine.db, t.engine.docs, t.clock.now().toISOString());
    expect(storedGrants(space)).toBe(0);
  });
});

describe('a transfer to another organization', () => {
  let both: TestUser;
  let onlyHere: TestUser;
  let target: string;
  beforeAll(() => {
    both = t.user('read');
    onlyHere = t.user('read');
    target = otherOrganization(t, [[both, null]]);
  });

  it("keeps a space's grants to users of the new organization only", async () => {
    const space = await newItem(t, 'space');
    await grant(t, 'space', space, { role: 'edit', users: [both.id, onlyHere.id], teams: [await newTeam(t, t.organizationId)] });
    ok(await t.owner.client.call('transferSpace', { params: { spaceId: space }, body: { organization: target } }));
    const users = ok(await grantsAs(t.owner, 'space', space).listUsers());
    expect(users.items.map((item) => item.user.id)).toEqual([both.id]);
    expect(storedGrants(space)).toBe(1);
    expect((await itemAs(both, 'space', space)).permissions).toMatchObject({ edit: true });
  });

  it('does the same for a collection, its sub-collections and the spaces in them', async () => {
    const outer = await newItem(t, 'collection');
    const inner = await newItem(t, 'collection', { parent: outer });
    const space = await newItem(t, 'space', { parent: inner });
    const team = await newTeam(t, t.organizationId);
    await grant(t, 'collection', outer, { role: 'read', users: [both.id, onlyHere.id], teams: [team] });
    await grant(t, 'collection', inner, { role: 'edit', users: [onlyHere.id] });
    await grant(t, 'space', space, { role: 'admin', teams: [team] });
    ok(await t.owner.client.call('transferCollection', { params: { collectionId: outer }, body: { organization: target } }));
    expect(storedGrants(inner, space)).toBe(0);
    const users = ok(await grantsAs(t.owner, 'collection', outer).listUsers());
    expect(users.items.map((item) => item.user.id)).toEqual([both.id]);
    expect((await itemAs(both, 'space', space)).status).toBe(200);
  });
});
