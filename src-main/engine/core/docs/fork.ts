import * as Y from 'yjs';
import type { Database } from '../db/database.js';
import { deletesAll } from './deletions.js';
import { rangeUnder } from './log.js';
import { advance } from './state-vector.js';
import type { DeleteSet } from './updates.js';

/** Where a fork started: changes since `snapshot` on either side are what a merge carries over. */
export interface ForkBase {
  sourceDocId: string;
  /** The encoded state vector of the copy; `diff(docId, stateVector)` gives the structs added since. */
  stateVector: Uint8Array;
  /** The state vector and the delete set of the copy: deletions since the fork are those not in it. */
  snapshot: Y.Snapshot;
  /** The copy itself as one update: applied to an empty doc, it rebuilds the base content. */
  baseUpdate: Uint8Array;
  /**
   * For a base an update moved (main pulled into the change request), the encoded state vector of
   * the base it moved from; none for a copy. Peers take a moved base over their own older one.
   */
  movedFrom?: Uint8Array;
  /**
   * For a moved base, the conflicts the change request held open after the update that moved it
   * (migration 031): an engine judges a merge against this base only once they have all arrived.
   */
  movedConflicts?: string[];
}

/** A doc's whole state as one update, with its snapshot (state vector and delete set). */
export interface DocState {
  update: Uint8Array;
  snapshot: Y.Snapshot;
}

/** Records (or, after an update pulled the source in, moves) where `docId`'s copy of `sourceDocId` starts; the later copies it kept are forgotten (`recordLaterCopy`). */
export function recordFork(db: Database, docId: string, sourceDocId: string, state: DocState, movedFrom?: Uint8Array): ForkBase {
  const forkBase = { ...forkBaseOf(sourceDocId, state), ...(movedFrom && { movedFrom }) };
  db.run(
    `INSERT INTO doc_forks (doc_id, source_doc_id, base_snapshot, base_update, moved_from, moved_conflicts, later_copy) VALUES (?, ?, ?, ?, ?, NULL, NULL)
     ON CONFLICT (doc_id) DO UPDATE SET source_doc_id = excluded.source_doc_id, base_snapshot = excluded.base_snapshot,
       base_update = excluded.base_update, moved_from = excluded.moved_from, moved_conflicts = NULL, later_copy = NULL`,
    docId,
    sourceDocId,
    Y.encodeSnapshot(forkBase.snapshot),
    state.update,
    movedFrom ?? null,
  );
  return forkBase;
}

export function readForkBase(db: Database, docId: string): ForkBase | undefined {
  const row = db.get<{ sourceDocId: string; snapshot: Uint8Array; base: Uint8Array; movedFrom: Uint8Array | null; conflicts: string | null }>(
    `SELECT source_doc_id AS sourceDocId, base_snapshot AS snapshot, base_update AS base, moved_from AS movedFrom, moved_conflicts AS conflicts
     FROM doc_forks WHERE doc_id = ? AND base_update IS NOT NULL`,
    docId,
  );
  if (!row) return undefined;
  // The stored snapshot spares decoding the whole base, which a merge of many pages would pay per page.
  const snapshot = Y.decodeSnapshot(row.snapshot);
  return {
    sourceDocId: row.sourceDocId,
    stateVector: Y.encodeStateVector(snapshot.sv),
    snapshot,
    baseUpdate: row.base,
    ...(row.movedFrom && { movedFrom: row.movedFrom }),
    ...(row.movedFrom && row.conflicts !== null && { movedConflicts: JSON.parse(row.conflicts) as string[] }),
  };
}

/**
 * Keeps `later`, the later copies of the source a page gave up for its base, merged into one
 * update (migration 033; docs/sync.md, "Fork bases"): read again when a writer's push may have
 * touched blocks no writer had touched.
 */
export function recordLaterCopy(db: Database, docId: string, later: Uint8Array): void {
  db.run('UPDATE doc_forks SET later_copy = ? WHERE doc_id = ?', later, docId);
}

export function readLaterCopy(db: Database, docId: string): Uint8Array | undefined {
  return db.get<{ later: Uint8Array | null }>('SELECT later_copy AS later FROM doc_forks WHERE doc_id = ?', docId)?.later ?? undefined;
}

/**
 * What the hub put back of blocks main deleted between two copies (`restorationOf`): each block's
 * item id → its newest copy's; and the doc's state vector when it last looked.
 * `restored_blocks` is a JSON object; a JSON array (block ids alone) was written before copies were
 * recorded, and is read as blocks with no copy known.
 */
export interface Restorations {
  blocks: Map<string, string | undefined>;
  analysed: Map<number, number>;
}

export function readRestorations(db: Database, docId: string): Restorations {
  const row = db.get<{ blocks: string | null; analysed: Uint8Array | null }>('SELECT restored_blocks AS blocks, restore_analysed AS analysed FROM doc_forks WHERE doc_id = ?', docId);
  const stored = row?.blocks ? (JSON.parse(row.blocks) as string[] | Record<string, string | null>) : [];
  const blocks: Map<string, string | undefined> = Array.isArray(stored) ? new Map(stored.map((block) => [block, undefined])) : new Map(Object.entries(stored).map(([block, copy]) => [block, copy ?? undefined]));
  return { blocks, analysed: row?.analysed ? Y.decodeStateVector(row.analysed) : new Map() };
}

/** Whether two reads of what was put back are the same: no run recorded anything between them. */
export function sameRestorations(a: Restorations, b: Restorations): boolean {
  const sameMap = <K, V>(x: ReadonlyMap<K, V>, y: ReadonlyMap<K, V>) => x.size === y.size && [...x].every(([key, value]) => y.has(key) && y.get(key) === value);
  return sameMap(a.blocks, b.blocks) && sameMap(a.analysed, b.analysed);
}

export function recordRestorations(db: Database, docId: string, blocks: ReadonlyMap<string, string | undefined>, analysed: Uint8Array): void {
  const stored = Object.fromEntries([...blocks].map(([block, copy]) => [block, copy ?? null]));
  db.run('UPDATE doc_forks SET restored_blocks = ?, restore_analysed = ? WHERE doc_id = ?', JSON.stringify(stored), analysed, docId);
}

/** A recorded fork base as stored, its snapshot undecoded (it changes whenever the base moves): for work off the event loop. */
export interface StoredForkBase {
  docId: string;
  sourceDocId: string;
  snapshot: Uint8Array;
  baseUpdate: Uint8Array;
}

/** The snapshot of each fork base recorded under `prefix`, as stored: it changes whenever the base moves. */
export function storedBaseSnapshotsUnder(db: Database, prefix: string): { docId: string; snapshot: Uint8Array }[] {
  return db.all('SELECT doc_id AS docId, base_snapshot AS snapshot FROM doc_forks WHERE doc_id >= ? AND doc_id < ? AND base_update IS NOT NULL', ...rangeUnder(prefix));
}

/** The fork bases recorded for the docs under `prefix`, in one read. */
export function storedForkBasesUnder(db: Database, prefix: string): StoredForkBase[] {
  return db.all<StoredForkBase>(
    `SELECT doc_id AS docId, source_doc_id AS sourceDocId, base_snapshot AS snapshot, base_update AS baseUpdate
     FROM doc_forks WHERE doc_id >= ? AND doc_id < ? AND base_update IS NOT NULL`,
    ...rangeUnder(prefix),
  );
}

export function forkBaseOf(sourceDocId: string, { update, snapshot }: DocState): ForkBase {
  return { sourceDocId, stateVector: Y.encodeStateVector(snapshot.sv), snapshot, baseUpdate: update };
}

/** The snapshot an update gives: its structs' state vector (contiguous clocks only) and its delete set. */
export function snapshotOf(update: Uint8Array): Y.Snapshot {
  const { structs, ds } = Y.decodeUpdate(update);
  return Y.createSnapshot(ds, advance(new Map(), structs));
}

/** Names the conflicts that came with the moved bases of `docIds` (a base that is a copy names none). */
export function noteMovedConflicts(db: Database, docIds: readonly string[], conflictIds: readonly string[]): void {
  db.run(
    'UPDATE doc_forks SET moved_conflicts = ? WHERE moved_from IS NOT NULL AND doc_id IN (SELECT value FROM json_each(?))',
    JSON.stringify(conflictIds),
    JSON.stringify(docIds),
  );
}

/** Every conflict the moved bases of docs under `prefix` name, each once. */
export function movedConflictsUnder(db: Database, prefix: string): string[] {
  return db
    .all<{ id: string }>(
      `SELECT DISTINCT j.value AS id FROM doc_forks f, json_each(f.moved_conflicts) j
       WHERE f.doc_id >= ? AND f.doc_id < ? AND f.moved_conflicts IS NOT NULL`,
      ...rangeUnder(prefix),
    )
    .map((row) => row.id);
}

/**
 * Whether `update` is the doc's recorded fork base itself: the row a copy (or an adopted base)
 * wrote, byte for byte. Only a base of the same length is read.
 */
export function isForkBaseRow(db: Database, docId: string, update: Uint8Array): boolean {
  const row = db.get<{ base: Uint8Array }>(
    'SELECT base_update AS base FROM doc_forks WHERE doc_id = ? AND length(base_update) = ?',
    docId,
    update.byteLength,
  );
  return row !== undefined && sameBytes(row.base, update);
}

/**
 * Whether `base` is strictly older than `than`: it holds no struct `than` lacks, and `than` holds
 * more, or holds the same structs and deletes more of them (main that only deleted a block between
 * two copies wrote no struct: its later copy differs from the earlier by its delete set alone).
 */
export function isEarlier(base: Y.Snapshot, than: Y.Snapshot): boolean {
  let fewer = base.sv.size < than.sv.size;
  for (const [client, clock] of base.sv) {
    const other = than.sv.get(client) ?? 0;
    if (clock > other) return false;
    if (clock < other) fewer = true;
  }
  return fewer || (base.sv.size === than.sv.size && deletesWithin(base.ds, than.ds) && !deletesWithin(than.ds, base.ds));
}

/** Whether every clock `ds` deletes, `within` deletes too. */
function deletesWithin(ds: DeleteSet, within: DeleteSet): boolean {
  for (const [client, ranges] of ds.clients) {
    for (const { clock, len } of ranges) if (!deletesAll(within, client, clock, clock + len)) return false;
  }
  return true;
}

/** Whether a doc holding `held` has every struct of `snapshot`: the structs of a base an update pulled in. */
export function holdsStructsOf(held: Map<number, number>, snapshot: Y.Snapshot): boolean {
  for (const [client, clock] of snapshot.sv) if ((held.get(client) ?? 0) < clock) return false;
  return true;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
