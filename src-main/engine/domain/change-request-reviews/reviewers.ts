import { contentRole } from '../access/content-role.js';
import { activeRole, findMembership } from '../access/membership.js';
import type { Database } from '../../core/db/database.js';
import type { ChangeRequestRow } from '../change-requests/sql.js';
import { can } from '../spaces/rules.js';
import type { SpaceRow } from '../spaces/sql.js';
import { teamOrganization } from '../teams/sql.js';

/** Whether `userId` may review the space: an active member whose role on it is review or better. */
export function mayReview(db: Database, space: SpaceRow, userId: string): boolean {
  const membership = findMembership(db, space.organization_id, userId);
  return activeRole(membership) !== undefined && can.review(contentRole(db, space, membership));
}

/** Why `userId` cannot be asked to review the change request, or undefined when they can. */
export function reviewerRefusal(db: Database, space: SpaceRow, changeRequest: ChangeRequestRow, userId: string): string | undefined {
  if (userId === changeRequest.created_by) return "the change request's author cannot be asked to review it";
  if (!findMembership(db, space.organization_id, userId)) return `no member ${userId} in the space's organization`;
  return mayReview(db, space, userId) ? undefined : `user ${userId} cannot review this space (the review role is needed)`;
}

/** Why the team cannot be asked to review a change request of the space, or undefined when it can. */
export function teamRefusal(db: Database, space: SpaceRow, teamId: string): string | undefined {
  return teamOrganization(db, teamId) === space.organization_id ? undefined : `no team ${teamId} in the space's organization`;
}
