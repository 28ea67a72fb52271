import type { Database } from '../../core/db/database.js';

/**
 * Whether main has live edits not yet cut into a revision: main has moved past `Space.revision`
 * (the sessions yjs/live-edits.ts keeps, read by merge rules below the services that write them).
 */
export function hasPendingEdits(db: Database, spaceId: string): boolean {
  return db.get('SELECT 1 FROM live_edit_sessions WHERE space_id = ?', spaceId) !== undefined;
}
