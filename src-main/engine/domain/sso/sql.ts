import type { Role } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';

export interface SAMLProviderRow {
  id: string;
  organization_id: string;
  label: string;
  entity_id: string;
  certificate: string;
  sso_url: string;
  default_team_id: string | null;
  default_role: Role | null;
  created_at: string;
}

/** Settable columns; their names come from our own code, never from input. */
export type SAMLProviderColumns = Partial<
  Pick<SAMLProviderRow, 'label' | 'entity_id' | 'certificate' | 'sso_url' | 'default_team_id' | 'default_role'>
>;

export function findProvider(db: Database, organizationId: string, id: string): SAMLProviderRow | undefined {
  return db.get<SAMLProviderRow>('SELECT * FROM saml_providers WHERE id = ? AND organization_id = ?', id, organizationId);
}

export const providersOf = (organizationId: string): KeysetQuery => ({
  select: '*',
  from: 'saml_providers',
  where: 'organization_id = ?',
  params: [organizationId],
  order: [
    { expr: 'created_at', column: 'created_at', desc: false },
    { expr: 'id', column: 'id', desc: false },
  ],
});

export function allProviders(db: Database, organizationId: string): SAMLProviderRow[] {
  return db.all<SAMLProviderRow>('SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY created_at, id', organizationId);
}

export function insertProvider(db: Database, organizationId: string, now: string, columns: SAMLProviderColumns): string {
  const id = newId();
  const row = { id, organization_id: organizationId, created_at: now, ...columns };
  const names = Object.keys(row);
  db.run(
    `INSERT INTO saml_providers (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    ...Object.values(row),
  );
  return id;
}

export function updateProvider(db: Database, id: string, columns: SAMLProviderColumns): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  db.run(`UPDATE saml_providers SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`, ...Object.values(columns), id);
}

export function deleteProvider(db: Database, organizationId: string, id: string): boolean {
  return db.run('DELETE FROM saml_providers WHERE id = ? AND organization_id = ?', id, organizationId).changes > 0;
}
