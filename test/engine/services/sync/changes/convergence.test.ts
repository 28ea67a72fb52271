import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../../src-shared/contract/common.js';
import type { TestUser } from '../../../../support/server.js';
import { heal, Network, type Replica } from './peers.js';

const REPLICAS = 3;

const replica = fc.integer({ min: 0, max: REPLICAS - 1 });
const pick = fc.nat(20);
const title = fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta');
const operation = fc.oneof(
  fc.record({ kind: fc.constant('createSpace' as const), replica, parent: fc.option(pick), title }),
  fc.record({ kind: fc.constant('renameSpace' as const), replica, space: pick, title }),
  fc.record({ kind: fc.constant('createCollection' as const), replica, parent: fc.option(pick), title }),
  fc.record({ kind: fc.constant('renameCollection' as const), replica, collection: pick, title }),
  fc.record({ kind: fc.constant('moveCollection' as const), replica, collection: pick, parent: fc.option(pick) }),
  fc.record({ kind: fc.constant('deleteCollection' as const), replica, collection: pick }),
  fc.record({ kind: fc.constant('createChangeRequest' as const), replica, space: pick, title }),
  fc.record({ kind: fc.constant('setRole' as const), replica, role: fc.constantFrom(...ROLES) }),
  fc.record({ kind: fc.constant('forgeTitle' as const), replica, space: pick, title }),
  fc.record({ kind: fc.constant('createTeam' as const), replica, title }),
  fc.record({ kind: fc.constant('leaveTeam' as const), replica, team: pick }),
  fc.record({ kind: fc.constant('grant' as const), replica, space: pick, role: fc.option(fc.constantFrom(...ROLES)) }),
  fc.record({ kind: fc.constant('push' as const), replica }),
  fc.record({ kind: fc.constant('pull' as const), replica }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function idsOf(replica: Replica, table: 'spaces' | 'collections' | 'teams'): string[] {
  return replica.db.all<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`).map((row) => row.id);
}

function nth(ids: readonly string[], index: number | null): string | undefined {
  return index === null || ids.length === 0 ? undefined : ids[index % ids.length];
}

/** Runs one operation through a replica's HTTP API; a call the API refuses (a cycle, a gone parent) changes nothing. */
async function run(replica: Replica, op: Operation, member: TestUser): Promise<void> {
  const { client } = replica.user;
  const organizationId = replica.server.organizationId;
  const space = 'space' in op ? nth(idsOf(replica, 'spaces'), op.space) : undefined;
  const collection = 'collection' in op ? nth(idsOf(replica, 'collections'), op.collection) : undefined;
  const parent = 'parent' in op ? nth(idsOf(replica, 'collections'), op.parent) : undefined;
  const team = 'team' in op ? nth(idsOf(replica, 'teams'), op.team) : undefined;
  switch (op.kind) {
    case 'createSpace':
      return void (await client.call('createSpace', { params: { organizationId }, body: { title: op.title, parent } }));
    case 'renameSpace':
      if (space) await client.call('updateSpaceById', { params: { spaceId: space }, body: { title: op.title } });
      return;
    case 'createCollection':
      return void (await client.call('createCollection', { params: { organizationId }, body: { title: op.title, parent } }));
    case 'renameCollection':
      if (collection) await client.call('updateCollectionById', { params: { collectionId: collection }, body: { title: op.title } });
      return;
    case 'moveCollection':
      if (collection) await client.call('moveCollection', { params: { collectionId: collection }, body: { parent: parent ?? null } });
      return;
    case 'deleteCollection':
      if (collection) await client.call('deleteCollectionById', { params: { collectionId: collection } });
      return;
    case 'createChangeRequest':
      if (space) await client.call('createChangeRequest', { params: { spaceId: space }, body: { subject: op.title } });
      return;
    case 'setRole':
      return void (await client.call('updateMemberInOrganizationById', { params: { organizationId, userId: member.id }, body: { role: op.role } }));
    case 'forgeTitle':
      // Straight into the replica's database, past the API: the hub judges it by the user's role.
      if (space) replica.db.run('UPDATE spaces SET title = ? WHERE id = ?', op.title, space);
      return;
    case 'createTeam':
      return void (await client.call('createOrganizationTeam', { params: { organizationId }, body: { title: op.title, members: [member.id] } }));
    case 'leaveTeam':
      if (team) await client.call('deleteMemberFromOrganizationTeamById', { params: { organizationId, teamId: team, userId: member.id } });
      return;
    case 'grant':
      if (space) await client.call('inviteToSpace', { params: { spaceId: space }, body: { role: op.role, users: [member.id] } });
      return;
    case 'push':
      return void replica.push();
    case 'pull':
      return void replica.pull();
  }
}

/** What the API shows a user of the organization: members, teams, collections, spaces, their grants and change requests. */
async function digest(user: TestUser, organizationId: string): Promise<unknown> {
  const query = { limit: 1000 };
  const members = await user.client.call('listMembersInOrganizationById', { params: { organizationId }, query });
  const collections = await user.client.call('listCollectionsInOrganizationById', { params: { organizationId }, query });
  const spaces = await user.client.call('listSpacesInOrganizationById', { params: { organizationId }, query });
  const teams = await user.client.call('listTeamsInOrganizationById', { params: { organizationId }, query });
  if (!members.ok || !collections.ok || !spaces.ok || !teams.ok) throw new Error('a list failed');
  const changeRequests = await Promise.all(
    spaces.data.items.map(async (space) => {
      const list = await user.client.call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query });
      const granted = await user.client.call('listUserPermissionsInSpace', { params: { spaceId: space.id }, query });
      if (!list.ok) throw new Error('a list failed');
      const grants = granted.ok ? granted.data.items.map((grant) => [grant.user.id, grant.permission]) : granted.status;
      return [list.data.items.map((cr) => [cr.id, cr.number, cr.subject, cr.status]), grants];
    }),
  );
  return {
    members: members.data.items.map((m) => [m.user.id, m.role]),
    collections: collections.data.items.map((c) => [c.id, c.title, c.parent ?? null, c.defaultLevel]),
    spaces: spaces.data.items.map((s) => [s.id, s.title, s.parent ?? null, s.revision, s.updatedAt, s.changeRequests]),
    changeRequests,
    teams: teams.data.items.map((t) => [t.id, t.title, t.members]),
  };
}

describe('convergence', () => {
  it('random operations on random replicas (API calls, and writes past the API), exchanged in random order, end in identical API-visible state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
        const net = await Network.start();
        try {
          const member = net.hub.user('edit');
          // The owner's replica and the editor's start together; another of the owner's joins
          // half-way, when the hub has a history to hand it.
          const replicas = [await net.replicaOf(), await net.replicaOf(member)];
          for (const [index, op] of operations.entries()) {
            if (index === Math.floor(operations.length / 2)) replicas.push(await net.replicaOf());
            await run(replicas[op.replica % replicas.length]!, op, member);
          }
          heal(replicas);
          const organizationId = net.hub.organizationId;
          const expected = await digest(net.hub.owner, organizationId);
          for (const r of replicas.filter((r) => r.user.id === net.hub.owner.id)) {
            expect(await digest(r.user, organizationId)).toEqual(expected);
          }
          expect(await digest(replicas[1]!.user, organizationId)).toEqual(await digest(member, organizationId));
        } finally {
          await net.stop();
        }
      }),
      { numRuns: 12, seed: 20261122 },
    );
  }, 120_000);
});
