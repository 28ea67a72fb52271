import type { z } from 'zod';
import type { Role, RoleOrGuest } from '../../../../src-shared/contract/common.js';
import type { InviteUsersAndTeams } from '../../../../src-shared/contract/permissions.js';
import { activeRole } from '../../domain/access/membership.js';
import { paginate } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { accessPage } from '../../domain/permissions/aggregate.js';
import { resolveInvitees, resolvePrincipal, type Principal, type PrincipalReference } from '../../domain/permissions/principals.js';
import type { GrantTarget } from '../../domain/permissions/rules.js';
import { toTeamPermission, toUserPermission } from '../../domain/permissions/serialize.js';
import { deleteGrant, hasGrant, setGrant, teamGrantsOn, userGrantsOn, type TeamGrantRow, type UserGrantRow } from '../../domain/permissions/sql.js';

interface ListRequest {
  page?: string;
  limit: number;
}

/**
 * The eight grant operations of one kind of content; spaces and collections differ only in
 * how the item is found. A null role removes grants: no grant is how "no role" is stored.
 */
export function grantHandlers<P>(target: GrantTarget<P>) {
  /** Sets or removes the grant of an item to a principal. */
  const write = (ctx: RequestContext, contentId: string, principal: Principal, role: RoleOrGuest) => {
    if (role === null) deleteGrant(ctx.db, contentId, principal.id);
    else setGrant(ctx.db, target.column, contentId, principal, role, ctx.now);
  };

  /** The item and an existing grant on it to the principal `ref` names, for a change by an admin of the item. */
  const requireGrant = (ctx: RequestContext, params: P, ref: PrincipalReference) => {
    const access = target.require(ctx, params, 'manage');
    if (isFailure(access)) return access;
    const principal = resolvePrincipal(ctx.db, access.row.organization_id, ref);
    if (isFailure(principal)) return principal;
    if (!hasGrant(ctx.db, access.row.id, principal.id)) {
      return notFound(`The ${ref.kind} holds no role granted on this ${target.noun}`);
    }
    return { contentId: access.row.id, principal };
  };

  const update = (ctx: RequestContext, params: P, ref: PrincipalReference, role: RoleOrGuest | undefined): undefined | Failure => {
    const grant = requireGrant(ctx, params, ref);
    if (isFailure(grant)) return grant;
    if (role !== undefined) write(ctx, grant.contentId, grant.principal, role);
    return undefined;
  };

  const remove = (ctx: RequestContext, params: P, ref: PrincipalReference): undefined | Failure => {
    const grant = requireGrant(ctx, params, ref);
    if (isFailure(grant)) return grant;
    deleteGrant(ctx.db, grant.contentId, grant.principal.id);
    return undefined;
  };

  const user = (userId: string): PrincipalReference => ({ kind: 'user', reference: userId, field: 'params.userId' });
  const team = (teamId: string): PrincipalReference => ({ kind: 'team', reference: teamId, field: 'params.teamId' });

  return {
    invite(ctx: RequestContext, { params, body }: { params: P; body: z.output<typeof InviteUsersAndTeams> }) {
      const access = target.require(ctx, params, 'manage');
      if (isFailure(access)) return access;
      const principals = resolveInvitees(ctx.db, access.row.organization_id, body);
      if (isFailure(principals)) return principals;
      for (const principal of principals) write(ctx, access.row.id, principal, body.role);
      return undefined;
    },

    listUsers(ctx: RequestContext, { params, query }: { params: P; query: ListRequest }) {
      const access = target.require(ctx, params, 'list');
      if (isFailure(access)) return access;
      const page = paginate<UserGrantRow>(ctx.db, userGrantsOn(access.row.id), query);
      if (isFailure(page)) return page;
      return { ...page, items: page.items.map((row) => toUserPermission(ctx, row)) };
    },

    listTeams(ctx: RequestContext, { params, query }: { params: P; query: ListRequest }) {
      const access = target.require(ctx, params, 'list');
      if (isFailure(access)) return access;
      const page = paginate<TeamGrantRow>(ctx.db, teamGrantsOn(access.row.id, ctx.actor.id), query);
      if (isFailure(page)) return page;
      const callerRole = activeRole(access.membership);
      return { ...page, items: page.items.map((row) => toTeamPermission(row, callerRole)) };
    },

    listAggregate(ctx: RequestContext, { params, query }: { params: P; query: ListRequest & { role?: Role } }) {
      const access = target.require(ctx, params, 'list');
      if (isFailure(access)) return access;
      return accessPage(ctx, access.row, query);
    },

    updateUser: (ctx: RequestContext, { params, body }: { params: P & { userId: string }; body: { role?: RoleOrGuest } }) =>
      update(ctx, params, user(params.userId), body.role),
    removeUser: (ctx: RequestContext, { params }: { params: P & { userId: string } }) => remove(ctx, params, user(params.userId)),
    updateTeam: (ctx: RequestContext, { params, body }: { params: P & { teamId: string }; body: { role?: RoleOrGuest } }) =>
      update(ctx, params, team(params.teamId), body.role),
    removeTeam: (ctx: RequestContext, { params }: { params: P & { teamId: string } }) => remove(ctx, params, team(params.teamId)),
  };
}
