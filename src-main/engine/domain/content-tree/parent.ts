import { contentRole } from '../access/content-role.js';
import { activeRole, type Membership } from '../access/membership.js';
import type { Database } from '../../core/db/database.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';
import { can as collectionCan } from '../collections/rules.js';
import { findCollection, type CollectionRow } from '../collections/sql.js';
import { can as orgCan } from '../orgs/rules.js';

/**
 * Resolves a `parent` given in a body: no id is the organization's root (undefined); an id must
 * name a collection of that same organization.
 */
export function resolveParent(
  db: Database,
  organizationId: string,
  parentId: string | null | undefined,
): CollectionRow | undefined | Failure {
  if (parentId === null || parentId === undefined) return undefined;
  const parent = findCollection(db, parentId);
  if (!parent || parent.organization_id !== organizationId) {
    return badRequest('body.parent: No matching collection found in the organization');
  }
  return parent;
}

/** Creating in a collection takes `create` on it; at the root, `create` in the organization. */
export function canCreateIn(
  db: Database,
  membership: Membership | undefined,
  parent: CollectionRow | undefined,
): boolean {
  if (!parent) return orgCan.createContent(activeRole(membership));
  return collectionCan.create(contentRole(db, parent, membership));
}
