import { z } from 'zod';
import { EntityId, ListQuery, Role, RoleOrGuest, User, listOf } from './common.js';
import { collections } from './collections.js';
import { defineOperation } from './operation.js';
import { spaces } from './spaces.js';
import { Team } from './teams.js';

/**
 * Explicit grants of a role on a space or a collection, to users and to teams of its
 * organization. A grant on a collection reaches everything inside it; it raises the role a
 * member has there by default and never lowers it. Spaces and collections offer the same eight
 * operations, so they are written once here.
 */

export const InviteUsersAndTeams = z
  .object({
    /** null: the users and teams named lose their grants. */
    role: RoleOrGuest,
    /** User ids, or e-mails of members and guests of the organization. */
    users: z.array(z.string().min(1)).min(1).optional(),
    teams: z.array(z.string().min(1)).min(1).optional(),
  })
  .refine((body) => body.users !== undefined || body.teams !== undefined, {
    message: 'must contain at least one of users, teams',
  })
  .meta({ id: 'InviteUsersAndTeams' });

export const UserContentPermission = z.object({ permission: Role, user: User }).meta({ id: 'UserContentPermission' });
export const TeamContentPermission = z.object({ permission: Role, team: Team }).meta({ id: 'TeamContentPermission' });

/** A role, or null to remove the grant; without `role` nothing changes. */
const UpdateGrant = z.object({ role: RoleOrGuest.optional() });

/** The eight operations on the grants of one kind of content; `shape` holds its path parameter. */
function grantOperations<const S extends z.ZodRawShape>(content: 'space' | 'collection', path: string, shape: S) {
  const Noun = capitalized(content);
  const params = z.object(shape);

  const list = <const Q extends z.ZodObject, const I extends z.ZodType>(
    id: string,
    below: string,
    summary: string,
    query: Q,
    item: I,
  ) => defineOperation({ id, method: 'GET', path: `${path}/permissions/${below}`, summary, params, query, success: 200, response: listOf(item) });

  /** The users or the teams granted a role on the item. */
  const granted = <const I extends z.ZodType>(who: 'user' | 'team', item: I) =>
    list(`list${capitalized(who)}PermissionsIn${Noun}`, `${who}s`, `List the ${who}s granted a role on a ${content}`, ListQuery, item);

  /** Changing and removing the grant to one user or team, named by the path parameter in `key`. */
  const grantTo = <const K extends z.ZodRawShape>(who: 'user' | 'team', key: K) => {
    const Who = capitalized(who);
    const at = `${path}/permissions/${who}s/{${who}Id}`;
    const grantParams = z.object({ ...shape, ...key });
    return {
      update: defineOperation({
        id: `update${Who}PermissionIn${Noun}`,
        method: 'PATCH',
        path: at,
        summary: `Change or remove the role granted to a ${who} on a ${content}`,
        params: grantParams,
        body: UpdateGrant,
        success: 204,
      }),
      remove: defineOperation({
        id: `remove${Who}From${Noun}`,
        method: 'DELETE',
        path: at,
        summary: `Remove the role granted to a ${who} on a ${content}`,
        params: grantParams,
        success: 204,
      }),
    };
  };

  const user = grantTo('user', { userId: EntityId });
  const team = grantTo('team', { teamId: EntityId });
  return {
    invite: defineOperation({
      id: `inviteTo${Noun}`,
      method: 'POST',
      path: `${path}/permissions`,
      summary: `Grant users and teams a role on a ${content}`,
      params,
      body: InviteUsersAndTeams,
      success: 204,
    }),
    listUsers: granted('user', UserContentPermission),
    updateUser: user.update,
    removeUser: user.remove,
    listTeams: granted('team', TeamContentPermission),
    updateTeam: team.update,
    removeTeam: team.remove,
    listAggregate: list(
      `listPermissionsAggregateIn${Noun}`,
      'aggregate',
      `List every member who can access a ${content}, with their role on it`,
      ListQuery.extend({ role: Role.optional() }),
      UserContentPermission,
    ),
  };
}

/** Operation ids name the content and the principal with a capital: `inviteToSpace`, `removeTeamFromCollection`. */
function capitalized<const W extends string>(word: W): Capitalize<W> {
  return `${word[0]!.toUpperCase()}${word.slice(1)}` as Capitalize<W>;
}

const onSpace = grantOperations('space', '/v1/spaces/{spaceId}', spaces.getSpaceById.params.shape);
const onCollection = grantOperations(
  'collection',
  '/v1/collections/{collectionId}',
  collections.getCollectionById.params.shape,
);

export const permissions = {
  inviteToSpace: onSpace.invite,
  listUserPermissionsInSpace: onSpace.listUsers,
  updateUserPermissionInSpace: onSpace.updateUser,
  removeUserFromSpace: onSpace.removeUser,
  listTeamPermissionsInSpace: onSpace.listTeams,
  updateTeamPermissionInSpace: onSpace.updateTeam,
  removeTeamFromSpace: onSpace.removeTeam,
  listPermissionsAggregateInSpace: onSpace.listAggregate,
  inviteToCollection: onCollection.invite,
  listUserPermissionsInCollection: onCollection.listUsers,
  updateUserPermissionInCollection: onCollection.updateUser,
  removeUserFromCollection: onCollection.removeUser,
  listTeamPermissionsInCollection: onCollection.listTeams,
  updateTeamPermissionInCollection: onCollection.updateTeam,
  removeTeamFromCollection: onCollection.removeTeam,
  listPermissionsAggregateInCollection: onCollection.listAggregate,
};
