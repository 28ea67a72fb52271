import { encodeHlc } from '../../../../../src-shared/sync/hlc.js';
import type { Database } from '../../../core/db/database.js';
import { readChangeCursors } from '../change-cursors.js';
import { readUpstream } from '../sql.js';

/** How old (by its stamp) an entry must be before it may be folded: peers offline longer than this still converge, at worst with a full pull. */
export const COMPACT_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface Compaction {
  /** Update entries removed from the log, every field of theirs set again by a newer entry. */
  folded: number;
  /** Field clocks of rows deleted before the horizon. */
  clocks: number;
}

/**
 * Folds the change log and the field clocks (docs/sync.md, "Compaction"). An update entry
 * older than `COMPACT_AFTER_MS` goes when a newer entry of the same row, addressed to everyone
 * in the same scope, sets each of its fields again or deletes the row: whatever a peer's cursor,
 * it receives that newer entry, or has received it, whenever it would receive this one. A
 * replica folds only what its hub acknowledged. Field clocks of a row deleted before the horizon
 * go too (its existence clock stays): an edit of a row that is not there is dropped whatever its stamp.
 */
export function compactChangeLog(db: Database, nowMs: number): Compaction {
  // The smallest stamp of the horizon's millisecond: every stamp before it is older.
  const horizon = encodeHlc({ wall: Math.max(0, nowMs - COMPACT_AFTER_MS), counter: 0, node: '0' });
  return db.transaction(() => {
    const folded = db.run(FOLD, { horizon, acked: acknowledgedUpTo(db) }).changes;
    const clocks = db.run(FORGET_CLOCKS_OF_DELETED, { horizon }).changes;
    return { folded, clocks };
  });
}

/** The last log entry the hub acknowledged, or all of them on an engine that replicates with no hub. */
function acknowledgedUpTo(db: Database): number {
  const upstream = readUpstream(db);
  if (!upstream) return Number.MAX_SAFE_INTEGER;
  const pushed = readChangeCursors(db, upstream.url)?.pushed ?? '';
  return pushed === '' ? 0 : Number(pushed);
}

const FOLD = `
DELETE FROM change_log AS old
WHERE old.op = 'update' AND old.hlc < @horizon AND old.seq <= @acked
  AND NOT EXISTS (
    SELECT 1 FROM json_each(old.fields) AS field
    WHERE NOT EXISTS (
      SELECT 1 FROM change_log AS newer
      WHERE newer.tbl = old.tbl AND newer.row_key = old.row_key AND newer.hlc > old.hlc
        AND newer.audience IS NULL AND newer.organization_id IS old.organization_id AND newer.space_id IS old.space_id
        AND (newer.op = 'delete' OR EXISTS (SELECT 1 FROM json_each(newer.fields) AS again WHERE again.key = field.key))
    )
  )`;

const FORGET_CLOCKS_OF_DELETED = `
DELETE FROM field_clocks AS clock
WHERE clock.field <> '*'
  AND EXISTS (
    SELECT 1 FROM field_clocks AS existence
    JOIN change_log AS tombstone ON tombstone.tbl = existence.tbl AND tombstone.row_key = existence.row_key AND tombstone.hlc = existence.hlc
    WHERE existence.tbl = clock.tbl AND existence.row_key = clock.row_key AND existence.field = '*'
      AND tombstone.op = 'delete' AND existence.hlc < @horizon
  )`;
