import type { Database } from '../../../core/db/database.js';
import type { ChangeCapture } from './capture.js';
import { capturing } from './capture-scope.js';
import { fieldClock, updateRow } from './rows.js';
import { tableSpec } from './tables.js';

const changeRequests = tableSpec('change_requests')!;

/**
 * Two replicas may number a change request of one space alike while apart. The rule: of two
 * change requests holding one number, the one created later (the greater stamp of its insert)
 * takes the next free number of the space. Every replica applies it whatever the order changes
 * arrive in, and the move is logged under a fresh stamp, so all settle on the same numbers.
 *
 * Returns the number the arriving change request gets; when it keeps `number`, the other one
 * has been moved (or there was no clash).
 */
export function settleNumber(db: Database, capture: ChangeCapture, arriving: { id: string; spaceId: string; number: number; created: string }): number {
  const holder = db.get<{ id: string }>(
    'SELECT id FROM change_requests WHERE space_id = ? AND number = ? AND id <> ?',
    arriving.spaceId,
    arriving.number,
    arriving.id,
  );
  if (!holder) return arriving.number;
  const next = nextFreeNumber(db, arriving.spaceId);
  const holderCreated = fieldClock(db, 'change_requests', JSON.stringify([holder.id]), '*') ?? '';
  if (arriving.created > holderCreated) return next;
  capturing(capture, {}, () => updateRow(db, changeRequests, [holder.id], { number: next }));
  return arriving.number;
}

function nextFreeNumber(db: Database, spaceId: string): number {
  return db.get<{ next: number }>('SELECT coalesce(max(number), 0) + 1 AS next FROM change_requests WHERE space_id = ?', spaceId)!.next;
}
