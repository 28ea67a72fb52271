import { describe, expect, it } from 'vitest';
import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { ok } from '../../../support/content.js';
import { CALLERS } from '../../../support/roles.js';
import type { TestUser } from '../../../support/server.js';
import { newTeam } from '../members/people.js';
import { KINDS, grant, grantsAs, itemAs, newItem, type Kind } from './calls.js';

const test = roleTestServer();

/** A fresh item of `kind`, the grant operations on it as `user`, and what to grant or change there. */
async function fresh(kind: Kind, user: TestUser) {
  const id = await newItem(test.t, kind);
  const team = await newTeam(test.t, test.t.organizationId);
  // The owner holds a grant to change or remove; the owner is an organization admin, so it changes nothing else.
  await grant(test.t, kind, id, { role: 'read', users: [test.t.owner.id], teams: [team] });
  return { grants: grantsAs(user, kind, id), team, member: test.t.owner.id };
}

/** One attempt as `user` on a fresh item of `kind`. */
const on = (kind: Kind, attempt: (item: Awaited<ReturnType<typeof fresh>>) => Promise<{ status: number }>) =>
  async (user: TestUser) => attempt(await fresh(kind, user));

const cases: AccessCase[] = KINDS.flatMap((kind): AccessCase[] => [
  [`invite on a ${kind}`, atLeast('admin'), on(kind, ({ grants, member }) => grants.invite({ role: 'edit', users: [member] }))],
  [`listUsers on a ${kind}`, atLeast('read'), on(kind, ({ grants }) => grants.listUsers())],
  [`updateUser on a ${kind}`, atLeast('admin'), on(kind, ({ grants, member }) => grants.updateUser(member, { role: 'comment' }))],
  [`removeUser on a ${kind}`, atLeast('admin'), on(kind, ({ grants, member }) => grants.removeUser(member))],
  [`listTeams on a ${kind}`, atLeast('read'), on(kind, ({ grants }) => grants.listTeams())],
  [`updateTeam on a ${kind}`, atLeast('admin'), on(kind, ({ grants, team }) => grants.updateTeam(team, { role: 'edit' }))],
  [`removeTeam on a ${kind}`, atLeast('admin'), on(kind, ({ grants, team }) => grants.removeTeam(team))],
  [`aggregate on a ${kind}`, atLeast('read'), on(kind, ({ grants }) => grants.aggregate())],
]);

describeAccess(test, cases);

describe.each(KINDS)("a %s's permissions announce who manages and who lists its grants", (kind) => {
  it.each(CALLERS)('for %s', async (caller) => {
    const user = test.users[caller];
    const id = await newItem(test.t, kind);
    const shown = await itemAs(user, kind, id);
    const listed = (await grantsAs(user, kind, id).listUsers()).ok;
    const managed = (await grantsAs(user, kind, id).invite({ role: 'read', users: [test.t.owner.id] })).ok;
    const { view = false, admin = false } = shown.permissions ?? {};
    expect({ view, admin }).toEqual({ view: listed, admin: managed });
  });

  it('for a guest given admin on it by a grant', async () => {
    const guest = test.t.user(null);
    const id = await newItem(test.t, kind);
    await grant(test.t, kind, id, { role: 'admin', users: [guest.id] });
    expect((await itemAs(guest, kind, id)).permissions).toMatchObject({ view: true, admin: true });
    ok(await grantsAs(guest, kind, id).invite({ role: 'read', users: [test.users.read.id] }));
    ok(await grantsAs(guest, kind, id).removeUser(guest.id));
    expect((await itemAs(guest, kind, id)).status).toBe(403);
  });
});
