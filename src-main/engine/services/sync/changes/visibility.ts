import { can as collectionCan } from '../../../domain/collections/rules.js';
import { can as orgCan } from '../../../domain/orgs/rules.js';
import { can as spaceCan } from '../../../domain/spaces/rules.js';
import type { Database } from '../../../core/db/database.js';
import { RolesOf } from './roles.js';

/** A logged change as visibility sees it. */
export interface ScopedChange {
  tbl: string;
  row_key: string;
  audience: string | null;
  organization_id: string | null;
  space_id: string | null;
}

/** Organization rows only admins read (invite links, SSO settings). */
const ADMIN_ONLY = new Set(['invite_links', 'saml_providers']);
/** Who is in the organization and its teams: what members (not guests) may list. */
const PEOPLE = new Set(['members', 'teams', 'team_members']);

/**
 * Which changes a user may receive: those of organizations they are an active member of, and
 * of those only what the API would show them (spaces and collections they can read; people
 * unless a guest; invite links and SSO settings to admins), judged by the data as it stands.
 * A compensating change goes to the one user it answers; a user's own membership always
 * reaches them, so that they learn they were removed.
 */
export class Visibility {
  private readonly roles: RolesOf;
  private readonly colleagues = new Map<string, boolean>();
  // Judged once per organization and per space or collection: one answer reads a few thousand
  // changes of a few hundred rows, inside one read transaction, so the data cannot move meanwhile.
  private readonly organizationRoles = new Map<string, ReturnType<RolesOf['inOrganization']>>();
  private readonly contentSeen = new Map<string, boolean>();

  constructor(
    private readonly db: Database,
    private readonly userId: string,
  ) {
    this.roles = new RolesOf(db, userId);
  }

  sees(change: ScopedChange): boolean {
    if (change.audience !== null) return change.audience === this.userId;
    const key = JSON.parse(change.row_key) as string[];
    if (change.tbl === 'users') return this.sharesOrganization(key[0]!);
    if (change.tbl === 'members' && key[1] === this.userId) return true;
    const orgRole = this.organizationRole(change.organization_id);
    if (!orgCan.view(orgRole)) return false;
    if (ADMIN_ONLY.has(change.tbl)) return orgCan.admin(orgRole);
    if (PEOPLE.has(change.tbl)) return orgCan.listMembers(orgRole);
    if (change.tbl === 'collections') return this.seesContent('collections', key[0]!);
    if (change.space_id !== null) return this.seesContent('spaces', change.space_id);
    return true;
  }

  private organizationRole(organizationId: string | null): ReturnType<RolesOf['inOrganization']> {
    if (organizationId === null) return undefined;
    if (!this.organizationRoles.has(organizationId)) this.organizationRoles.set(organizationId, this.roles.inOrganization(organizationId));
    return this.organizationRoles.get(organizationId);
  }

  /** Content gone from this engine (its tombstone) reaches every member of its organization. */
  private seesContent(table: 'spaces' | 'collections', id: string): boolean {
    const key = `${table}/${id}`;
    let seen = this.contentSeen.get(key);
    if (seen === undefined) {
      const gone = !this.db.get(`SELECT 1 FROM ${table} WHERE id = ?`, id);
      const role = gone ? undefined : this.roles.onContent(table, id);
      seen = gone || (table === 'spaces' ? spaceCan.view(role) : collectionCan.view(role));
      this.contentSeen.set(key, seen);
    }
    return seen;
  }

  private sharesOrganization(userId: string): boolean {
    if (userId === this.userId) return true;
    let shares = this.colleagues.get(userId);
    if (shares === undefined) {
      shares = !!this.db.get(
        `SELECT 1 FROM members mine JOIN members theirs ON theirs.organization_id = mine.organization_id
         WHERE mine.user_id = ? AND mine.disabled = 0 AND theirs.user_id = ?`,
        this.userId,
        userId,
      );
      this.colleagues.set(userId, shares);
    }
    return shares;
  }
}
