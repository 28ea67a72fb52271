import type { Change, ChangeBatch, FieldValue } from '../../../../../src-shared/sync/change.js';
import type { Database } from '../../../core/db/database.js';
import { fieldClock, readRow } from './rows.js';
import { tableSpec } from './tables.js';
import type { Peer } from './peer.js';
import { Visibility, type ScopedChange } from './visibility.js';

interface LogRow extends ScopedChange {
  seq: number;
  hlc: string;
  op: Change['op'];
  fields: string | null;
  actor: string | null;
}

/** How many log rows one call reads at most; the cursor it answers continues from there. */
export const BATCH_LIMIT = 2000;

/**
 * The changes logged after `cursor` that `peer` may receive (the hub: all; a user: what they
 * may see), in clock order, and the cursor
 * to continue from. The cursor counts this engine's log in the order it learned of changes
 * (not their stamps), so a change that arrives late with an old stamp is still handed on.
 * An empty cursor starts from the beginning.
 */
export function changesSince(db: Database, cursor: string, peer: Peer, limit = BATCH_LIMIT): ChangeBatch {
  const after = cursor === '' ? 0 : Number(cursor);
  if (!Number.isSafeInteger(after) || after < 0) throw new RangeError(`not a change log cursor: ${cursor}`);
  return db.transaction(() => {
    const rows = db.all<LogRow>(
      `SELECT seq, hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id
       FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?`,
      after,
      limit,
    );
    const visibility = 'user' in peer ? new Visibility(db, peer.user) : undefined;
    const changes = rows.filter((row) => !visibility || visibility.sees(row)).map(toChange);
    changes.push(...profilesOfNewMembers(db, changes));
    changes.sort((a, b) => (a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : 0));
    const last = rows.length === 0 ? after : rows[rows.length - 1]!.seq;
    return { changes, cursor: String(last) };
  }, 'read');
}

function toChange(row: LogRow): Change {
  return {
    hlc: row.hlc,
    table: row.tbl,
    key: JSON.parse(row.row_key) as string[],
    op: row.op,
    fields: row.fields === null ? null : (JSON.parse(row.fields) as Record<string, FieldValue>),
    actor: row.actor,
  };
}

const users = tableSpec('users')!;

/**
 * A member's user row goes along with their membership: the user's own insert may lie before
 * the cursor, logged when the reader shared no organization with them yet. It travels under
 * its insert's stamp, so a reader that has it already ignores it.
 */
function profilesOfNewMembers(db: Database, changes: readonly Change[]): Change[] {
  const present = new Set(changes.filter((c) => c.table === 'users' && c.op === 'insert').map((c) => c.key[0]));
  const profiles: Change[] = [];
  for (const change of changes) {
    const userId = change.key[1]!;
    if (change.table !== 'members' || change.op !== 'insert' || present.has(userId)) continue;
    present.add(userId);
    const row = readRow(db, users, [userId]);
    const hlc = fieldClock(db, 'users', JSON.stringify([userId]), '*');
    if (row && hlc) profiles.push({ hlc, table: 'users', key: [userId], op: 'insert', fields: row, actor: null });
  }
  return profiles;
}
