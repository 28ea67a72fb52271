import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../../src-shared/contract/common.js';
import { addMember } from '../../../../src-main/engine/app/admin/commands.js';
import { TestServer, raw, type TestUser } from '../../../support/server.js';
import { expectBadField, expectStablePaging, newOrganization, newTeam } from './people.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const HOUR = 3_600_000;

/** A member of `organizationId` who joined one hour after the previous one. */
function joiner(organizationId: string, role: Role | null = 'read'): TestUser {
  t.clock.advance(HOUR);
  return t.user(role, organizationId);
}

const getMember = (organizationId: string, userId: string, as = t.owner) =>
  as.client.call('getMemberInOrganizationById', { params: { organizationId, userId } });

describe('the member object', () => {
  it('has every documented field', async () => {
    const org = await newOrganization(t);
    const member = joiner(org, 'edit');
    const res = await getMember(org, member.id);
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toEqual({
      object: 'member',
      id: member.id,
      role: 'edit',
      user: {
        object: 'user',
        id: member.id,
        displayName: expect.any(String),
        email: member.email,
        urls: { location: `${t.url}/v1/users/${member.id}` },
      },
      disabled: false,
      joinedAt: t.clock.now().toISOString(),
      sso: false,
      spaces: 0,
      teams: 0,
    });
  });

  it('counts the spaces the member can access, leaving out deleted ones', async () => {
    const org = await newOrganization(t);
    const now = t.clock.now().toISOString();
    const db = t.engine.db;
    db.run("INSERT INTO collections (id, organization_id, default_level, created_at) VALUES ('closed', ?, 'none', ?)", org, now);
    const space = (id: string, level: string, parent: string | null, deletedAt: string | null = null) =>
      db.run(
        'INSERT INTO spaces (id, organization_id, parent_id, default_level, revision, created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        id, org, parent, level, 'r1', now, now, deletedAt,
      );
    space('open', 'inherit', null);
    space('readable', 'read', null);
    space('private', 'none', null);
    space('in-closed', 'inherit', 'closed');
    space('deleted', 'inherit', null, now);
    const expected: [Role | null, number][] = [['admin', 4], ['edit', 2], ['read', 2], [null, 0]];
    for (const [role, spaces] of expected) {
      const member = role === 'admin' ? t.owner : joiner(org, role);
      const res = await getMember(org, member.id);
      expect(res.ok && res.data.spaces, `spaces of ${role ?? 'guest'}`).toBe(spaces);
    }
  });

  it("counts the organization's teams the member belongs to", async () => {
    const org = await newOrganization(t);
    const member = joiner(org);
    await newTeam(t, org, 'One', [member.id]);
    await newTeam(t, org, 'Two', [member.id]);
    await newTeam(t, org, 'Without');
    const res = await getMember(org, member.id);
    expect(res.ok && res.data.teams).toBe(2);
  });

  it('answers 404 for a user who is not a member and for an unknown organization', async () => {
    expect((await getMember(t.organizationId, t.user().id)).status).toBe(404);
    expect((await getMember('nope', t.owner.id)).status).toBe(404);
  });
});

describe('GET /v1/orgs/{organizationId}/members', () => {
  let org: string;
  let people: TestUser[];
  const list = (query: Record<string, unknown> = {}) =>
    t.owner.client.call('listMembersInOrganizationById', { params: { organizationId: org }, query: query as never });
  const ids = async (query: Record<string, unknown> = {}) => {
    const res = await list(query);
    if (!res.ok) throw new Error(`list failed: ${res.status} ${res.error.message}`);
    return res.data.items.map((m) => m.id);
  };

  beforeAll(async () => {
    org = await newOrganization(t);
    people = [joiner(org, 'edit'), joiner(org, 'read'), joiner(org, null), joiner(org, 'admin')];
  });

  it('lists by join time, newest first by default, with a count', async () => {
    const res = await list();
    expect(res.ok && res.data.count).toBe(5);
    expect(await ids()).toEqual([...people].reverse().map((p) => p.id).concat(t.owner.id));
    expect(await ids({ order: 'asc' })).toEqual([t.owner.id, ...people.map((p) => p.id)]);
  });

  it('filters by role, and by guest', async () => {
    expect(await ids({ role: 'admin' })).toEqual([people[3]!.id, t.owner.id]);
    expect(await ids({ role: 'read' })).toEqual([people[1]!.id]);
    expect(await ids({ role: 'guest' })).toEqual([people[2]!.id]);
    expect(await ids({ role: 'comment' })).toEqual([]);
    expectBadField(await list({ role: 'owner' }), 'query.role');
  });

  it('searches display names and e-mails without regard to case', async () => {
    const named = people[0]!;
    const got = await getMember(org, named.id);
    const name = got.ok ? got.data.user.displayName : '';
    expect(await ids({ search: name.toUpperCase() })).toEqual([named.id]);
    expect(await ids({ search: named.email.toUpperCase() })).toEqual([named.id]);
    expect(await ids({ search: 'no such person' })).toEqual([]);
  });

  it('sorts by name', async () => {
    const res = await list({ sort: 'name', order: 'asc' });
    if (!res.ok) throw new Error('list failed');
    const names = res.data.items.map((m) => m.user.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await ids({ sort: 'name', order: 'desc' });
    expect(desc).toEqual(res.data.items.map((m) => m.id).reverse());
  });

  it('sorts by last-seen time, listing only members seen at least once', async () => {
    for (const person of [people[1]!, people[0]!]) {
      t.clock.advance(HOUR);
      await person.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: org } });
    }
    expect(await ids({ sort: 'lastSeenAt' })).toEqual([people[0]!.id, people[1]!.id]);
    expect(await ids({ sort: 'lastSeenAt', order: 'asc' })).toEqual([people[1]!.id, people[0]!.id]);
    expectBadField(await list({ sort: 'title' }), 'query.sort');
    expectBadField(await list({ order: 'up' }), 'query.order');
  });

  it('takes a limit up to 1000', async () => {
    expect((await list({ limit: 1000 })).status).toBe(200);
    expectBadField(await list({ limit: 1001 }), 'query.limit');
    const one = await list({ limit: 1 });
    expect(one.ok && one.data.items.length).toBe(1);
    expect(one.ok && one.data.next?.page).toEqual(expect.any(String));
  });

  it.each(['joinedAt', 'name', 'lastSeenAt'] as const)(
    'pages by %s without skipping or repeating anyone while others join',
    async (sort) => {
      const everyone = await ids({ sort, limit: 1000 });
      await expectStablePaging(
        (page) => list({ sort, limit: 2, page }),
        (m) => m.id,
        everyone,
        async () => {
          const newcomer = joiner(org);
          await newcomer.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: org } });
        },
      );
    },
  );

  it('refuses a page identifier it did not give', async () => {
    expectBadField(await list({ page: 'garbage' }), 'query.page');
  });
});

describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
  const patch = (org: string, userId: string, body: Record<string, unknown>) =>
    t.owner.client.call('updateMemberInOrganizationById', { params: { organizationId: org, userId }, body: body as never });

  it("changes a member's role, to a guest too", async () => {
    const org = await newOrganization(t);
    const member = joiner(org);
    const res = await patch(org, member.id, { role: 'review' });
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toMatchObject({ object: 'member', id: member.id, role: 'review' });
    expect((await patch(org, member.id, { role: null })).status).toBe(200);
    const guest = await getMember(org, member.id);
    expect(guest.ok && guest.data.role).toBeNull();
  });

  it('answers the member unchanged for an empty body', async () => {
    const org = await newOrganization(t);
    const member = joiner(org, 'comment');
    const res = await patch(org, member.id, {});
    expect(res.ok && res.data.role).toBe('comment');
  });

  it('refuses a role that does not exist', async () => {
    const org = await newOrganization(t);
    expectBadField(await patch(org, joiner(org).id, { role: 'owner' }), 'body.role');
  });

  it('refuses to demote the last admin with 409, and allows it when another admin remains', async () => {
    const org = await newOrganization(t);
    const res = await patch(org, t.owner.id, { role: 'edit' });
    expect(res.status).toBe(409);
    expect(!res.ok && res.error.message).toMatch(/^body\.role/);
    joiner(org, 'admin');
    expect((await patch(org, t.owner.id, { role: 'edit' })).status).toBe(200);
  });

  it('answers 404 for someone who is not a member', async () => {
    expect((await patch(t.organizationId, t.user().id, { role: 'read' })).status).toBe(404);
  });
});

describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
  const remove = (org: string, userId: string, as = t.owner) =>
    as.client.call('removeMemberFromOrganizationById', { params: { organizationId: org, userId } });

  it('removes a member with an empty 204; a second delete is a 404', async () => {
    const org = await newOrganization(t);
    const member = joiner(org);
    const res = await raw(`${t.url}/v1/orgs/${org}/members/${member.id}`, { method: 'DELETE', token: t.owner.token });
    expect(res).toEqual({ status: 204, body: undefined });
    expect((await getMember(org, member.id)).status).toBe(404);
    expect((await remove(org, member.id)).status).toBe(404);
  });

  it("lets a member leave, and takes them out of the organization's teams", async () => {
    const org = await newOrganization(t);
    const member = joiner(org);
    const team = await newTeam(t, org, 'Leavers', [member.id, t.owner.id]);
    expect((await remove(org, member.id, member)).status).toBe(204);
    const left = await member.client.call('getOrganizationById', { params: { organizationId: org } });
    expect(left.status).toBe(403);
    const got = await t.owner.client.call('getTeamInOrganizationById', { params: { organizationId: org, teamId: team } });
    expect(got.ok && got.data.members).toBe(1);
  });

  it('keeps the team memberships the same user has in other organizations', async () => {
    const first = await newOrganization(t);
    const second = await newOrganization(t);
    const member = joiner(first);
    addMember(t.engine, second, member.email, 'read');
    await newTeam(t, first, 'Here', [member.id]);
    const elsewhere = await newTeam(t, second, 'Elsewhere', [member.id]);
    expect((await remove(first, member.id)).status).toBe(204);
    const team = await t.owner.client.call('getTeamInOrganizationById', { params: { organizationId: second, teamId: elsewhere } });
    expect(team.ok && team.data.members).toBe(1);
    const there = await getMember(second, member.id);
    expect(there.ok && there.data.teams).toBe(1);
  });

  it('refuses to remove the last admin with 409', async () => {
    const org = await newOrganization(t);
    expect((await remove(org, t.owner.id)).status).toBe(409);
  });
});

describe('POST /v1/orgs/{organizationId}/ping', () => {
  it("records the request time as the caller's last-seen time and answers {}", async () => {
    const org = await newOrganization(t);
    const guest = joiner(org, null);
    t.clock.advance(5 * HOUR);
    const res = await guest.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId: org } });
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toEqual({});
    const member = await getMember(org, guest.id);
    expect(member.ok && member.data.lastSeenAt).toBe(t.clock.now().toISOString());
  });

  it('answers 404 for an unknown organization and 403 for a non-member', async () => {
    const ping = (organizationId: string, user = t.owner) =>
      user.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId } });
    expect((await ping('nope')).status).toBe(404);
    expect((await ping(t.organizationId, t.user())).status).toBe(403);
  });
});

describe('POST /v1/orgs/{organizationId}/members/{userId}/sso', () => {
  it('marks the member as an SSO member and answers the member', async () => {
    const org = await newOrganization(t);
    const member = joiner(org);
    const sso = (userId: string) =>
      t.owner.client.call('setUserAsSSOMemberForOrganization', { params: { organizationId: org, userId } });
    const res = await sso(member.id);
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toMatchObject({ object: 'member', id: member.id, sso: true });
    const got = await getMember(org, member.id);
    expect(got.ok && got.data.sso).toBe(true);
    expect((await sso(t.user().id)).status).toBe(404);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}/teams', () => {
  it("lists the member's teams with their team role, filtered by title", async () => {
    const org = await newOrganization(t);
    const member = joiner(org);
    const alpha = await newTeam(t, org, 'Alpha writers', [member.id]);
    const beta = await newTeam(t, org, 'Beta readers');
    await newTeam(t, org, 'Not theirs');
    await t.owner.client.call('addMemberToOrganizationTeamById', {
      params: { organizationId: org, teamId: beta, userId: member.id },
      body: { role: 'owner' },
    });
    const teams = (query: Record<string, unknown> = {}) =>
      t.owner.client.call('listTeamsForOrganizationMember', { params: { organizationId: org, userId: member.id }, query });
    const res = await teams();
    expect(res.ok && res.data.count).toBe(2);
    expect(res.ok && res.data.items).toEqual([
      { team: expect.objectContaining({ object: 'team', id: alpha, title: 'Alpha writers', members: 1 }), member: { role: 'member' } },
      { team: expect.objectContaining({ object: 'team', id: beta, title: 'Beta readers', members: 1 }), member: { role: 'owner' } },
    ]);
    const filtered = await teams({ title: 'READERS' });
    expect(filtered.ok && filtered.data.items.map((i) => i.team.id)).toEqual([beta]);
    const paged = await expectStablePaging(
      (page) => teams({ limit: 1, page }),
      (i) => i.team.id,
      [alpha, beta],
      async () => void (await newTeam(t, org, 'Later', [member.id])),
    );
    expect(paged.slice(0, 2)).toEqual([alpha, beta]);
  });

  it('answers 404 for someone who is not a member', async () => {
    const res = await t.owner.client.call('listTeamsForOrganizationMember', {
      params: { organizationId: t.organizationId, userId: t.user().id },
    });
    expect(res.status).toBe(404);
  });
});
