import type { Database } from '../db/database.js';

// substr, not LIKE: doc ids may hold `_`, a LIKE wildcard.
const UNDER = 'substr(doc_id, 1, length(?)) = ?';

/**
 * The doc ids under `prefix` as a range of the primary key, which ids compare bytewise in: from
 * the prefix to the prefix with its last character (ASCII: a branch's prefix ends in `/`) one higher.
 */
export function rangeUnder(prefix: string): [string, string] {
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)];
}
const IN_RANGE = 'doc_id >= ? AND doc_id < ?';

/** What `docs` says of a doc: enough to append, to answer a state vector and to decide on compaction. */
export interface DocMeta {
  seq: number;
  rowCount: number;
  stateVector: Uint8Array;
}

export interface UpdateRow {
  seq: number;
  update: Uint8Array;
}

/**
 * The SQL of the append log. It opens no transaction: the store wraps each use in one, or joins
 * the caller's, so that a doc's rows and its `docs` row always move together.
 */
export class UpdateLog {
  constructor(private readonly db: Database) {}

  meta(docId: string): DocMeta | undefined {
    return this.db.get<DocMeta>('SELECT seq, row_count AS rowCount, state_vector AS stateVector FROM docs WHERE doc_id = ?', docId);
  }

  /** What the doc's rows weigh, in bytes, read from the rows' headers (`length` loads no blob). */
  bytes(docId: string): number {
    return this.db.get<{ bytes: number }>('SELECT coalesce(sum(length("update")), 0) AS bytes FROM doc_updates WHERE doc_id = ?', docId)!.bytes;
  }

  /** The doc's rows after `afterSeq`, oldest first. */
  rows(docId: string, afterSeq = 0): UpdateRow[] {
    return this.db.all<UpdateRow>('SELECT seq, "update" FROM doc_updates WHERE doc_id = ? AND seq > ? ORDER BY seq', docId, afterSeq);
  }

  /** The seqs of the doc's rows from `first` to `last`, both included. */
  seqsBetween(docId: string, first: number, last: number): number[] {
    return this.db
      .all<{ seq: number }>('SELECT seq FROM doc_updates WHERE doc_id = ? AND seq BETWEEN ? AND ? ORDER BY seq', docId, first, last)
      .map((row) => row.seq);
  }

  /** Writes row `seq`, which the caller took as the doc's last seq plus one. */
  append(docId: string, seq: number, update: Uint8Array, stateVector: Uint8Array): void {
    this.db.run(
      `INSERT INTO docs (doc_id, seq, row_count, state_vector) VALUES (?, ?, 1, ?)
       ON CONFLICT (doc_id) DO UPDATE SET seq = excluded.seq, row_count = row_count + 1, state_vector = excluded.state_vector`,
      docId,
      seq,
      stateVector,
    );
    this.db.run('INSERT INTO doc_updates (doc_id, seq, "update") VALUES (?, ?, ?)', docId, seq, update);
  }

  /** Puts `merged` in place of the rows from `first` to `last`, which the caller checked are exactly the rows merged. */
  replace(docId: string, first: number, last: number, merged: Uint8Array, stateVector: Uint8Array): void {
    const deleted = this.db.run('DELETE FROM doc_updates WHERE doc_id = ? AND seq BETWEEN ? AND ?', docId, first, last).changes;
    this.db.run('INSERT INTO doc_updates (doc_id, seq, "update") VALUES (?, ?, ?)', docId, last, merged);
    this.db.run('UPDATE docs SET row_count = row_count - ? + 1, state_vector = ? WHERE doc_id = ?', deleted, stateVector, docId);
  }

  /** Makes `update` the doc's only row, numbered `seq` (the last seq plus one, so seqs only grow). */
  replaceAll(docId: string, seq: number, update: Uint8Array, stateVector: Uint8Array): void {
    this.db.run('DELETE FROM doc_updates WHERE doc_id = ?', docId);
    this.db.run(
      `INSERT INTO docs (doc_id, seq, row_count, state_vector) VALUES (?, ?, 1, ?)
       ON CONFLICT (doc_id) DO UPDATE SET seq = excluded.seq, row_count = 1, state_vector = excluded.state_vector`,
      docId,
      seq,
      stateVector,
    );
    this.db.run('INSERT INTO doc_updates (doc_id, seq, "update") VALUES (?, ?, ?)', docId, seq, update);
  }

  /** The `docs` row of each doc under `prefix` (see `rangeUnder`), in one read. */
  metasUnder(prefix: string): (DocMeta & { docId: string })[] {
    return this.db.all('SELECT doc_id AS docId, seq, row_count AS rowCount, state_vector AS stateVector FROM docs WHERE ' + IN_RANGE, ...rangeUnder(prefix));
  }

  /** The last seq of each doc under `prefix`, in one read of the index alone. */
  seqsUnder(prefix: string): { docId: string; seq: number }[] {
    return this.db.all('SELECT doc_id AS docId, seq FROM docs WHERE ' + IN_RANGE, ...rangeUnder(prefix));
  }

  /** The rows of every doc under `prefix`, each doc's oldest first, in one read. */
  rowsUnder(prefix: string): (UpdateRow & { docId: string })[] {
    return this.db.all(`SELECT doc_id AS docId, seq, "update" FROM doc_updates WHERE ${IN_RANGE} ORDER BY doc_id, seq`, ...rangeUnder(prefix));
  }

  /** The ids of the docs whose id starts with `prefix`. */
  idsUnder(prefix: string): string[] {
    return this.db.all<{ id: string }>(`SELECT doc_id AS id FROM docs WHERE ${UNDER}`, prefix, prefix).map((row) => row.id);
  }

  /** Deletes every doc whose id starts with `prefix` (a space's docs, once it is purged); returns their ids. */
  removeUnder(prefix: string): string[] {
    const ids = this.idsUnder(prefix);
    this.db.run(`DELETE FROM doc_forks WHERE ${UNDER}`, prefix, prefix);
    this.db.run(`DELETE FROM doc_updates WHERE ${UNDER}`, prefix, prefix);
    this.db.run(`DELETE FROM docs WHERE ${UNDER}`, prefix, prefix);
    return ids;
  }
}
