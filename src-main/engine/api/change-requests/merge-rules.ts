import type { z } from 'zod';
import type { MergeRule, SpaceMergeRules } from '../../../../src-shared/contract/common.js';
import type { RequestContext } from '../../pipeline/context.js';
import { findOrganization } from '../orgs/sql.js';
import type { SpaceRow } from '../spaces/sql.js';
import { hasPendingEdits } from '../../yjs/live-edits.js';
import { isOutdated } from './rules.js';
import type { ChangeRequestRow } from './sql.js';

type Rule = z.infer<typeof MergeRule>;

/**
 * Why the space's merge rules (its organization's when it inherits) refuse this merge, or
 * undefined when they allow it. Folio has no reviews yet, so a rule asking for one is never met,
 * and a custom expression, which nothing evaluates yet, neither; `allow_bypass` lets its users through.
 */
export function unmetMergeRule(ctx: RequestContext, space: SpaceRow, changeRequest: ChangeRequestRow): string | undefined {
  const rules = effectiveRules(ctx, space);
  if (rules.some((rule) => rule.rule === 'allow_bypass' && rule.users.includes(ctx.actor.id))) return undefined;
  for (const rule of rules) {
    const unmet = check(ctx, rule, changeRequest);
    if (unmet) return unmet;
  }
  return undefined;
}

function effectiveRules(ctx: RequestContext, space: SpaceRow): Rule[] {
  let rules = JSON.parse(space.merge_rules) as z.infer<typeof SpaceMergeRules>;
  if (rules.type === 'inherit') rules = JSON.parse(findOrganization(ctx.db, space.organization_id)!.merge_rules) as typeof rules;
  return rules.type === 'rules' ? rules.rules : [];
}

function check(ctx: RequestContext, rule: Rule, changeRequest: ChangeRequestRow): string | undefined {
  switch (rule.rule) {
    case 'allow_bypass':
    case 'require_all_reviews_approved':
      // No review exists, so none is left unapproved.
      return undefined;
    case 'require_up_to_date_change_request':
      return isOutdated(changeRequest) || hasPendingEdits(ctx.db, changeRequest.space_id)
        ? 'the change request must be up to date with main: update it first'
        : undefined;
    case 'require_change_request_subject':
      return changeRequest.subject.trim() === '' ? 'the change request needs a subject' : undefined;
    case 'require_change_request_description':
      return changeRequest.description === null ? 'the change request needs a description' : undefined;
    case 'custom':
      return `${rule.message ?? 'a custom rule'} (custom rules are not evaluated yet)`;
    default:
      return `${rule.rule}: change requests have no reviews yet`;
  }
}
