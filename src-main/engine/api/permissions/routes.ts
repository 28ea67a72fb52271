import type { permissions } from '../../../../src-shared/contract/permissions.js';
import type { Handlers } from '../../core/pipeline/index.js';
import { grantHandlers } from './handlers.js';
import { collectionGrants, spaceGrants } from '../../domain/permissions/rules.js';

const space = grantHandlers(spaceGrants);
const collection = grantHandlers(collectionGrants);

export const permissionsHandlers: Handlers<typeof permissions> = {
  inviteToSpace: space.invite,
  listUserPermissionsInSpace: space.listUsers,
  updateUserPermissionInSpace: space.updateUser,
  removeUserFromSpace: space.removeUser,
  listTeamPermissionsInSpace: space.listTeams,
  updateTeamPermissionInSpace: space.updateTeam,
  removeTeamFromSpace: space.removeTeam,
  listPermissionsAggregateInSpace: space.listAggregate,
  inviteToCollection: collection.invite,
  listUserPermissionsInCollection: collection.listUsers,
  updateUserPermissionInCollection: collection.updateUser,
  removeUserFromCollection: collection.removeUser,
  listTeamPermissionsInCollection: collection.listTeams,
  updateTeamPermissionInCollection: collection.updateTeam,
  removeTeamFromCollection: collection.removeTeam,
  listPermissionsAggregateInCollection: collection.listAggregate,
};
