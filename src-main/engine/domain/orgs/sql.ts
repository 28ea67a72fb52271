import type { Role } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';

export interface OrganizationRow {
  id: string;
  title: string;
  created_at: string;
  created_by: string | null;
  email_domains: string;
  hostname: string | null;
  type: 'business' | 'community';
  use_case: string | null;
  default_role: Role | null;
  has_default_role: number;
  default_content: string | null;
  sso: number;
  ai: number;
  invite_links: number;
  plan: string;
  merge_rules: string;
  logo: string | null;
  agent_instructions: string | null;
  agent_updated_at: string | null;
  agent_updated_by: string | null;
}

export function findOrganization(db: Database, id: string): OrganizationRow | undefined {
  return db.get<OrganizationRow>('SELECT * FROM organizations WHERE id = ?', id);
}

export function findOrganizationByHostname(db: Database, hostname: string): OrganizationRow | undefined {
  return db.get<OrganizationRow>('SELECT * FROM organizations WHERE hostname = ?', hostname);
}

/** Creates an organization with `ownerId` as its first admin. */
export function insertOrganization(
  db: Database,
  input: { title: string; ownerId: string; now: string; emailDomains?: string[] },
): string {
  const id = newId();
  db.run(
    'INSERT INTO organizations (id, title, created_at, created_by, email_domains) VALUES (?, ?, ?, ?, ?)',
    id,
    input.title,
    input.now,
    input.ownerId,
    JSON.stringify(input.emailDomains ?? []),
  );
  insertMember(db, { organizationId: id, userId: input.ownerId, role: 'admin', now: input.now });
  return id;
}

export function insertMember(
  db: Database,
  input: { organizationId: string; userId: string; role: Role | null; now: string },
): void {
  db.run(
    'INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)',
    input.organizationId,
    input.userId,
    input.role,
    input.now,
  );
}

/** Sets the given columns; column names come from our own code, never from input. */
export function updateOrganization(db: Database, id: string, columns: Record<string, unknown>): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  db.run(`UPDATE organizations SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`, ...Object.values(columns), id);
}

export const organizationsOfUser = (userId: string) => ({
  select: 'o.*',
  from: 'organizations o JOIN members m ON m.organization_id = o.id',
  where: 'm.user_id = ?',
  params: [userId],
  order: [
    { expr: 'o.created_at', column: 'created_at', desc: false },
    { expr: 'o.id', column: 'id', desc: false },
  ],
});

export interface InviteLinkRow {
  id: string;
  organization_id: string;
  role: Role | null;
  created_at: string;
}

export const inviteLinksOf = (organizationId: string) => ({
  select: '*',
  from: 'invite_links',
  where: 'organization_id = ?',
  params: [organizationId],
  order: [
    { expr: 'created_at', column: 'created_at', desc: false },
    { expr: 'id', column: 'id', desc: false },
  ],
});

export function insertInviteLink(db: Database, organizationId: string, role: Role | null, now: string): InviteLinkRow {
  const row = { id: newId(), organization_id: organizationId, role, created_at: now };
  db.run('INSERT INTO invite_links (id, organization_id, role, created_at) VALUES (?, ?, ?, ?)', row.id, organizationId, role, now);
  return row;
}

export function deleteInviteLink(db: Database, organizationId: string, inviteId: string): boolean {
  return db.run('DELETE FROM invite_links WHERE id = ? AND organization_id = ?', inviteId, organizationId).changes > 0;
}
