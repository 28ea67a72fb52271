import type { z } from 'zod';
import type { OrganizationMergeRules, OrganizationMergeRulesInput, Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { orgs } from '../../../../src-shared/contract/orgs.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { organizationPermissions } from './rules.js';
import type { OrganizationRow } from './sql.js';

type Organization = OperationOutput<typeof orgs.getOrganizationById>;

/** Rules as an organization keeps and answers them: `inherit` and `none` (stored before) both mean no rule. */
export function organizationRules(given: OrganizationMergeRulesInput): z.infer<typeof OrganizationMergeRules> {
  return given.type === 'rules' ? given : { type: 'rules', rules: [] };
}

export function toOrganization(ctx: RequestContext, row: OrganizationRow, role: Role | null | undefined): Organization {
  const organization: Organization = {
    object: 'organization',
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    emailDomains: JSON.parse(row.email_domains) as string[],
    type: row.type,
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.invite_links === 1,
    plan: row.plan as Organization['plan'],
    mergeRules: organizationRules(JSON.parse(row.merge_rules)),
    urls: { location: ctx.urls.api(`/orgs/${row.id}`), app: ctx.urls.app(`/orgs/${row.id}`) },
    trial: { status: 'notapplicable', count: 0 },
    permissions: organizationPermissions(role),
  };
  if (row.hostname !== null) organization.hostname = row.hostname;
  if (row.use_case !== null) organization.useCase = row.use_case as Organization['useCase'];
  if (row.has_default_role === 1) organization.defaultRole = row.default_role;
  if (row.default_content !== null) organization.defaultContent = JSON.parse(row.default_content);
  if (row.logo !== null) organization.urls.logo = row.logo;
  return organization;
}
