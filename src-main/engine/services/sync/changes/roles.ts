import type { Role } from '../../../../../src-shared/contract/common.js';
import { contentRole } from '../../../domain/access/content-role.js';
import type { LevelRow } from '../../../domain/access/content-path.js';
import { activeRole, findMembership } from '../../../domain/access/membership.js';
import type { Database } from '../../../core/db/database.js';

type ContentTable = 'spaces' | 'collections';

/**
 * A user's roles as this engine's own data says, for judging changes: the organization role
 * (undefined: not an active member; null: a guest) and the role on a space or collection.
 */
export class RolesOf {
  constructor(
    private readonly db: Database,
    readonly userId: string,
  ) {}

  inOrganization(organizationId: string | null | undefined): Role | null | undefined {
    if (!organizationId) return undefined;
    return activeRole(findMembership(this.db, organizationId, this.userId));
  }

  onContent(table: ContentTable, id: string | null | undefined): Role | undefined {
    if (!id) return undefined;
    const row = this.db.get<LevelRow & { organization_id: string }>(
      `SELECT id, organization_id, parent_id, default_level FROM ${table} WHERE id = ?`,
      id,
    );
    if (!row) return undefined;
    return contentRole(this.db, row, findMembership(this.db, row.organization_id, this.userId));
  }

  organizationOf(table: ContentTable | 'teams', id: string | null | undefined): string | undefined {
    if (!id) return undefined;
    return this.db.get<{ organization_id: string }>(`SELECT organization_id FROM ${table} WHERE id = ?`, id)?.organization_id;
  }
}
