import { describe, expect, it } from 'vitest';
import { addMember } from '../../../../../src-main/engine/app/admin/commands.js';
import { expectFailure, newSpace, ok } from '../../../../support/content.js';
import { heal, useNetwork, type Replica } from './peers.js';

const net = useNetwork();

function roleIn(db: Replica['db'], userId: string): string | null | undefined {
  return db.get<{ role: string | null }>('SELECT role FROM members WHERE organization_id = ? AND user_id = ?', net.hub.organizationId, userId)
    ?.role;
}

describe('changes checked against the sender’s role', () => {
  it('a replica that edits its own database to make its user admin is answered with a compensating change', async () => {
    const reader = net.hub.user('read');
    const own = await net.replicaOf(reader);
    own.db.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", net.hub.organizationId, reader.id);
    const pushed = own.push();
    expect(pushed.compensated).toBe(1);
    expect(roleIn(net.hub.engine.db, reader.id)).toBe('read');
    own.pull();
    expect(roleIn(own.db, reader.id)).toBe('read');
    const members = await reader.client.call('listMembersInOrganizationById', { params: { organizationId: net.hub.organizationId }, query: {} });
    expect(ok(members).items.find((member) => member.user.id === reader.id)?.role).toBe('read');
  });

  it('a reader’s edit made in its own database is refused by the hub and rolled back on the replica, and stays so', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const reader = net.hub.user('read');
    const own = await net.replicaOf(reader);
    expectFailure(await own.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'Mine' } }), 403);
    own.db.run("UPDATE spaces SET title = 'Mine' WHERE id = ?", space.id);
    heal([own]);
    expect(ok(await own.user.client.call('getSpaceById', { params: { spaceId: space.id } })).title).toBe('Guide');
    expect(ok(await net.hub.owner.client.call('getSpaceById', { params: { spaceId: space.id } })).title).toBe('Guide');
    expect(own.push()).toEqual({ applied: 0, compensated: 0, ignored: 0 });
  });

  it('a forbidden delete comes back whole, and a forbidden insert is deleted', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const editor = net.hub.user('edit');
    const own = await net.replicaOf(editor);
    own.db.run('DELETE FROM spaces WHERE id = ?', space.id);
    own.db.run(
      "INSERT INTO teams (id, organization_id, title, created_at) VALUES ('forged', ?, 'Forged', '2026-01-01T00:00:00.000Z')",
      net.hub.organizationId,
    );
    heal([own]);
    expect(ok(await own.user.client.call('getSpaceById', { params: { spaceId: space.id } })).title).toBe('Guide');
    const revisions = (db: Replica['db']) => db.all('SELECT * FROM revisions WHERE space_id = ? ORDER BY id', space.id);
    expect(revisions(own.db)).toEqual(revisions(net.hub.engine.db));
    expect(revisions(net.hub.engine.db)).toHaveLength(1);
    expect(own.db.get("SELECT 1 FROM teams WHERE id = 'forged'")).toBeUndefined();
    expect(net.hub.engine.db.get("SELECT 1 FROM teams WHERE id = 'forged'")).toBeUndefined();
  });

  it('a member’s own last-seen time goes through; another member’s is put back', async () => {
    const reader = net.hub.user('read');
    const own = await net.replicaOf(reader);
    const organizationId = net.hub.organizationId;
    ok(await own.user.client.call('updateOrganizationMemberLastSeenAt', { params: { organizationId } }));
    own.db.run("UPDATE members SET last_seen_at = '2030-01-01T00:00:00.000Z' WHERE organization_id = ? AND user_id = ?", organizationId, net.hub.owner.id);
    expect(own.push()).toMatchObject({ applied: 1, compensated: 1 });
    const lastSeen = (userId: string) =>
      net.hub.engine.db.get<{ at: string | null }>('SELECT last_seen_at AS at FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId)!.at;
    expect(lastSeen(reader.id)).not.toBeNull();
    expect(lastSeen(net.hub.owner.id)).not.toBe('2030-01-01T00:00:00.000Z');
  });

  it('an allowed write of a replica reaches the hub under the sender as actor', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const editor = net.hub.user('edit');
    const own = await net.replicaOf(editor);
    const created = ok(await own.user.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Fix' } }));
    expect(own.push().compensated).toBe(0);
    const onHub = ok(await net.hub.owner.client.call('getChangeRequestById', { params: { spaceId: space.id, changeRequestId: created.id } }));
    expect(onHub.subject).toBe('Fix');
    const actor = net.hub.engine.db.get<{ actor: string }>("SELECT actor FROM change_log WHERE tbl = 'change_requests' AND row_key = ?", JSON.stringify([created.id]));
    expect(actor?.actor).toBe(editor.id);
  });
});

describe('what a user receives', () => {
  it('a user who joins after a replica’s first pull arrives with their membership', async () => {
    const newcomer = net.hub.user();
    const own = await net.replicaOf();
    expect(own.db.get('SELECT 1 FROM users WHERE id = ?', newcomer.id)).toBeUndefined();
    expect(addMember(net.hub.engine, net.hub.organizationId, newcomer.email, 'edit')).toBeTypeOf('string');
    own.pull();
    const members = ok(await own.user.client.call('listMembersInOrganizationById', { params: { organizationId: net.hub.organizationId }, query: {} }));
    expect(members.items.find((member) => member.user.id === newcomer.id)?.user.email).toBe(newcomer.email);
  });

  it('is only what the API would show them', async () => {
    const secret = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Secret' });
    ok(await net.hub.owner.client.call('updateSpaceById', { params: { spaceId: secret.id }, body: { defaultLevel: null } }));
    const guest = net.hub.user(null);
    const own = await net.replicaOf(guest);
    expect(own.db.get('SELECT 1 FROM spaces WHERE id = ?', secret.id)).toBeUndefined();
    expect(own.db.get("SELECT count(*) AS n FROM members WHERE user_id <> ?", guest.id)).toEqual({ n: 0 });
    expect(own.db.get('SELECT 1 FROM organizations WHERE id = ?', net.hub.organizationId)).toBeDefined();
  });
});
