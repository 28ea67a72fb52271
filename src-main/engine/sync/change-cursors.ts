import type { Database } from '../db/database.js';

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
