import type { Database } from '../../../core/db/database.js';
import type { ChangeCapture } from './capture.js';

/**
 * Logs the changes of the transaction in progress as `actorId`'s: the pipeline calls this for
 * every write request. The clock first catches up with stamps other connections logged.
 */
export function logChangesAs(db: Database, capture: ChangeCapture, actorId: string): void {
  const latest = db.get<{ hlc: string | null }>('SELECT max(hlc) AS hlc FROM change_log')!.hlc;
  if (latest !== null) capture.observe(latest);
  capture.actor = actorId;
  db.onTransactionEnd(() => {
    capture.actor = null;
  });
}
