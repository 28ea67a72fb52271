import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';
import { expectBadField, expectStablePaging, newOrganization, newTeam } from '../members/people.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

/** A fresh organization with one team and some members outside it. */
async function setup() {
  const organizationId = await newOrganization(t);
  const teamId = await newTeam(t, organizationId, 'Crew');
  const people = [t.user('edit', organizationId), t.user('read', organizationId), t.user(null, organizationId)];
  return { params: { organizationId, teamId }, people };
}

/** Team role by user id, without order: members added in the same second come in id order. */
async function teamMembers(params: { organizationId: string; teamId: string }) {
  const res = await t.owner.client.call('listTeamMembersInOrganizationById', { params, query: { limit: 1000 } });
  if (!res.ok) throw new Error(`list failed: ${res.status}`);
  return Object.fromEntries(res.data.items.map((item) => [item.organization.id, item.team.role]));
}

const update = (params: { organizationId: string; teamId: string }, body: Record<string, unknown>) =>
  t.owner.client.call('updateMembersInOrganizationTeam', { params, body: body as never });

describe('GET /v1/orgs/{organizationId}/teams/{teamId}/members', () => {
  it('lists the members as organization members with their team role', async () => {
    const { params, people } = await setup();
    await update(params, { add: [people[0]!.id] });
    const res = await t.owner.client.call('listTeamMembersInOrganizationById', { params });
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toEqual({
      count: 1,
      items: [
        {
          organization: expect.objectContaining({ object: 'member', id: people[0]!.id, role: 'edit', teams: 1 }),
          team: { role: 'member' },
          permissions: { view: true },
        },
      ],
    });
  });

  it('pages without skipping or repeating while members are added', async () => {
    const { params, people } = await setup();
    await update(params, { add: people.map((p) => p.id) });
    const list = (page?: string) => t.owner.client.call('listTeamMembersInOrganizationById', { params, query: { limit: 2, page } });
    await expectStablePaging(list, (item) => item.organization.id, people.map((p) => p.id), async () => {
      t.clock.advance(1000);
      await update(params, { add: [t.user('read', params.organizationId).id] });
    });
    expectBadField(
      await t.owner.client.call('listTeamMembersInOrganizationById', { params, query: { limit: 1001 } }),
      'query.limit',
    );
  });

  it('answers 404 for a team that does not exist', async () => {
    const { params } = await setup();
    const res = await t.owner.client.call('listTeamMembersInOrganizationById', { params: { ...params, teamId: 'nope' } });
    expect(res.status).toBe(404);
  });
});

describe('PUT /v1/orgs/{organizationId}/teams/{teamId}/members', () => {
  it('adds by user id or e-mail and answers an empty 204', async () => {
    const { params, people } = await setup();
    const url = `${t.url}/v1/orgs/${params.organizationId}/teams/${params.teamId}/members`;
    const body = JSON.stringify({ add: [people[0]!.id, people[1]!.email.toUpperCase()] });
    expect(await raw(url, { method: 'PUT', token: t.owner.token, body })).toEqual({ status: 204, body: undefined });
    expect(await teamMembers(params)).toEqual({ [people[0]!.id]: 'member', [people[1]!.id]: 'member' });
  });

  it('removes by user id or e-mail; someone in both lists is removed', async () => {
    const { params, people } = await setup();
    await update(params, { add: [people[0]!.id, people[1]!.id] });
    expect((await update(params, { add: [people[2]!.email], remove: [people[0]!.email, people[2]!.id] })).status).toBe(204);
    expect(await teamMembers(params)).toEqual({ [people[1]!.id]: 'member' });
  });

  it('keeps the role of someone added again', async () => {
    const { params, people } = await setup();
    await t.owner.client.call('addMemberToOrganizationTeamById', { params: { ...params, userId: people[0]!.id }, body: { role: 'owner' } });
    await update(params, { add: [people[0]!.id] });
    expect(await teamMembers(params)).toEqual({ [people[0]!.id]: 'owner' });
  });

  it('refuses users who are not members of the organization, naming them, and changes nothing', async () => {
    const { params, people } = await setup();
    const stranger = t.user();
    const added = await update(params, { add: [people[0]!.id, stranger.email] });
    expectBadField(added, 'body.add');
    expect(!added.ok && added.error.message).toContain(stranger.email);
    expectBadField(await update(params, { remove: ['nobody@example.com'] }), 'body.remove');
    expectBadField(await update(params, { add: [''] }), 'body.add.0');
    expect(await teamMembers(params)).toEqual({});
  });

  it('accepts an empty body', async () => {
    const { params } = await setup();
    expect((await update(params, {})).status).toBe(204);
  });
});

describe('PUT and DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', () => {
  it('adds a member, as a plain member unless a role is given, and changes the role', async () => {
    const { params, people } = await setup();
    const put = (userId: string, body?: { role?: 'owner' | 'member' }) =>
      t.owner.client.call('addMemberToOrganizationTeamById', { params: { ...params, userId }, body });
    expect((await put(people[0]!.id)).status).toBe(204);
    expect((await put(people[1]!.id, { role: 'owner' })).status).toBe(204);
    expect(await teamMembers(params)).toEqual({ [people[0]!.id]: 'member', [people[1]!.id]: 'owner' });
    await put(people[1]!.id, { role: 'member' });
    await put(people[0]!.id, {});
    expect(await teamMembers(params)).toEqual({ [people[0]!.id]: 'member', [people[1]!.id]: 'member' });
    expectBadField(await put(people[0]!.id, { role: 'admin' as never }), 'body.role');
    expect((await put(t.user().id)).status).toBe(404);
  });

  it('removes a member with 204, and answers 404 for someone not in the team', async () => {
    const { params, people } = await setup();
    await update(params, { add: [people[0]!.id] });
    const remove = () =>
      t.owner.client.call('deleteMemberFromOrganizationTeamById', { params: { ...params, userId: people[0]!.id } });
    expect((await remove()).status).toBe(204);
    expect(await teamMembers(params)).toEqual({});
    expect((await remove()).status).toBe(404);
  });
});
