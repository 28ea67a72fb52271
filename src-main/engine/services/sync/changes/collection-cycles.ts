import type { Database } from '../../../core/db/database.js';
import type { ChangeCapture } from './capture.js';
import { capturing } from './capture-scope.js';
import { fieldClock, updateRow } from './rows.js';
import { tableSpec } from './tables.js';

const collections = tableSpec('collections')!;

/**
 * Two replicas may each move one collection into the other while apart; together the moves
 * would make a cycle. The rule: of the moves that close the cycle, the latest (the greatest
 * stamp of a `parent_id`) loses, and that collection goes to the organization's root. Every
 * replica finds the same latest move, so all settle on the same tree.
 *
 * Returns whether the arriving move (of `moved` into `parentId`, stamped `stamp`) may stand;
 * when it is the latest, it does not, and the caller puts `moved` at the root instead.
 */
export function settleMove(db: Database, capture: ChangeCapture, moved: string, parentId: string, stamp: string): boolean {
  if (parentId === moved) return false;
  const chain = ancestorsUntil(db, parentId, moved);
  const closes = chain.length > 0 && chain[chain.length - 1]!.parent_id === moved;
  if (!closes) return true;
  const clocked = chain.map((step) => ({ id: step.id, clock: fieldClock(db, 'collections', JSON.stringify([step.id]), 'parent_id') ?? '' }));
  const latest = clocked.reduce((a, b) => (b.clock > a.clock ? b : a));
  if (stamp > latest.clock) return false;
  capturing(capture, {}, () => updateRow(db, collections, [latest.id], { parent_id: null }));
  return true;
}

/** `start` and the collections above it, up to the one whose parent is `stop` (or the root). */
function ancestorsUntil(db: Database, start: string, stop: string): { id: string; parent_id: string | null }[] {
  return db.all(
    `WITH RECURSIVE up(id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM collections WHERE id = @start
       UNION ALL
       SELECT c.id, c.parent_id, up.depth + 1 FROM collections c JOIN up ON c.id = up.parent_id
       WHERE up.parent_id <> @stop AND up.depth < 1000
     ) SELECT id, parent_id FROM up ORDER BY depth`,
    { start, stop },
  );
}
