import * as Y from 'yjs';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { union, type StateVector } from '../../core/docs/state-vector.js';

/** The hub this engine replicates with (table `sync_upstream`, migration 014). */
export interface Upstream {
  url: string;
  token: string;
  /** The hub's change counter up to which every doc change was pulled. */
  cursor: number;
  lastSyncAt: string | null;
}

export function readUpstream(db: Database): Upstream | undefined {
  return db.get<Upstream>('SELECT url, token, cursor, last_sync_at AS lastSyncAt FROM sync_upstream WHERE id = 1');
}

/**
 * Sets the hub. Another hub than before knows nothing of ours: its cursor starts over and every
 * local doc waits in the outbox, so that work made before connecting is uploaded (docs/sync.md).
 */
export function saveUpstream(db: Database, url: string, token: string): void {
  db.transaction(() => {
    const previous = readUpstream(db);
    if (previous?.url === url) {
      db.run('UPDATE sync_upstream SET token = ? WHERE id = 1', token);
      return;
    }
    db.run('DELETE FROM sync_acked');
    db.run('INSERT OR REPLACE INTO sync_upstream (id, url, token, cursor, last_sync_at) VALUES (1, ?, ?, 0, NULL)', url, token);
    db.run("INSERT INTO sync_acked (doc_id, state_vector, pending) SELECT doc_id, x'00', 1 FROM docs");
  });
}

export function removeUpstream(db: Database): void {
  db.transaction(() => {
    db.run('DELETE FROM sync_upstream');
    db.run('DELETE FROM sync_acked');
  });
}

/** A pull from the hub completed: every doc change up to `cursor` is here. */
export function notePulled(db: Database, cursor: number, now: string): void {
  db.run('UPDATE sync_upstream SET cursor = max(cursor, ?), last_sync_at = ? WHERE id = 1', cursor, now);
}

export function noteSynced(db: Database, now: string): void {
  db.run('UPDATE sync_upstream SET last_sync_at = ? WHERE id = 1', now);
}

/** The doc changes after `cursor`, oldest first, and the counter's value now (read in one transaction). */
export function changesSince(db: Database, cursor: number): { counter: number; docIds: string[] } {
  return db.transaction(() => {
    const counter = db.get<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1')!.value;
    const docIds = db.all<{ doc_id: string }>('SELECT doc_id FROM doc_changes WHERE change > ? ORDER BY change', cursor).map((row) => row.doc_id);
    return { counter, docIds };
  }, 'read');
}

/** The outbox: docs holding changes the hub has not acknowledged. */
export function pendingDocIds(db: Database): string[] {
  return db.all<{ doc_id: string }>('SELECT doc_id FROM sync_acked WHERE pending = 1').map((row) => row.doc_id);
}

export function isPending(db: Database, docId: string): boolean {
  return db.get('SELECT 1 FROM sync_acked WHERE doc_id = ? AND pending = 1', docId) !== undefined;
}

/** Docs under `prefix` were removed: they leave the outbox and the acknowledgements. */
export function forgetOutboxUnder(db: Database, prefix: string): void {
  db.run('DELETE FROM sync_acked WHERE substr(doc_id, 1, length(?)) = ?', prefix, prefix);
}

export function outboxSize(db: Database): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM sync_acked WHERE pending = 1')!.n;
}

/** The hub's state vector of the doc, as it last acknowledged it. */
export function ackedStateVector(db: Database, docId: string): StateVector {
  const row = db.get<{ state_vector: Uint8Array }>('SELECT state_vector FROM sync_acked WHERE doc_id = ?', docId);
  return row ? Y.decodeStateVector(row.state_vector) : new Map();
}

/**
 * The hub holds at least `held` of the doc (it acknowledged it, or sent it). Inside the caller's
 * transaction; the doc leaves the outbox when the hub holds everything we do.
 */
export function recordAcked(db: Database, docs: DocStore, docId: string, held: StateVector): void {
  const acked = union(ackedStateVector(db, docId), held);
  const pending = holdsMore(Y.decodeStateVector(docs.stateVector(docId)), acked);
  db.run(
    `INSERT INTO sync_acked (doc_id, state_vector, pending) VALUES (?, ?, ?)
     ON CONFLICT (doc_id) DO UPDATE SET state_vector = excluded.state_vector, pending = excluded.pending`,
    docId,
    Y.encodeStateVector(acked),
    pending ? 1 : 0,
  );
}

/** Whether `ours` has a clock past `theirs` for some client. */
export function holdsMore(ours: StateVector, theirs: StateVector): boolean {
  for (const [client, clock] of ours) if (clock > (theirs.get(client) ?? 0)) return true;
  return false;
}
