import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';
import { expectBadField, expectStablePaging, newOrganization, newTeam } from '../members/people.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const create = (organizationId: string, body: Record<string, unknown>) =>
  t.owner.client.call('createOrganizationTeam', { params: { organizationId }, body: body as never });
const getTeam = (organizationId: string, teamId: string) =>
  t.owner.client.call('getTeamInOrganizationById', { params: { organizationId, teamId } });

describe('PUT /v1/orgs/{organizationId}/teams', () => {
  it('creates a team with its members and answers 201 with the team', async () => {
    const org = await newOrganization(t);
    const member = t.user('read', org);
    const res = await create(org, { title: 'Writers', members: [member.id, t.owner.id, member.id] });
    expect(res.status).toBe(201);
    expect(res.ok && res.data).toEqual({
      object: 'team',
      id: expect.any(String),
      title: 'Writers',
      members: 2,
      spaces: 0,
      createdAt: t.clock.now().toISOString(),
      permissions: { admin: true, view: true },
    });
  });

  it('creates a team without members', async () => {
    const res = await create(t.organizationId, { title: 'Empty' });
    expect(res.ok && res.data.members).toBe(0);
  });

  it.each([
    ['x', true],
    ['x'.repeat(64), true],
    ['', false],
    ['x'.repeat(65), false],
  ])('title of %j accepted: %s', async (title, accepted) => {
    const res = await create(t.organizationId, { title });
    if (accepted) expect(res.status).toBe(201);
    else expectBadField(res, 'body.title');
  });

  it('requires a title', async () => {
    expectBadField(await create(t.organizationId, {}), 'body.title');
  });

  it('refuses members who are not members of the organization, naming them', async () => {
    const stranger = t.user();
    const res = await create(t.organizationId, { title: 'Mixed', members: [t.owner.id, stranger.id] });
    expectBadField(res, 'body.members');
    expect(!res.ok && res.error.message).toContain(stranger.id);
  });

  it('answers 404 for an unknown organization', async () => {
    expect((await create('nope', { title: 'Lost' })).status).toBe(404);
  });
});

describe('GET, PATCH and DELETE /v1/orgs/{organizationId}/teams/{teamId}', () => {
  it('gets a team', async () => {
    const team = await newTeam(t, t.organizationId, 'Readable');
    const res = await getTeam(t.organizationId, team);
    expect(res.ok && res.data).toMatchObject({ object: 'team', id: team, title: 'Readable' });
  });

  it('answers 404 for a team that does not exist or belongs to another organization', async () => {
    const other = await newOrganization(t);
    const foreign = await newTeam(t, other);
    expect((await getTeam(t.organizationId, 'nope')).status).toBe(404);
    expect((await getTeam(t.organizationId, foreign)).status).toBe(404);
  });

  it('renames a team within 1 to 64 characters', async () => {
    const team = await newTeam(t, t.organizationId, 'Old name');
    const rename = (title: string) =>
      t.owner.client.call('updateTeamInOrganizationById', { params: { organizationId: t.organizationId, teamId: team }, body: { title } });
    const res = await rename('New name');
    expect(res.status).toBe(200);
    expect(res.ok && res.data.title).toBe('New name');
    expect((await rename('y'.repeat(64))).status).toBe(200);
    expectBadField(await rename('y'.repeat(65)), 'body.title');
    expectBadField(await rename(''), 'body.title');
    const missing = await t.owner.client.call('updateTeamInOrganizationById', {
      params: { organizationId: t.organizationId, teamId: 'nope' },
      body: { title: 'Any' },
    });
    expect(missing.status).toBe(404);
  });

  it('deletes a team with an empty 204; then it is gone and a second delete is a 404', async () => {
    const member = t.user('read');
    const team = await newTeam(t, t.organizationId, 'Doomed', [member.id]);
    const url = `${t.url}/v1/orgs/${t.organizationId}/teams/${team}`;
    expect(await raw(url, { method: 'DELETE', token: t.owner.token })).toEqual({ status: 204, body: undefined });
    expect((await getTeam(t.organizationId, team)).status).toBe(404);
    expect((await raw(url, { method: 'DELETE', token: t.owner.token })).status).toBe(404);
    const after = await t.owner.client.call('getMemberInOrganizationById', { params: { organizationId: t.organizationId, userId: member.id } });
    expect(after.ok && after.data.teams).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/teams', () => {
  let org: string;
  let owner: string;
  let guest: string;
  const list = (query: Record<string, unknown> = {}) =>
    t.owner.client.call('listTeamsInOrganizationById', { params: { organizationId: org }, query: query as never });
  const titles = async (query: Record<string, unknown> = {}) => {
    const res = await list(query);
    if (!res.ok) throw new Error(`list failed: ${res.status} ${res.error.message}`);
    return res.data.items.map((team) => team.title);
  };
  const makeOwner = (teamId: string, userId: string) =>
    t.owner.client.call('addMemberToOrganizationTeamById', { params: { organizationId: org, teamId, userId }, body: { role: 'owner' } });

  beforeAll(async () => {
    org = await newOrganization(t);
    await newTeam(t, org, 'Design');
    const owned = await newTeam(t, org, 'Docs writers');
    const guestOwned = await newTeam(t, org, 'Guests corner');
    owner = t.user('read', org).id;
    await makeOwner(owned, owner);
    guest = t.user(null, org).id;
    await makeOwner(guestOwned, guest);
  });

  it('lists the teams in creation order with a count', async () => {
    const res = await list();
    expect(res.ok && res.data.count).toBe(3);
    expect(await titles()).toEqual(['Design', 'Docs writers', 'Guests corner']);
  });

  it('filters by a case-insensitive part of the title', async () => {
    expect(await titles({ title: 'WRITERS' })).toEqual(['Docs writers']);
    expect(await titles({ title: 'd' })).toEqual(['Design', 'Docs writers']);
    expect(await titles({ title: 'none like this' })).toEqual([]);
  });

  it('filters by owner: the teams that member can manage', async () => {
    expect(await titles({ owner: t.owner.id })).toEqual(['Design', 'Docs writers', 'Guests corner']);
    expect(await titles({ owner })).toEqual(['Docs writers']);
    expect(await titles({ owner, title: 'design' })).toEqual([]);
    // Guests see no team, so the team a guest owns is not one they can manage.
    const guests = await list({ owner: guest });
    expect(guests.ok && guests.data).toEqual({ items: [], count: 0 });
    const stranger = await list({ owner: t.user().id });
    expectBadField(stranger, 'query.owner');
  });

  it('takes a limit up to 1000 and pages without skipping or repeating', async () => {
    expect((await list({ limit: 1000 })).status).toBe(200);
    expectBadField(await list({ limit: 1001 }), 'query.limit');
    const all = await list();
    const before = all.ok ? all.data.items.map((team) => team.id) : [];
    await expectStablePaging(
      (page) => list({ limit: 2, page }),
      (team) => team.id,
      before,
      async () => void (await newTeam(t, org, 'Added while paging')),
    );
  });
});
