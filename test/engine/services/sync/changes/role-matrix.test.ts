import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../../../src-shared/contract/common.js';
import { newSpace, ok } from '../../../../support/content.js';
import type { TestUser } from '../../../../support/server.js';
import { useNetwork, type Replica } from './peers.js';

const net = useNetwork();

interface Probe {
  name: string;
  /** Makes the write through the replica's API; answers the id of the row it made or changed. */
  onReplica(replica: Replica, spaceId: string): Promise<string>;
  /** Whether an engine's database holds that write. */
  landed(db: Replica['db'], id: string): boolean;
  /** The same kind of write straight to the hub's API, for its status. */
  direct(user: TestUser, spaceId: string): Promise<{ status: number }>;
}

const status = (result: { ok: boolean; status?: number }) => ({ status: result.ok ? 200 : result.status! });

const PROBES: Probe[] = [
  {
    name: 'rename a space',
    async onReplica(replica, spaceId) {
      ok(await replica.user.client.call('updateSpaceById', { params: { spaceId }, body: { title: 'Forged' } }));
      return spaceId;
    },
    landed: (db, id) => db.get<{ title: string }>('SELECT title FROM spaces WHERE id = ?', id)!.title === 'Forged',
    direct: async (user, spaceId) => status(await user.client.call('updateSpaceById', { params: { spaceId }, body: { title: 'Direct' } })),
  },
  {
    name: 'create a collection',
    async onReplica(replica) {
      const organizationId = replica.server.organizationId;
      return ok(await replica.user.client.call('createCollection', { params: { organizationId }, body: { title: 'Forged' } })).id;
    },
    landed: (db, id) => !!db.get('SELECT 1 FROM collections WHERE id = ?', id),
    direct: async (user) =>
      status(await user.client.call('createCollection', { params: { organizationId: net.hub.organizationId }, body: {} })),
  },
  {
    name: 'open a change request',
    async onReplica(replica, spaceId) {
      return ok(await replica.user.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Forged' } })).id;
    },
    landed: (db, id) => !!db.get('SELECT 1 FROM change_requests WHERE id = ?', id),
    direct: async (user, spaceId) => status(await user.client.call('createChangeRequest', { params: { spaceId }, body: {} })),
  },
];

describe('a replica’s writes reach the hub exactly when the API would take them, and are rolled back otherwise', () => {
  it.each(ROLES.flatMap((role) => PROBES.map((probe) => [role, probe.name, probe] as [Role, string, Probe])))('as %s: %s', async (role, _name, probe) => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const user = net.hub.user(role);
    const replica = await net.replicaOf(user);
    // The replica's database says admin, so its own API takes the write; the hub knows better.
    replica.db.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", net.hub.organizationId, user.id);
    const id = await probe.onReplica(replica, space.id);
    replica.sync();
    const landed = probe.landed(net.hub.engine.db, id);
    expect(probe.landed(replica.db, id), 'the replica ends as the hub').toBe(landed);
    const ownRole = replica.db.get<{ role: string }>('SELECT role FROM members WHERE organization_id = ? AND user_id = ?', net.hub.organizationId, user.id);
    expect(ownRole?.role).toBe(role);
    const allowed = (await probe.direct(user, space.id)).status !== 403;
    expect(landed, `${probe.name} as ${role}`).toBe(allowed);
  });
});
