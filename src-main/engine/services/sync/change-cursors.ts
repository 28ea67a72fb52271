import type { Change } from '../../../../src-shared/sync/change.js';
import type { Database } from '../../core/db/database.js';

/** How far the change log was exchanged with one hub (table `sync_change_cursors`, migration 019). */
export interface ChangeCursors {
  pulled: string;
  pushed: string;
}

export function readChangeCursors(db: Database, url: string): ChangeCursors | undefined {
  return db.get<ChangeCursors>('SELECT pulled, pushed FROM sync_change_cursors WHERE url = ?', url);
}

/** The hub's user was adopted: exchanges with this hub start from the beginning of both logs. */
export function startChangeCursors(db: Database, url: string): void {
  db.run("INSERT OR IGNORE INTO sync_change_cursors (url, pulled, pushed) VALUES (?, '', '')", url);
}

export function savePulled(db: Database, url: string, cursor: string): void {
  db.run('UPDATE sync_change_cursors SET pulled = ? WHERE url = ?', cursor, url);
}

export function savePushed(db: Database, url: string, cursor: string): void {
  db.run('UPDATE sync_change_cursors SET pushed = ? WHERE url = ?', cursor, url);
}

/** The newest entry of this engine's change log, by any connection; cheap (the primary key's end). */
export function logHead(db: Database): number {
  return db.get<{ seq: number | null }>('SELECT max(seq) AS seq FROM change_log')!.seq ?? 0;
}

/**
 * Moves the pushed cursor past the entries logged after `head` (the log's end, all of it pushed)
 * that are `pulled` changes as the hub sent them: their stamps, tables and rows. The hub would
 * ignore them as known. It stops at the first entry of another stamp (a value settled
 * differently, a cascade, anything written here): that one and what follows are pushed.
 */
export function skipEchoes(db: Database, url: string, head: number, pulled: readonly Change[]): void {
  const sent = new Set(pulled.map((change) => echoKey(change.hlc, change.table, JSON.stringify(change.key))));
  let last = head;
  for (const entry of db.all<{ seq: number; hlc: string; tbl: string; row_key: string }>(
    'SELECT seq, hlc, tbl, row_key FROM change_log WHERE seq > ? ORDER BY seq',
    head,
  )) {
    if (!sent.has(echoKey(entry.hlc, entry.tbl, entry.row_key))) break;
    last = entry.seq;
  }
  if (last > head) savePushed(db, url, String(last));
}

function echoKey(hlc: string, table: string, rowKey: string): string {
  return `${hlc}\n${table}\n${rowKey}`;
}
