import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { collectUnreachableBlobs } from '../content/blob-gc.js';
import { spaceDocPrefix } from '../../../../src-shared/sync/doc-names.js';

/** A deleted space stays in the trash, readable and restorable, for this long; then it is gone. */
export const TRASH_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Spaces deleted at or before this instant are past the window (ISO strings compare in time order). */
export function trashCutoff(now: string): string {
  return new Date(Date.parse(now) - TRASH_RETENTION_MS).toISOString();
}

/**
 * Physically removes the spaces whose time in the trash is over, with their Yjs docs, and then
 * the file bytes only they reached. Reads already treat them as gone; this reclaims the rows.
 * Returns how many were removed.
 */
export function purgeExpiredSpaces(db: Database, docs: DocStore, now: string): number {
  return db.transaction(() => {
    const expired = db.all<{ id: string }>('SELECT id FROM spaces WHERE deleted_at <= ?', trashCutoff(now));
    if (expired.length === 0) return 0;
    for (const { id } of expired) docs.removeUnder(spaceDocPrefix(id));
    const removed = db.run('DELETE FROM spaces WHERE deleted_at <= ?', trashCutoff(now)).changes;
    collectUnreachableBlobs(db);
    return removed;
  });
}

/** Sends the spaces of these collections to the trash, from where they are restored at the root. */
export function trashSpacesIn(db: Database, collectionIds: string[], now: string): void {
  db.run(
    `UPDATE spaces SET deleted_at = COALESCE(deleted_at, ?), parent_id = NULL
     WHERE parent_id IN (SELECT value FROM json_each(?))`,
    now,
    JSON.stringify(collectionIds),
  );
}

export function holdsSpaceInTrash(db: Database, collectionIds: string[], now: string): boolean {
  return !!db.get(
    'SELECT 1 FROM spaces WHERE parent_id IN (SELECT value FROM json_each(?)) AND deleted_at > ? LIMIT 1',
    JSON.stringify(collectionIds),
    trashCutoff(now),
  );
}
