import { MemberRole, TeamMemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';

/** The public client of the service our API follows, pointed at a Folio engine: the people areas. */
const test = officialClientServer();

describe('@gitbook/api members calls against Folio', () => {
  it('lists, reads, updates and removes members, and pings', async () => {
    const { t, api } = test;
    const member = t.user('read');
    const list = await api.orgs.listMembersInOrganizationById(t.organizationId, { role: MemberRole.Read, sort: 'joinedAt' });
    expect(list.data.items.map((m) => m.id)).toEqual([member.id]);
    const updated = await api.orgs.updateMemberInOrganizationById(t.organizationId, member.id, { role: MemberRole.Edit });
    expect(updated.data.role).toBe('edit');
    await api.orgs.updateOrganizationMemberLastSeenAt(t.organizationId);
    const me = await api.orgs.getMemberInOrganizationById(t.organizationId, t.owner.id);
    expect(me.data.lastSeenAt).toBe(t.clock.now().toISOString());
    const teams = await api.orgs.listTeamsForOrganizationMember(t.organizationId, member.id);
    expect(teams.data.items).toEqual([]);
    await api.orgs.removeMemberFromOrganizationById(t.organizationId, member.id);
    const after = await api.orgs.listMembersInOrganizationById(t.organizationId);
    expect(after.data.items.map((m) => m.id)).toEqual([t.owner.id]);
  });
});

describe('@gitbook/api team calls against Folio', () => {
  it('creates, renames, fills, lists and deletes a team', async () => {
    const { t, api } = test;
    const member = t.user('read');
    const created = await api.orgs.createOrganizationTeam(t.organizationId, { title: 'Docs', members: [t.owner.id] });
    expect(created.status).toBe(201);
    const teamId = created.data.id;
    await api.orgs.updateTeamInOrganizationById(t.organizationId, teamId, { title: 'Docs team' });
    await api.orgs.updateMembersInOrganizationTeam(t.organizationId, teamId, { add: [member.email] });
    await api.orgs.addMemberToOrganizationTeamById(t.organizationId, teamId, member.id, { role: TeamMemberRole.Owner });
    const members = await api.orgs.listTeamMembersInOrganizationById(t.organizationId, teamId);
    expect(members.data.items.map((m) => m.team.role).sort()).toEqual(['member', 'owner']);
    const owned = await api.orgs.listTeamsInOrganizationById(t.organizationId, { owner: member.id });
    expect(owned.data.items.map((team) => team.title)).toEqual(['Docs team']);
    await api.orgs.deleteMemberFromOrganizationTeamById(t.organizationId, teamId, member.id);
    await api.orgs.removeTeamFromOrganizationById(t.organizationId, teamId);
    const left = await api.orgs.listTeamsInOrganizationById(t.organizationId);
    expect(left.data.items).toEqual([]);
  });
});

describe('@gitbook/api SSO calls against Folio', () => {
  it('creates, configures, lists and deletes a SAML provider', async () => {
    const { t, api } = test;
    const created = await api.orgs.createOrganizationSamlProvider(t.organizationId, { label: 'Okta' });
    expect(created.data.status).toBe('pending');
    const id = created.data.id;
    const updated = await api.orgs.updateOrganizationSamlProvider(t.organizationId, id, {
      ssoURL: 'https://idp.example.com/sso',
      entityID: 'https://idp.example.com',
      certificate: 'MIIC-cert',
    });
    expect(updated.data.status).toBe('active');
    const logins = await api.orgs.listSsoProviderLoginsInOrganization(t.organizationId);
    expect(logins.data.items).toEqual([{ id, label: 'Okta', startURL: updated.data.service.startURL }]);
    const got = await api.orgs.getOrganizationSamlProviderById(t.organizationId, id);
    expect(got.data.label).toBe('Okta');
    await api.orgs.deleteOrganizationSamlProvider(t.organizationId, id);
    const list = await api.orgs.listSamlProvidersInOrganizationById(t.organizationId);
    expect(list.data.items).toEqual([]);
  });
});
