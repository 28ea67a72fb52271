import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, expectAccess, usersByCaller, type Caller } from '../../../support/roles.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { itChecksAccess, newTeam } from '../members/people.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
/** A read member who owns `ownedTeam`, and a guest who owns it too. */
let teamOwner: TestUser;
let guestOwner: TestUser;
let ownedTeam: string;
beforeAll(async () => {
  t = await TestServer.start();
  users = usersByCaller(t);
  teamOwner = t.user('read');
  guestOwner = t.user(null);
  ownedTeam = await newTeam(t, t.organizationId, 'Owned');
  for (const owner of [teamOwner, guestOwner]) {
    await t.owner.client.call('addMemberToOrganizationTeamById', {
      params: { organizationId: t.organizationId, teamId: ownedTeam, userId: owner.id },
      body: { role: 'owner' },
    });
  }
});
afterAll(() => t.stop());

const member = (c: Caller) => c !== 'outsider';
const nonGuest = (c: Caller) => member(c) && c !== 'guest';
const admin = (c: Caller) => c === 'admin';
const org = () => ({ organizationId: t.organizationId });
/** A team to act upon: a fresh one, unless `teamId` names one (calls may delete it). */
const team = async (teamId?: string) => ({ ...org(), teamId: teamId ?? (await newTeam(t, t.organizationId, 'Target')) });

interface Operation {
  name: string;
  allowed: (c: Caller) => boolean;
  /** The flag of the team's `permissions` that announces this operation. */
  flag?: 'view' | 'admin';
  call: (u: TestUser, teamId?: string) => Promise<{ status: number }>;
}

/** Every team operation, who may call it, and on which team; `teamId` is set for team owners. */
const operations: Operation[] = [
  { name: 'listTeamsInOrganizationById', allowed: nonGuest, call: (u) => u.client.call('listTeamsInOrganizationById', { params: org() }) },
  { name: 'createOrganizationTeam', allowed: admin, call: (u) => u.client.call('createOrganizationTeam', { params: org(), body: { title: 'New' } }) },
  { name: 'getTeamInOrganizationById', allowed: nonGuest, flag: 'view', call: async (u, id) => u.client.call('getTeamInOrganizationById', { params: await team(id) }) },
  { name: 'updateTeamInOrganizationById', allowed: admin, flag: 'admin', call: async (u, id) => u.client.call('updateTeamInOrganizationById', { params: await team(id), body: { title: 'Renamed' } }) },
  { name: 'removeTeamFromOrganizationById', allowed: admin, flag: 'admin', call: async (u) => u.client.call('removeTeamFromOrganizationById', { params: await team() }) },
  { name: 'listTeamMembersInOrganizationById', allowed: nonGuest, flag: 'view', call: async (u, id) => u.client.call('listTeamMembersInOrganizationById', { params: await team(id) }) },
  { name: 'updateMembersInOrganizationTeam', allowed: admin, flag: 'admin', call: async (u, id) => u.client.call('updateMembersInOrganizationTeam', { params: await team(id), body: { add: [t.owner.id] } }) },
  { name: 'addMemberToOrganizationTeamById', allowed: admin, flag: 'admin', call: async (u, id) => u.client.call('addMemberToOrganizationTeamById', { params: { ...(await team(id)), userId: t.owner.id } }) },
  {
    name: 'deleteMemberFromOrganizationTeamById',
    allowed: admin,
    flag: 'admin',
    call: async (u, id) => {
      const params = { ...(await team(id)), userId: t.owner.id };
      await t.owner.client.call('addMemberToOrganizationTeamById', { params });
      return u.client.call('deleteMemberFromOrganizationTeamById', { params });
    },
  },
];

describe('team operations by role', () => {
  itChecksAccess(operations.map((op) => ({ ...op, call: (c: Caller) => op.call(users[c]) })));

  it.each(operations.filter((op) => op.flag && op.name !== 'removeTeamFromOrganizationById'))(
    "$name on a team they own: allowed for a member, refused for a guest",
    async (op) => {
      expectAccess(await op.call(teamOwner, ownedTeam), true, `${op.name} as team owner`);
      expectAccess(await op.call(guestOwner, ownedTeam), false, `${op.name} as guest team owner`);
    },
  );

  it('lets a team owner delete their team', async () => {
    const doomed = await newTeam(t, t.organizationId, 'Owned and doomed');
    const params = { ...org(), teamId: doomed };
    await t.owner.client.call('addMemberToOrganizationTeamById', { params: { ...params, userId: teamOwner.id }, body: { role: 'owner' } });
    expect((await teamOwner.client.call('removeTeamFromOrganizationById', { params })).status).toBe(204);
  });
});

describe('permissions objects agree with the engine', () => {
  const expectFlags = (permissions: { admin: boolean; view: boolean }, allowed: (op: Operation) => boolean, label: string) => {
    for (const op of operations.filter((o) => o.flag)) {
      expect(permissions[op.flag!], `${label}: ${op.name}`).toBe(allowed(op));
    }
  };

  it.each(CALLERS.filter(nonGuest))('on a team, for %s', async (caller) => {
    const res = await users[caller].client.call('getTeamInOrganizationById', { params: await team() });
    if (!res.ok) throw new Error(`non-guest members see teams (${res.status})`);
    expectFlags(res.data.permissions, (op) => op.allowed(caller), caller);
  });

  it('on a team, for its owner, in every listing that shows it', async () => {
    const params = { ...org(), teamId: ownedTeam };
    const got = await teamOwner.client.call('getTeamInOrganizationById', { params });
    const listed = await teamOwner.client.call('listTeamsInOrganizationById', { params: org(), query: { owner: teamOwner.id } });
    const mine = await teamOwner.client.call('listTeamsForOrganizationMember', { params: { ...org(), userId: teamOwner.id } });
    if (!got.ok || !listed.ok || !mine.ok) throw new Error('a team owner sees their team');
    expect(listed.data.items.map((item) => item.id)).toEqual([ownedTeam]);
    for (const permissions of [got.data.permissions, listed.data.items[0]!.permissions, mine.data.items[0]!.team.permissions]) {
      expectFlags(permissions, () => true, 'team owner');
    }
  });

  it.each(CALLERS.filter(member))("the organization's listTeams and ownTeam flags, for %s", async (caller) => {
    const res = await users[caller].client.call('getOrganizationById', { params: org() });
    if (!res.ok) throw new Error(`members read their organization (${res.status})`);
    const allowedTo = (name: string) => operations.find((op) => op.name === name)!.allowed(caller);
    expect(res.data.permissions.listTeams).toBe(allowedTo('listTeamsInOrganizationById'));
    expect(res.data.permissions.ownTeam).toBe(allowedTo('createOrganizationTeam'));
  });

  it('on team members: view is what the engine allowed', async () => {
    const params = { ...org(), teamId: ownedTeam };
    for (const caller of CALLERS.filter(nonGuest)) {
      const res = await users[caller].client.call('listTeamMembersInOrganizationById', { params });
      if (!res.ok) throw new Error(`non-guest members list team members (${res.status})`);
      for (const item of res.data.items) expect(item.permissions.view, caller).toBe(true);
      expect(res.data.items.length).toBeGreaterThan(0);
    }
  });
});
