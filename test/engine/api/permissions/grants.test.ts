import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok, otherOrganization } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { expectBadField, newOrganization, newTeam } from '../members/people.js';
import { KINDS, grantsAs, newItem } from './calls.js';

let t: TestServer;
/** Members of the first organization: a reader, an editor and a guest. */
let reader: TestUser;
let editor: TestUser;
let guest: TestUser;
/** A member of another organization only, and a user of no organization. */
let stranger: TestUser;
let loner: TestUser;
let team: string;
let otherTeam: string;

beforeAll(async () => {
  t = await TestServer.start();
  [reader, editor, guest] = [t.user('read'), t.user('edit'), t.user(null)];
  [stranger, loner] = [t.user(), t.user()];
  const other = otherOrganization(t, [[stranger, 'read']]);
  team = await newTeam(t, t.organizationId, 'Writers');
  otherTeam = await newTeam(t, other, 'Elsewhere');
});
afterAll(() => t.stop());

describe.each(KINDS)('grants on a %s', (kind) => {
  const owned = async () => grantsAs(t.owner, kind, await newItem(t, kind));
  const userIds = (page: { items: { user: { id: string } }[] }) => page.items.map((item) => item.user.id);

  it('grants users by id or e-mail and teams, listed in the order granted', async () => {
    const grants = await owned();
    expect((await grants.invite({ role: 'comment', users: [reader.id], teams: [team] })).status).toBe(204);
    t.clock.advance(1000);
    expect((await grants.invite({ role: 'edit', users: [guest.email.toUpperCase()] })).status).toBe(204);
    const users = ok(await grants.listUsers());
    expect(users.count).toBe(2);
    expect(users.items.map((item) => [item.user.id, item.permission])).toEqual([[reader.id, 'comment'], [guest.id, 'edit']]);
    expect(users.items[0]!.user).toMatchObject({ object: 'user', email: reader.email, urls: { location: expect.any(String) } });
    const teams = ok(await grants.listTeams());
    expect(teams).toEqual({
      count: 1,
      items: [{ permission: 'comment', team: expect.objectContaining({ object: 'team', id: team, members: 0 }) }],
    });
  });

  it('changes the role of a second invitation instead of granting twice; null removes', async () => {
    const grants = await owned();
    ok(await grants.invite({ role: 'read', users: [reader.id, reader.email], teams: [team] }));
    ok(await grants.invite({ role: 'admin', users: [reader.id] }));
    expect(ok(await grants.listUsers()).items.map((item) => item.permission)).toEqual(['admin']);
    expect((await grants.invite({ role: null, users: [reader.id, editor.id], teams: [team] })).status).toBe(204);
    expect(ok(await grants.listUsers()).count).toBe(0);
    expect(ok(await grants.listTeams()).count).toBe(0);
  });

  it('refuses invitations the schema does not allow, naming the field', async () => {
    const grants = await owned();
    expectBadField(await grants.invite({ users: [reader.id] } as never), 'body.role');
    expectBadField(await grants.invite({ role: 'read' }), 'body');
    expectBadField(await grants.invite({ role: 'read', users: [] }), 'body.users');
    expectBadField(await grants.invite({ role: 'owner', users: [reader.id] } as never), 'body.role');
  });

  it('answers 404 for an unknown user or team and 400 for one outside the organization, granting nobody', async () => {
    const grants = await owned();
    expectFailure(await grants.invite({ role: 'read', users: ['nobody'] }), 404);
    expectFailure(await grants.invite({ role: 'read', users: ['nobody@example.com'] }), 404);
    expectFailure(await grants.invite({ role: 'read', teams: ['noTeam'] }), 404);
    expectBadField(await grants.invite({ role: 'read', users: [reader.id, stranger.id] }), 'body.users');
    expectBadField(await grants.invite({ role: 'read', users: [loner.email] }), 'body.users');
    expectBadField(await grants.invite({ role: 'read', teams: [team, otherTeam] }), 'body.teams');
    expect(ok(await grants.listUsers()).count).toBe(0);
    expect(ok(await grants.listTeams()).count).toBe(0);
  });

  it('updates a grant; without a role it stays, with null it goes', async () => {
    const grants = await owned();
    ok(await grants.invite({ role: 'read', users: [editor.id], teams: [team] }));
    expect((await grants.updateUser(editor.id, { role: 'review' })).status).toBe(204);
    expect((await grants.updateTeam(team, { role: 'create' })).status).toBe(204);
    expect((await grants.updateUser(editor.id, {})).status).toBe(204);
    expect(ok(await grants.listUsers()).items.map((item) => item.permission)).toEqual(['review']);
    expect(ok(await grants.listTeams()).items.map((item) => item.permission)).toEqual(['create']);
    expect((await grants.updateUser(editor.id, { role: null })).status).toBe(204);
    expect((await grants.updateTeam(team, { role: null })).status).toBe(204);
    expect(ok(await grants.listUsers()).count).toBe(0);
    expect(ok(await grants.listTeams()).count).toBe(0);
  });

  it('removes a grant with 204; removing or updating a grant that does not exist is a 404', async () => {
    const grants = await owned();
    ok(await grants.invite({ role: 'read', users: [guest.id], teams: [team] }));
    expect((await grants.removeUser(guest.id)).status).toBe(204);
    expect((await grants.removeTeam(team)).status).toBe(204);
    expectFailure(await grants.removeUser(guest.id), 404, /holds no role/);
    expectFailure(await grants.removeTeam(team), 404, /holds no role/);
    expectFailure(await grants.updateUser(guest.id, { role: 'read' }), 404, /holds no role/);
    expectFailure(await grants.updateTeam(team, { role: 'read' }), 404, /holds no role/);
  });

  it('answers 404 for an unknown user or team in the path, 400 for one outside the organization', async () => {
    const grants = await owned();
    expectFailure(await grants.updateUser('nobody', { role: 'read' }), 404);
    expectFailure(await grants.removeTeam('noTeam'), 404);
    expectBadField(await grants.updateUser(stranger.id, { role: 'read' }), 'params.userId');
    expectBadField(await grants.removeUser(loner.id), 'params.userId');
    expectBadField(await grants.updateTeam(otherTeam, { role: 'read' }), 'params.teamId');
    expectBadField(await grants.updateUser(reader.id, { role: 'owner' } as never), 'body.role');
  });

  it(`answers 404 for an unknown ${kind} on every operation`, async () => {
    const grants = grantsAs(t.owner, kind, 'missing');
    const answers = [
      await grants.invite({ role: 'read', users: [reader.id] }),
      await grants.listUsers(),
      await grants.updateUser(reader.id, { role: 'read' }),
      await grants.removeUser(reader.id),
      await grants.listTeams(),
      await grants.updateTeam(team, { role: 'read' }),
      await grants.removeTeam(team),
      await grants.aggregate(),
    ];
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 404));
  });

  it('pages the users and the teams granted', async () => {
    const grants = await owned();
    const teams = [team, await newTeam(t, t.organizationId), await newTeam(t, t.organizationId)];
    ok(await grants.invite({ role: 'read', users: [reader.id, editor.id, guest.id], teams }));
    const first = ok(await grants.listUsers({ limit: 2 }));
    const rest = ok(await grants.listUsers({ limit: 2, page: first.next!.page }));
    expect([first.count, rest.count, rest.next]).toEqual([3, 3, undefined]);
    expect(new Set([...userIds(first), ...userIds(rest)])).toEqual(new Set([reader.id, editor.id, guest.id]));
    const teamsFirst = ok(await grants.listTeams({ limit: 1 }));
    const teamsRest = ok(await grants.listTeams({ limit: 5, page: teamsFirst.next!.page }));
    expect(new Set([...teamsFirst.items, ...teamsRest.items].map((item) => item.team.id))).toEqual(new Set(teams));
    expect(ok(await grants.listUsers({ limit: 0 }))).toEqual({ items: [], count: 3 });
  });

  it('lists in the aggregate everyone who can access it, by name, with their role', async () => {
    const org = await newOrganization(t, 'Aggregate');
    const [orgReader, invited, viaTeam, disabled] = [t.user('read', org), t.user(null, org), t.user(null, org), t.user('edit', org)];
    t.user(null, org);
    const orgTeam = await newTeam(t, org, 'Reviewers', [viaTeam.id]);
    const grants = grantsAs(t.owner, kind, await newItem(t, kind, { organizationId: org }));
    ok(await grants.invite({ role: 'comment', users: [invited.id] }));
    ok(await grants.invite({ role: 'review', teams: [orgTeam] }));
    ok(await grants.invite({ role: 'edit', users: [orgReader.id] }));
    t.engine.db.run('UPDATE members SET disabled = 1 WHERE organization_id = ? AND user_id = ?', org, disabled.id);

    const all = ok(await grants.aggregate());
    const expected = [[t.owner, 'admin'], [orgReader, 'edit'], [invited, 'comment'], [viaTeam, 'review']] as const;
    expect(all.count).toBe(expected.length);
    expect(new Map(all.items.map((item) => [item.user.id, item.permission]))).toEqual(
      new Map(expected.map(([user, role]) => [user.id, role])),
    );
    const names = all.items.map((item) => item.user.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(userIds(ok(await grants.aggregate({ role: 'review' })))).toEqual([viaTeam.id]);
    const page = ok(await grants.aggregate({ limit: 3 }));
    expect(userIds(ok(await grants.aggregate({ page: page.next!.page })))).toEqual(userIds(all).slice(3));
  });
});
