import type { Database } from '../../core/db/database.js';

/** This device's own facts (migration 023): never replicated. */
export interface Device {
  /** The data dir's owner: whose token is `DIR/token`, who sets the hub; the hub user once adopted. */
  ownerId: string;
  /** What first start made, while it exists: the starter organization and its welcome space. */
  starter: { organizationId: string; spaceId: string | null; revision: string | null } | undefined;
  /** Whether the owner has named themselves and the starter organization (first-start screen, or `serve --name`). */
  named: boolean;
}

interface DeviceRow {
  owner_id: string;
  starter_organization_id: string | null;
  starter_space_id: string | null;
  starter_revision: string | null;
  named: number;
}

export function readDevice(db: Database): Device | undefined {
  const row = db.get<DeviceRow>('SELECT * FROM device WHERE id = 1');
  if (!row) return undefined;
  const starter = row.starter_organization_id
    ? { organizationId: row.starter_organization_id, spaceId: row.starter_space_id, revision: row.starter_revision }
    : undefined;
  return { ownerId: row.owner_id, starter, named: row.named === 1 };
}

/**
 * The data dir's owner. Without a device row (users made with the CLI before any first start, so
 * that first start never ran), the first of them, as before migration 023.
 */
export function deviceOwnerId(db: Database): string | undefined {
  return readDevice(db)?.ownerId ?? db.get<{ id: string }>('SELECT id FROM users ORDER BY rowid LIMIT 1')?.id;
}

export function recordFirstStart(
  db: Database,
  input: { ownerId: string; organizationId: string; spaceId: string | null; revision: string | null; named: boolean },
): void {
  db.run(
    `INSERT OR REPLACE INTO device (id, owner_id, starter_organization_id, starter_space_id, starter_revision, named)
     VALUES (1, ?, ?, ?, ?, ?)`,
    input.ownerId,
    input.organizationId,
    input.spaceId,
    input.revision,
    input.named ? 1 : 0,
  );
}

/** Adoption made the owner another user (the hub's); a data dir without a device row gets one. */
export function setDeviceOwner(db: Database, userId: string): void {
  db.run('INSERT INTO device (id, owner_id) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET owner_id = excluded.owner_id', userId);
}

export function markNamed(db: Database): void {
  db.run('UPDATE device SET named = 1 WHERE id = 1');
}

/** The starter organization went (removed as empty once a hub's arrived): nothing left to name or check. */
export function forgetStarter(db: Database): void {
  db.run('UPDATE device SET starter_organization_id = NULL, starter_space_id = NULL, starter_revision = NULL WHERE id = 1');
}
