import type { z } from 'zod';
import type { MergeRule, SpaceMergeRules } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { hasPendingEdits } from '../revisions/pending-edits.js';
import { currentReviews, type ReviewRow } from '../change-request-reviews/sql.js';
import { findOrganization } from '../orgs/sql.js';
import { findUser } from '../users/sql.js';
import type { SpaceRow } from '../spaces/sql.js';
import { isOutdated } from './rules.js';
import type { ChangeRequestRow } from './sql.js';

type Rule = z.infer<typeof MergeRule>;

/** The rules a merge into the space obeys: its own, or its organization's when it inherits. */
export function effectiveRules(ctx: Pick<RequestContext, 'db'>, space: SpaceRow): Rule[] {
  let rules = JSON.parse(space.merge_rules) as z.infer<typeof SpaceMergeRules>;
  if (rules.type === 'inherit') rules = JSON.parse(findOrganization(ctx.db, space.organization_id)!.merge_rules) as typeof rules;
  return rules.type === 'rules' ? rules.rules : [];
}

const REVIEW_RULES = new Set<Rule['rule']>([
  'require_specific_reviewers', 'require_one_of_specific_reviewers', 'require_at_least_one_review', 'require_all_reviews_approved',
]);

/** Whether the rules wait for someone's review: then the change request's author may not give it. */
export function requiresReviews(rules: readonly Rule[]): boolean {
  return rules.some((rule) => REVIEW_RULES.has(rule.rule));
}

/**
 * The first rule that refuses a merge by `userId`, named with why, or undefined when they allow
 * it; `allow_bypass` lets its users through every rule. Reviews count while they are current:
 * a reviewer's latest review, made on the change request's revision as it is (a review of an
 * earlier revision is outdated and counts for nothing). A hub judging a replica's merge leaves
 * out `require_up_to_date_change_request` (`freshness: false`): whether the change request was up
 * to date is a fact of the replica's main at the time, which the replica checked.
 */
export function unmetMergeRule(db: Database, space: SpaceRow, changeRequest: ChangeRequestRow, userId: string, freshness = true): string | undefined {
  const rules = effectiveRules({ db }, space);
  if (rules.some((rule) => rule.rule === 'allow_bypass' && rule.users.includes(userId))) return undefined;
  const reviews = currentReviews(db, changeRequest.id).filter((review) => review.outdated === 0);
  for (const rule of rules) {
    if (rule.rule === 'require_up_to_date_change_request' && !freshness) continue;
    const unmet = check(db, rule, changeRequest, reviews);
    if (unmet) return `${rule.rule}: ${unmet}`;
  }
  return undefined;
}

function check(db: Database, rule: Rule, changeRequest: ChangeRequestRow, reviews: ReviewRow[]): string | undefined {
  const approvedBy = new Set(reviews.filter((review) => review.status === 'approved').map((review) => review.reviewer_id));
  const names = (users: readonly string[]) => users.map((user) => findUser(db, user)?.display_name ?? user).join(', ');
  switch (rule.rule) {
    case 'allow_bypass':
      return undefined;
    case 'require_specific_reviewers': {
      const missing = rule.users.filter((user) => !approvedBy.has(user));
      return missing.length === 0 ? undefined : `waiting for the approval of ${names(missing)}`;
    }
    case 'require_one_of_specific_reviewers':
      return rule.users.some((user) => approvedBy.has(user)) ? undefined : `waiting for the approval of one of ${names(rule.users)}`;
    case 'require_at_least_one_review':
      return reviews.length > 0 ? undefined : 'the change request needs a review of its current revision';
    case 'require_all_reviews_approved': {
      const requesting = reviews.filter((review) => review.status === 'changes-requested').map((review) => review.reviewer_id);
      return requesting.length === 0 ? undefined : `changes were requested by ${names(requesting)}`;
    }
    case 'require_agent_review':
      return 'Folio has no review agent';
    case 'require_up_to_date_change_request':
      return isOutdated(changeRequest) || hasPendingEdits(db, changeRequest.space_id) ? 'the change request must be up to date with main: update it first' : undefined;
    case 'require_change_request_subject':
      return changeRequest.subject.trim() === '' ? 'the change request needs a subject' : undefined;
    case 'require_change_request_description':
      return changeRequest.description === null ? 'the change request needs a description' : undefined;
    case 'custom':
      return `${rule.message ?? 'a custom rule'} (custom rules are not evaluated yet)`;
  }
}
