import { GitBookAPIError, MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';
import { newTeam } from '../members/people.js';
import { newItem } from './calls.js';

/** The public client of the service our API follows, pointed at a Folio engine: grants. */
const test = officialClientServer();

describe('@gitbook/api permission calls against Folio', () => {
  it('invites to a space, lists, updates and removes', async () => {
    const { t, api } = test;
    const guest = t.user(null);
    const team = await newTeam(t, t.organizationId, 'Readers');
    const spaceId = await newItem(t, 'space');
    expect((await api.spaces.inviteToSpace(spaceId, { role: MemberRole.Read, users: [guest.id] })).status).toBe(204);
    await api.spaces.inviteToSpace(spaceId, { role: MemberRole.Comment, teams: [team] });
    await api.spaces.updateUserPermissionInSpace(spaceId, guest.id, { role: MemberRole.Edit });
    const users = await api.spaces.listUserPermissionsInSpace(spaceId);
    expect(users.data.items).toEqual([{ permission: 'edit', user: expect.objectContaining({ id: guest.id }) }]);
    const teams = await api.spaces.listTeamPermissionsInSpace(spaceId);
    expect(teams.data.items).toEqual([{ permission: 'comment', team: expect.objectContaining({ id: team, spaces: 1 }) }]);
    const everyone = await api.spaces.listPermissionsAggregateInSpace(spaceId, { role: MemberRole.Edit });
    expect(everyone.data.items.map((item) => item.user.id)).toEqual([guest.id]);
    await api.spaces.removeTeamFromSpace(spaceId, team);
    await api.spaces.removeUserFromSpace(spaceId, guest.id);
    const error = await api.spaces.removeUserFromSpace(spaceId, guest.id).catch((e: unknown) => e);
    expect((error as GitBookAPIError).code).toBe(404);
  });

  it('invites to a collection and lists', async () => {
    const { t, api } = test;
    const team = await newTeam(t, t.organizationId, 'Editors');
    const collectionId = await newItem(t, 'collection');
    await api.collections.inviteToCollection(collectionId, { role: MemberRole.Edit, teams: [team] });
    await api.collections.updateTeamPermissionInCollection(collectionId, team, { role: MemberRole.Review });
    const teams = await api.collections.listTeamPermissionsInCollection(collectionId);
    expect(teams.data.items.map((item) => [item.team.id, item.permission])).toEqual([[team, 'review']]);
    expect((await api.collections.listUserPermissionsInCollection(collectionId)).data.count).toBe(0);
    await api.collections.removeTeamFromCollection(collectionId, team);
    expect((await api.collections.listTeamPermissionsInCollection(collectionId)).data.count).toBe(0);
  });
});
