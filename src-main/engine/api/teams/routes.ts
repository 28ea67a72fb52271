import type { teams } from '../../../../src-shared/contract/teams.js';
import { activeRole, findMembership } from '../../domain/access/membership.js';
import { paginate } from '../../core/pagination.js';
import { badRequest, isFailure, type Handlers } from '../../core/pipeline/index.js';
import { requireOrganization } from '../../domain/orgs/rules.js';
import { canTeam, manageableTeams, requireTeam } from '../../domain/teams/rules.js';
import { toTeam } from '../../domain/teams/serialize.js';
import { deleteTeam, findTeam, insertTeam, renameTeam, teamsOf, type TeamRow } from '../../domain/teams/sql.js';

export const teamsHandlers: Handlers<typeof teams> = {
  listTeamsInOrganizationById(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, canTeam.view);
    if (isFailure(access)) return access;
    let ownedBy: string | undefined;
    if (query.owner !== undefined) {
      const owner = findMembership(ctx.db, params.organizationId, query.owner);
      if (!owner) return badRequest(`query.owner: ${query.owner} is not a member of the organization`);
      const scope = manageableTeams(activeRole(owner));
      if (scope === 'none') return { items: [], count: 0 };
      if (scope === 'owned') ownedBy = owner.userId;
    }
    const filter = { title: query.title, ownedBy };
    const page = paginate<TeamRow>(ctx.db, teamsOf(params.organizationId, ctx.actor.id, filter), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toTeam(row, access.role)) };
  },

  createOrganizationTeam(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, canTeam.create);
    if (isFailure(access)) return access;
    const memberIds = [...new Set(body.members ?? [])];
    const stranger = memberIds.find((userId) => !findMembership(ctx.db, params.organizationId, userId));
    if (stranger !== undefined) return badRequest(`body.members: ${stranger} is not a member of the organization`);
    const id = insertTeam(ctx.db, { organizationId: params.organizationId, title: body.title, memberIds, now: ctx.now });
    return toTeam(findTeam(ctx.db, params.organizationId, id, ctx.actor.id)!, access.role);
  },

  getTeamInOrganizationById(ctx, { params }) {
    const access = requireTeam(ctx, params, 'view');
    if (isFailure(access)) return access;
    return toTeam(access.team, access.role);
  },

  removeTeamFromOrganizationById(ctx, { params }) {
    const access = requireTeam(ctx, params, 'manage');
    if (isFailure(access)) return access;
    deleteTeam(ctx.db, params.teamId);
    return undefined;
  },

  updateTeamInOrganizationById(ctx, { params, body }) {
    const access = requireTeam(ctx, params, 'manage');
    if (isFailure(access)) return access;
    renameTeam(ctx.db, params.teamId, body.title);
    return toTeam({ ...access.team, title: body.title }, access.role);
  },
};
