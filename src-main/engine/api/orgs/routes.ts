import type { orgs } from '../../../../src-shared/contract/orgs.js';
import { roleRank } from '../../../../src-shared/roles.js';
import { findMembership } from '../../domain/access/membership.js';
import { paginate } from '../../core/pagination.js';
import { viewablePage } from '../../domain/content-tree/access.js';
import { can as spaceCan } from '../../domain/spaces/rules.js';
import { toSpace } from '../../domain/spaces/serialize.js';
import { spacesOfOrganization } from '../../domain/spaces/sql.js';
import { badRequest, conflict, isFailure, notFound, preconditionFailed, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { can, requireOrganization } from '../../domain/orgs/rules.js';
import { organizationRules, toOrganization } from '../../domain/orgs/serialize.js';
import {
  deleteInviteLink, findOrganization, findOrganizationByHostname, insertInviteLink, insertMember, insertOrganization,
  inviteLinksOf, organizationsOfUser, updateOrganization, type InviteLinkRow, type OrganizationRow,
} from '../../domain/orgs/sql.js';

const EMPTY_DOCUMENT = { object: 'document' as const, data: {}, nodes: [] };

export const orgsHandlers: Handlers<typeof orgs> = {
  listOrganizationsForAuthenticatedUser(ctx, { query }) {
    const page = paginate<OrganizationRow>(ctx.db, organizationsOfUser(ctx.actor.id), query);
    if (isFailure(page)) return page;
    return {
      ...page,
      items: page.items.map((row) => toOrganization(ctx, row, findMembership(ctx.db, row.id, ctx.actor.id)?.role)),
    };
  },

  createOrganization(ctx, { body }) {
    const id = insertOrganization(ctx.db, { title: body.title, ownerId: ctx.actor.id, now: ctx.now, emailDomains: body.emailDomains });
    return toOrganization(ctx, findOrganization(ctx.db, id)!, 'admin');
  },

  getOrganizationById(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    return toOrganization(ctx, access.organization, access.role);
  },

  updateOrganizationById(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    const columns: Record<string, unknown> = {};
    if (body.title !== undefined) columns.title = body.title;
    if (body.emailDomains !== undefined) columns.email_domains = JSON.stringify(normalizeDomains(body.emailDomains));
    if (body.hostname !== undefined) {
      const holder = findOrganizationByHostname(ctx.db, body.hostname);
      if (holder && holder.id !== params.organizationId) return conflict('body.hostname: already used by another organization');
      columns.hostname = body.hostname;
    }
    if (body.defaultRole !== undefined) Object.assign(columns, { default_role: body.defaultRole, has_default_role: 1 });
    if (body.defaultContent !== undefined) {
      // Sites arrive with the sites area; until one exists, no site can be the default content.
      if (body.defaultContent !== null) return badRequest('body.defaultContent: Invalid default content site provided');
      columns.default_content = null;
    }
    if (body.logo !== undefined) columns.logo = body.logo;
    if (body.sso !== undefined) columns.sso = body.sso ? 1 : 0;
    if (body.ai !== undefined) columns.ai = body.ai ? 1 : 0;
    if (body.inviteLinks !== undefined) columns.invite_links = body.inviteLinks ? 1 : 0;
    if (body.mergeRules !== undefined) {
      const unknownUser = unknownReviewer(ctx, params.organizationId, body.mergeRules);
      if (unknownUser) return badRequest(`body.mergeRules: ${unknownUser} is not a member of the organization`);
      columns.merge_rules = JSON.stringify(organizationRules(body.mergeRules));
    }
    updateOrganization(ctx.db, params.organizationId, columns);
    return toOrganization(ctx, findOrganization(ctx.db, params.organizationId)!, access.role);
  },

  listOrganizationInviteLinks(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    const page = paginate<InviteLinkRow>(ctx.db, inviteLinksOf(params.organizationId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toInviteLink(row, access.role)) };
  },

  createOrganizationInvite(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    if (access.organization.invite_links !== 1) return preconditionFailed('Invite links are disabled for this organization');
    return toInviteLink(insertInviteLink(ctx.db, params.organizationId, body.role, ctx.now), access.role);
  },

  deleteOrganizationInviteById(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    if (!deleteInviteLink(ctx.db, params.organizationId, params.inviteId)) return notFound('No matching invite link found for given id');
    return undefined;
  },

  joinOrganization(ctx, { params }) {
    const organization = findOrganization(ctx.db, params.organizationId);
    if (!organization) return notFound('No matching organization found for given id');
    if (findMembership(ctx.db, organization.id, ctx.actor.id)) return undefined;
    const domain = ctx.actor.email.split('@')[1]?.toLowerCase();
    const allowed = JSON.parse(organization.email_domains) as string[];
    if (!domain || !allowed.includes(domain)) return badRequest("User's email domain is not valid");
    const role = organization.has_default_role === 1 ? organization.default_role : 'read';
    insertMember(ctx.db, { organizationId: organization.id, userId: ctx.actor.id, role, now: ctx.now });
    return undefined;
  },

  getOrganizationAgentInstructions(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    return toAgentInstructions(ctx, access.organization);
  },

  updateOrganizationAgentInstructions(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    updateOrganization(ctx.db, params.organizationId, {
      agent_instructions: JSON.stringify(body.instructions),
      agent_updated_at: ctx.now,
      agent_updated_by: ctx.actor.id,
    });
    return toAgentInstructions(ctx, findOrganization(ctx.db, params.organizationId)!);
  },

  listSpacesInOrganizationById(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    return viewablePage(ctx, spacesOfOrganization(params.organizationId), query, access.membership, spaceCan.view, toSpace);
  },
};

function normalizeDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase()))];
}

function unknownReviewer(ctx: RequestContext, organizationId: string, rules: { type: string; rules?: unknown[] }): string | undefined {
  for (const rule of (rules.rules ?? []) as { users?: string[] }[]) {
    for (const userId of rule.users ?? []) {
      if (!findMembership(ctx.db, organizationId, userId)) return userId;
    }
  }
  return undefined;
}

function toInviteLink(row: InviteLinkRow, callerRole: Parameters<typeof roleRank>[0]) {
  return { object: 'invite' as const, id: row.id, role: row.role, redundant: roleRank(callerRole) >= roleRank(row.role) };
}

function toAgentInstructions(ctx: RequestContext, row: OrganizationRow) {
  return {
    object: 'agent-instructions' as const,
    instructions: row.agent_instructions ? JSON.parse(row.agent_instructions) : EMPTY_DOCUMENT,
    updatedAt: row.agent_updated_at ?? row.created_at,
    updatedBy: row.agent_updated_by ?? row.created_by ?? '',
    urls: { location: ctx.urls.api(`/orgs/${row.id}/agent-instructions`) },
  };
}
