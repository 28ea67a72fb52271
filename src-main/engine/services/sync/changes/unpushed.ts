import type { Database } from '../../../core/db/database.js';
import { readChangeCursors } from '../change-cursors.js';

/**
 * Entries of this engine's change log the hub at `url` has not acknowledged: those past the
 * pushed cursor (a replica pushes its whole log). Before the first connection to that hub every
 * entry waits; changes pulled from the hub count only when they were logged behind the replica's own
 * (`skipEchoes`).
 */
export function unpushedChanges(db: Database, url: string): number {
  const pushed = readChangeCursors(db, url)?.pushed ?? '';
  const after = pushed === '' ? 0 : Number(pushed);
  return db.get<{ n: number }>('SELECT count(*) AS n FROM change_log WHERE seq > ?', after)!.n;
}
