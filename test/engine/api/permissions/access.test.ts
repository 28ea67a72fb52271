import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../../src-shared/contract/common.js';
import { expectFailure, ok, spacePermissionsAs, spacePermissionsOf } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { newOrganization, newTeam } from '../members/people.js';
import { grant, grantsAs, itemAs, newItem } from './calls.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const setSpaceLevel = async (spaceId: string, defaultLevel: Role | null) =>
  ok(await t.owner.client.call('updateSpaceById', { params: { spaceId }, body: { defaultLevel } }));
const setCollectionLevel = async (collectionId: string, defaultLevel: Role | null) =>
  ok(await t.owner.client.call('updateCollectionById', { params: { collectionId }, body: { defaultLevel } }));

describe('a guest granted read on a space', () => {
  it('sees that space and its permissions, and nothing else', async () => {
    const org = await newOrganization(t, 'Guests');
    const guest = t.user(null, org);
    const [seen, unseen] = [await newItem(t, 'space', { organizationId: org }), await newItem(t, 'space', { organizationId: org })];
    const collection = await newItem(t, 'collection', { organizationId: org });
    await grant(t, 'space', seen, { role: 'read', users: [guest.id] });

    expect(await spacePermissionsAs(guest, seen)).toEqual(spacePermissionsOf('read'));
    expect((await itemAs(guest, 'space', unseen)).status).toBe(403);
    expect((await itemAs(guest, 'collection', collection)).status).toBe(403);
    const spaces = ok(await guest.client.call('listSpacesInOrganizationById', { params: { organizationId: org } }));
    expect(spaces.items.map((space) => space.id)).toEqual([seen]);
    expect(ok(await guest.client.call('listCollectionsInOrganizationById', { params: { organizationId: org } })).count).toBe(0);

    const grants = grantsAs(guest, 'space', seen);
    expect(ok(await grants.listUsers()).items.map((item) => item.user.id)).toEqual([guest.id]);
    expect(ok(await grants.listTeams()).count).toBe(0);
    expect(ok(await grants.aggregate()).items.map((item) => item.user.id)).toContain(guest.id);
    expectFailure(await grants.invite({ role: 'admin', users: [guest.id] }), 403);
    expectFailure(await grantsAs(guest, 'space', unseen).listUsers(), 403);

    const member = { organizationId: org, userId: guest.id };
    expect(ok(await t.owner.client.call('getMemberInOrganizationById', { params: member })).spaces).toBe(1);
    const own = ok(await guest.client.call('listSpacesForOrganizationMember', { params: member }));
    expect(own.items.map((item) => [item.space.id, item.permission])).toEqual([[seen, 'read']]);
  });
});

describe('a team grant on a collection', () => {
  it('reaches every member of the team in every space inside, at any depth, while they are in it', async () => {
    const org = await newOrganization(t, 'Teams');
    const member = t.user('read', org);
    const top = await newItem(t, 'collection', { organizationId: org });
    await setCollectionLevel(top, null);
    const sub = await newItem(t, 'collection', { organizationId: org, parent: top });
    const inTop = await newItem(t, 'space', { organizationId: org, parent: top });
    const inSub = await newItem(t, 'space', { organizationId: org, parent: sub });
    const team = await newTeam(t, org, 'Editors', [member.id]);
    expect((await itemAs(member, 'space', inSub)).status).toBe(403);

    await grant(t, 'collection', top, { role: 'edit', teams: [team] });
    for (const space of [inTop, inSub]) expect(await spacePermissionsAs(member, space)).toEqual(spacePermissionsOf('edit'));
    expect((await itemAs(member, 'collection', sub)).permissions).toMatchObject({ view: true, create: false, admin: false });
    const listed = ok(await member.client.call('listSpacesInCollectionById', { params: { collectionId: top } }));
    expect(listed.items.map((space) => space.id)).toEqual([inTop]);
    const teamParams = { organizationId: org, teamId: team };
    expect(ok(await t.owner.client.call('getTeamInOrganizationById', { params: teamParams })).spaces).toBe(2);

    ok(await t.owner.client.call('deleteMemberFromOrganizationTeamById', { params: { ...teamParams, userId: member.id } }));
    expect((await itemAs(member, 'space', inSub)).status).toBe(403);
  });
});

describe('grants raise a role and never lower it', () => {
  it('leaves an edit member at edit with a read grant, and lifts them with an admin one', async () => {
    const editor = t.user('edit');
    const space = await newItem(t, 'space');
    await grant(t, 'space', space, { role: 'read', users: [editor.id] });
    expect(await spacePermissionsAs(editor, space)).toEqual(spacePermissionsOf('edit'));
    const aggregate = ok(await grantsAs(t.owner, 'space', space).aggregate({ role: 'edit' }));
    expect(aggregate.items.map((item) => item.user.id)).toContain(editor.id);
    await grant(t, 'space', space, { role: 'admin', users: [editor.id] });
    expect(await spacePermissionsAs(editor, space)).toEqual(spacePermissionsOf('admin'));
  });

  it('keeps the stronger default level of a collection over a weaker grant inside it', async () => {
    const reader = t.user('read');
    const collection = await newItem(t, 'collection');
    await setCollectionLevel(collection, 'review');
    const space = await newItem(t, 'space', { parent: collection });
    await grant(t, 'space', space, { role: 'comment', users: [reader.id] });
    expect(await spacePermissionsAs(reader, space)).toEqual(spacePermissionsOf('review'));
  });

  it('opens a space closed by its default level to the member granted on it', async () => {
    const editor = t.user('edit');
    const space = await newItem(t, 'space');
    await setSpaceLevel(space, null);
    expect((await itemAs(editor, 'space', space)).status).toBe(403);
    const team = await newTeam(t, t.organizationId, 'Commenters', [editor.id]);
    await grant(t, 'space', space, { role: 'comment', teams: [team] });
    expect(await spacePermissionsAs(editor, space)).toEqual(spacePermissionsOf('comment'));
  });

  it('gives nothing to a disabled member', async () => {
    const guest = t.user(null);
    const space = await newItem(t, 'space');
    await grant(t, 'space', space, { role: 'admin', users: [guest.id] });
    expect(await spacePermissionsAs(guest, space)).toEqual(spacePermissionsOf('admin'));
    t.engine.db.run('UPDATE members SET disabled = 1 WHERE organization_id = ? AND user_id = ?', t.organizationId, guest.id);
    expect((await itemAs(guest, 'space', space)).status).toBe(403);
    const aggregate = ok(await grantsAs(t.owner, 'space', space).aggregate());
    expect(aggregate.items.map((item) => item.user.id)).not.toContain(guest.id);
  });
});

describe('Team.spaces', () => {
  it('counts the live spaces granted to the team, directly or through collections, once each', async () => {
    const org = await newOrganization(t, 'Counting');
    const within = { organizationId: org };
    const team = await newTeam(t, org, 'Counted');
    const outer = await newItem(t, 'collection', within);
    const inner = await newItem(t, 'collection', { ...within, parent: outer });
    const [both, nested, alone, trashed] = [
      await newItem(t, 'space', { ...within, parent: outer }),
      await newItem(t, 'space', { ...within, parent: inner }),
      await newItem(t, 'space', within),
      await newItem(t, 'space', { ...within, parent: outer }),
    ];
    await newItem(t, 'space', within);
    await grant(t, 'collection', outer, { role: 'read', teams: [team] });
    await grant(t, 'space', both, { role: 'edit', teams: [team] });
    await grant(t, 'space', alone, { role: 'edit', teams: [team] });
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: trashed } }));

    expect(ok(await t.owner.client.call('getTeamInOrganizationById', { params: { ...within, teamId: team } })).spaces).toBe(3);
    const listed = ok(await t.owner.client.call('listTeamsInOrganizationById', { params: within }));
    expect(listed.items.find((item) => item.id === team)?.spaces).toBe(3);
    expect(ok(await grantsAs(t.owner, 'space', nested).listTeams()).items).toEqual([]);
    expect(ok(await grantsAs(t.owner, 'space', alone).listTeams()).items[0]!.team.spaces).toBe(3);
  });
});

describe('the aggregate', () => {
  it("agrees, space by space, with every member's own list of the spaces they can access", async () => {
    const org = await newOrganization(t, 'Agreement');
    const within = { organizationId: org };
    const [admin, creator, editor, reader, guestA, guestB] = [
      t.user('admin', org), t.user('create', org), t.user('edit', org), t.user('read', org), t.user(null, org), t.user(null, org),
    ];
    const readers = await newTeam(t, org, 'Readers', [reader.id, guestA.id]);
    const editors = await newTeam(t, org, 'Editors', [editor.id, guestB.id]);
    const closed = await newItem(t, 'collection', within);
    await setCollectionLevel(closed, null);
    const inherits = await newItem(t, 'collection', { ...within, parent: closed });
    const commenting = await newItem(t, 'collection', within);
    await setCollectionLevel(commenting, 'comment');
    const spaces = [
      await newItem(t, 'space', { ...within, parent: closed }),
      await newItem(t, 'space', { ...within, parent: inherits }),
      await newItem(t, 'space', { ...within, parent: commenting }),
      await newItem(t, 'space', within),
      await newItem(t, 'space', within),
    ];
    await setSpaceLevel(spaces[1]!, 'review');
    await setSpaceLevel(spaces[4]!, null);
    await grant(t, 'collection', closed, { role: 'edit', teams: [readers] });
    await grant(t, 'collection', inherits, { role: 'create', users: [editor.id] });
    await grant(t, 'collection', commenting, { role: 'read', teams: [editors] });
    await grant(t, 'space', spaces[1]!, { role: 'admin', users: [guestB.id] });
    await grant(t, 'space', spaces[3]!, { role: 'read', users: [guestA.id] });
    await grant(t, 'space', spaces[4]!, { role: 'comment', users: [reader.id] });

    const fromMembers = new Map<string, Map<string, Role>>(spaces.map((space) => [space, new Map()]));
    for (const user of [t.owner, admin, creator, editor, reader, guestA, guestB]) {
      const own = ok(await t.owner.client.call('listSpacesForOrganizationMember', { params: { ...within, userId: user.id } }));
      for (const item of own.items) fromMembers.get(item.space.id)!.set(user.id, item.permission);
    }
    for (const space of spaces) {
      const aggregate = ok(await grantsAs(t.owner, 'space', space).aggregate());
      expect(new Map(aggregate.items.map((item) => [item.user.id, item.permission])), space).toEqual(fromMembers.get(space));
    }
    expect(fromMembers.get(spaces[0]!)!.get(guestA.id)).toBe('edit');
    expect(fromMembers.get(spaces[1]!)!.get(guestB.id)).toBe('admin');
  });
});
