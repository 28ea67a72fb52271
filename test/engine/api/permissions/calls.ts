import type { Role, RoleOrGuest } from '../../../../src-shared/contract/common.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { newCollection, newSpace, ok } from '../../../support/content.js';

/** Spaces and collections take the same grant operations; the tests run over both. */
export const KINDS = ['space', 'collection'] as const;
export type Kind = (typeof KINDS)[number];

type Invite = { role: RoleOrGuest; users?: string[]; teams?: string[] };
type Page = { page?: string; limit?: number };

const OPERATIONS = {
  space: {
    param: 'spaceId',
    invite: 'inviteToSpace',
    listUsers: 'listUserPermissionsInSpace',
    updateUser: 'updateUserPermissionInSpace',
    removeUser: 'removeUserFromSpace',
    listTeams: 'listTeamPermissionsInSpace',
    updateTeam: 'updateTeamPermissionInSpace',
    removeTeam: 'removeTeamFromSpace',
    aggregate: 'listPermissionsAggregateInSpace',
  },
  collection: {
    param: 'collectionId',
    invite: 'inviteToCollection',
    listUsers: 'listUserPermissionsInCollection',
    updateUser: 'updateUserPermissionInCollection',
    removeUser: 'removeUserFromCollection',
    listTeams: 'listTeamPermissionsInCollection',
    updateTeam: 'updateTeamPermissionInCollection',
    removeTeam: 'removeTeamFromCollection',
    aggregate: 'listPermissionsAggregateInCollection',
  },
} as const;

type Operation = Exclude<keyof (typeof OPERATIONS)['space'], 'param'>;

/** The grant operations on one item, as `user` calls them. */
export function grantsAs(user: TestUser, kind: Kind, id: string) {
  const { client } = user;
  // Both kinds share every shape but the item's parameter: typing the calls as the space's
  // keeps one set of types.
  const op = <K extends Operation>(name: K) => OPERATIONS[kind][name] as (typeof OPERATIONS)['space'][K];
  const on = { [OPERATIONS[kind].param]: id } as { spaceId: string };
  return {
    invite: (body: Invite) => client.call(op('invite'), { params: on, body }),
    listUsers: (query: Page = {}) => client.call(op('listUsers'), { params: on, query }),
    updateUser: (userId: string, body: { role?: RoleOrGuest }) =>
      client.call(op('updateUser'), { params: { ...on, userId }, body }),
    removeUser: (userId: string) => client.call(op('removeUser'), { params: { ...on, userId } }),
    listTeams: (query: Page = {}) => client.call(op('listTeams'), { params: on, query }),
    updateTeam: (teamId: string, body: { role?: RoleOrGuest }) =>
      client.call(op('updateTeam'), { params: { ...on, teamId }, body }),
    removeTeam: (teamId: string) => client.call(op('removeTeam'), { params: { ...on, teamId } }),
    aggregate: (query: Page & { role?: Role } = {}) => client.call(op('aggregate'), { params: on, query }),
  };
}

/** A new item of `kind`, made by the server's owner at the root of an organization (the first by default) or in `parent`. */
export async function newItem(
  t: TestServer,
  kind: Kind,
  { parent, organizationId = t.organizationId }: { parent?: string; organizationId?: string } = {},
): Promise<string> {
  const item = kind === 'space'
    ? await newSpace(t.owner, organizationId, { parent })
    : await newCollection(t.owner, organizationId, { parent });
  return item.id;
}

/** The item as `user` sees it: the answer's status, and the item's `permissions` when it was shown. */
export async function itemAs(user: TestUser, kind: Kind, id: string): Promise<{ status: number; permissions?: { view: boolean; admin: boolean } }> {
  const res = kind === 'space'
    ? await user.client.call('getSpaceById', { params: { spaceId: id } })
    : await user.client.call('getCollectionById', { params: { collectionId: id } });
  return res.ok ? { status: res.status, permissions: res.data.permissions } : { status: res.status };
}

/** Grants that must succeed. */
export async function grant(t: TestServer, kind: Kind, id: string, body: Invite): Promise<void> {
  ok(await grantsAs(t.owner, kind, id).invite(body));
}
