import * as Y from 'yjs';
import type { Database } from '../db/database.js';
import { BranchForks } from './branch-forks.js';
import { DocCache, type CacheLimits } from './cache.js';
import { applyCompaction, isPlan, planCompaction, planCompactionWith, type CompactionResult, type MergedRows } from './compaction.js';
import { holdsDeletions } from './deletions.js';
import { mixedBlocks, restorationFrom, restorationOf, swallowedWrites, type RestorationInput, type RestorationOutput } from './deleted-writes.js';
import { hidingOf, laterCopyOf, type LaterCopy } from './later-copy.js';
import { holdsWrite } from './written-state.js';
import { forkBaseOf, holdsStructsOf, isEarlier, isForkBaseRow, movedConflictsUnder, noteMovedConflicts, readForkBase, readLaterCopy, readRestorations, recordFork, sameRestorations, recordLaterCopy, recordRestorations, sameBytes, snapshotOf, storedBaseSnapshotsUnder, storedForkBasesUnder, type DocState, type StoredForkBase, type ForkBase } from './fork.js';
import { UpdateLog, type DocMeta } from './log.js';
import { Observers, type UpdateObserver } from './observers.js';
import { OpenWrites, type Written } from './open-writes.js';
import { EMPTY_STATE_VECTOR, advance, bringsStructs, type StateVector } from './state-vector.js';
import { STORE_ORIGIN, buildDoc, decode, diffRows, holdsNothing, mergeAll, missingDependencies, newDoc } from './updates.js';

/** What the store refuses, as a value: the caller knows whether it is a 400, a dropped message or a bug. */
export interface DocProblem {
  kind: 'malformed-update' | 'malformed-state-vector' | 'unknown-doc' | 'doc-exists';
  message: string;
}

export type DocResult<T> = ({ ok: true } & T) | { ok: false; problem: DocProblem };

export interface DocStoreOptions {
  /** A doc is compacted each time its log reaches a multiple of this many rows. */
  compactEveryRows?: number;
  cache?: Partial<CacheLimits>;
  /** Runs compaction after the commit that called for it; tests run it at once. */
  schedule?: (task: () => void) => void;
  /**
   * Merges a doc's rows for a compaction, off the event loop (the engine's worker threads); the
   * rows are read and the merged row written in short transactions of their own. Without it,
   * compactions merge in the caller's thread.
   */
  merge?: (updates: Uint8Array[]) => Promise<MergedRows>;
  /**
   * Cuts a doc's rows into small updates that build it in order (`sliceRows`), off the event loop
   * (the engine's worker threads), for `loadAhead`. Without it, `loadAhead` loads at once.
   */
  slice?: (updates: Uint8Array[]) => Promise<Uint8Array[]>;
  /** What rows lack against a state vector (each row diffed, the results merged, as `diff` does), off the event loop, for `diffOffLoop`. */
  diffRows?: (updates: Uint8Array[], stateVector: Uint8Array) => Promise<Uint8Array>;
  /**
   * What a hub puts back of blocks whose deletion took a writer's words (`restorationOf`), worked
   * out off the event loop (a 10,000-paragraph page's rows take a second or more) and appended in
   * a transaction of its own after the write that found the loss. Without it, inside that write.
   */
  restore?: (input: RestorationInput) => Promise<RestorationOutput>;
  /**
   * Docs that exist, empty, before their first row (a space's page tree: that row, holding no
   * structs, does not travel, so one engine has it and another not). A copy of such a doc that has
   * no row here copies the empty doc and records it as its fork base, as where it has a row; other
   * docs without a row (a page main does not have) leave nothing to copy.
   */
  emptyWithoutRows?: (docId: string) => boolean;
}

/** How many requests' copies `spareCopy` keeps: one per tree being written in turn is what pays. */
const SPARE_COPIES = 4;

/** A doc of at most these bytes of rows builds in a few milliseconds: `loadAhead` loads it at once. */
const LOAD_AT_ONCE_BYTES = 64 * 1024;

/** How many pages' later copies are kept read (`laterCopy`): pages written on two copies of main are few. */
const LATER_COPIES = 8;

const DEFAULTS = {
  // Measured on a 10,000-block page: each uncompacted edit row adds ~45 µs to a load, so 500 add
  // ~20 ms; compacting them takes ~270 ms, run after the commit rather than inside the request.
  compactEveryRows: 500,
  // A loaded doc takes about 15 times its update bytes of heap (19 MiB for a 10,000-block page of
  // 1.3 MiB): 8 MiB of updates is a budget of roughly 120 MiB.
  cache: { docs: 100, bytes: 8 * 1024 * 1024 },
  schedule: (task: () => void) => void setImmediate(task),
};

/**
 * Work on a doc's rows done off the event loop while `loadAhead` builds the doc from them (`read`,
 * given the same rows), handed over with the doc as those rows build it, before any later row or
 * write changes it (`built`). Should `read` fail, the doc is loaded without it.
 */
export interface LoadAlongside<T> {
  read(updates: Uint8Array[]): Promise<T>;
  built(doc: Y.Doc, value: T): void;
}

/** A doc as `readUnder` reads it. */
export interface DocRead {
  rows: Uint8Array[];
  stateVector: Uint8Array;
  seq: number;
  fork?: Omit<StoredForkBase, 'docId'>;
}

/**
 * What a copy of `source` (as of its row `seq`) starts from, made off the event loop from the
 * source's rows as `stateOf` makes it for a source not loaded: the merged update and its snapshot
 * (`Y.encodeSnapshot`). Used only while the source still stands at `seq`.
 */
export interface CopyState {
  source: string;
  seq: number;
  update: Uint8Array;
  snapshot: Uint8Array;
}

/**
 * The Yjs document store: page trees, page bodies and comment threads as append logs in SQLite
 * (see docs/doc-store.md). Writes join the caller's transaction, so a projection change and the
 * update it came from commit or roll back together; loaded docs and observers follow commits only.
 * One store per connection: its cache trusts that every doc write on the connection goes through
 * it (other connections' commits are caught up on load). Call `compact` outside read transactions.
 */
export class DocStore {
  private readonly log: UpdateLog;
  private readonly branches: BranchForks;
  private readonly cache: DocCache;
  private readonly observers = new Observers();
  private readonly writes: OpenWrites;
  private readonly compactEveryRows: number;
  private readonly schedule: (task: () => void) => void;
  private readonly compactionsDue = new Set<string>();
  private closed = false;
  private writeHook: ((docId: string, seq: number) => void) | undefined;
  private readonly merge: DocStoreOptions['merge'];
  private readonly slice: DocStoreOptions['slice'];
  private readonly diffRows: DocStoreOptions['diffRows'];
  private readonly restore: DocStoreOptions['restore'];
  /** Docs whose put-back runs off the loop (`restoreOffLoop`); `again` when a write found more meanwhile. */
  private readonly restoring = new Map<string, 'running' | 'again'>();
  private readonly emptyWithoutRows: (docId: string) => boolean;
  /** Requests' copies of docs they wrote, each as the doc stood after row `seq` (`spareCopy`). */
  private readonly spares = new Map<string, { seq: number; doc: Y.Doc }>();
  /** Pages' later copies as `hidingOf` reads them, by doc (`laterCopy`). */
  private readonly laterCopies = new Map<string, { later: Uint8Array; baseState: Uint8Array; copy: LaterCopy }>();

  constructor(
    private readonly db: Database,
    options: DocStoreOptions = {},
  ) {
    this.log = new UpdateLog(db);
    this.branches = new BranchForks(db);
    this.cache = new DocCache({ ...DEFAULTS.cache, ...options.cache });
    this.writes = new OpenWrites(
      db,
      (written) => this.committed(written),
      (docIds) => docIds.forEach((docId) => this.cache.drop(docId)),
    );
    this.compactEveryRows = options.compactEveryRows ?? DEFAULTS.compactEveryRows;
    this.schedule = options.schedule ?? DEFAULTS.schedule;
    this.merge = options.merge;
    this.slice = options.slice;
    this.diffRows = options.diffRows;
    this.restore = options.restore;
    this.emptyWithoutRows = options.emptyWithoutRows ?? (() => false);
  }

  /**
   * Removes every doc under `prefix`, inside the caller's transaction or a new one. Loaded copies
   * are dropped at once: dropping is always safe, a rollback only means they load again.
   */
  removeUnder(prefix: string): void {
    const ids = this.db.transaction(() => {
      this.branches.removeUnder(prefix);
      return this.log.removeUnder(prefix);
    });
    // A doc written again after its removal starts its seqs over: a copy spared before would match them.
    for (const docId of ids) {
      this.cache.drop(docId);
      this.spares.delete(docId);
    }
  }

  /** Appends `update` to the doc's log, inside the caller's transaction or a new one. */
  append(docId: string, update: Uint8Array, origin?: unknown): DocResult<{ seq: number }> {
    const decoded = decode(() => Y.decodeUpdate(update));
    if ('malformed' in decoded) return problem('malformed-update', decoded.malformed);
    return this.db.transaction(() => {
      const meta = this.prepareWrite(docId);
      return { ok: true, seq: this.write(docId, update, advance(heldBy(meta), decoded.structs), origin, meta) };
    });
  }

  /**
   * Appends `update`, which this engine made (a worker thread built a new doc or planned a pull's
   * write, a request edited its copy), with the state vector it brings the doc to, inside the caller's transaction: as
   * `append`, without decoding the update again to find that state (a third of appending a 20-page
   * import's bodies, a third of a 1,000-page merge's appends). `held` is the state vector the maker
   * found the doc at (none: no doc yet); `copy`, for an unwritten copy in a forked branch, what the
   * copy starts from, made where the update was. A doc that stands elsewhere by then (written meanwhile, or
   * copied now from a forked branch's source) takes the path of `append`.
   */
  appendNew(docId: string, update: Uint8Array, stateVector: Uint8Array, held?: Uint8Array, copy?: CopyState): number {
    return this.db.transaction(() => {
      const meta = this.prepareWrite(docId, copy);
      const stands = held === undefined ? !meta : sameBytes(meta?.stateVector ?? EMPTY_STATE_VECTOR, held);
      if (!stands) {
        const appended = this.append(docId, update);
        // Updates Yjs encoded here always decode: a store that refuses one is a bug, not a bad request.
        if (!appended.ok) throw new Error(appended.problem.message);
        return appended.seq;
      }
      return this.write(docId, update, Y.decodeStateVector(stateVector), undefined, meta);
    });
  }

  /** Appends a peer's update only if it brings structs or deletions the doc does not have yet. */
  applyRemote(docId: string, update: Uint8Array, origin: unknown): DocResult<{ applied: false } | { applied: true; seq: number }> {
    const decoded = decode(() => Y.decodeUpdate(update));
    if ('malformed' in decoded) return problem('malformed-update', decoded.malformed);
    return this.db.transaction(() => {
      const held = heldBy(this.readFrom(docId).meta);
      const changes =
        bringsStructs(held, decoded.structs) || (decoded.ds.clients.size > 0 && !holdsDeletions(this.load(docId), decoded.ds));
      if (!changes) return { ok: true, applied: false } as const;
      const meta = this.prepareWrite(docId);
      return { ok: true, applied: true, seq: this.write(docId, update, advance(heldBy(meta), decoded.structs), origin, meta) } as const;
    });
  }

  /**
   * Makes `state` (a whole doc, as another engine encodes it) everything the doc holds: its log
   * becomes that one row and its state vector the row's. Yjs cannot undo a deletion; this is how a
   * replica takes the hub's copy back after a refusal (docs/sync.md, "Refusals"). A write like any
   * other (inside the caller's transaction, projected, copied first into unwritten forks), except
   * that the loaded doc is dropped at once and observers hear `replaced`.
   */
  replaceWith(docId: string, state: Uint8Array, origin?: unknown): DocResult<{ seq: number }> {
    const decoded = decode(() => Y.decodeUpdate(state));
    if ('malformed' in decoded) return problem('malformed-update', decoded.malformed);
    return this.db.transaction(() => {
      const meta = this.prepareWrite(docId);
      // Dropping is always safe; moved on with the new row, the loaded doc would keep what it replaced.
      this.cache.drop(docId);
      return { ok: true, seq: this.write(docId, state, advance(new Map(), decoded.structs), origin, meta, 'replace') };
    });
  }

  /**
   * The doc, from the cache brought up to its last row. It belongs to the store: read it, write
   * through `append`. Inside a transaction that wrote the doc, the cached copy takes the
   * uncommitted rows too (a keystroke's projection costs its own update, not a rebuild of the
   * doc); a rollback drops it. An unknown doc is empty; an unwritten doc of a forked branch is
   * its source's.
   */
  load(docId: string): Y.Doc {
    return this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      if (!meta) {
        this.cache.drop(from);
        return newDoc();
      }
      if (this.writes.touches(from)) this.writes.loadedWith(from);
      return this.cached(from, meta) ?? this.loadIntoCache(from);
    }, 'read');
  }

  /**
   * Loads the doc into the cache a few milliseconds at a time, the event loop free between slices
   * (a page someone opens to edit live: building a 10,000-block page at once held the loop ~0.3 s,
   * most of it the garbage collector copying the new doc). A worker cuts its rows into small
   * updates (`slice`); they are applied in turn to a new doc, and the doc cached as of the rows
   * read, then brought up to the rows written meanwhile as `load` would; `alongside` works on the
   * same rows meanwhile. A doc already loaded, empty or small is loaded at once; one replaced
   * meanwhile, or that does not build whole, is left for `load` to build, as is everything when a
   * slice fails.
   */
  async loadAhead<T>(docId: string, sliceMs: number, alongside?: LoadAlongside<T>): Promise<void> {
    const read = this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      return meta && !this.cached(from, meta) ? { from, rows: this.log.rows(from) } : undefined;
    }, 'read');
    if (!read) return;
    const bytes = read.rows.reduce((sum, row) => sum + row.update.byteLength, 0);
    if (!this.slice || bytes <= LOAD_AT_ONCE_BYTES) {
      this.load(docId);
      return;
    }
    let replaced = false;
    const stopWatching = this.observers.on(read.from, (event) => (replaced ||= event.replaced === true));
    try {
      const updates = read.rows.map((row) => row.update);
      // The slices asked for first: where one thread does long work (two cores), the loop builds
      // the doc from them while `alongside` reads after them, rather than both waiting on the read.
      const slicing = this.slice(updates);
      const reading = alongside?.read(updates).catch(() => undefined);
      const slices = await slicing;
      const doc = newDoc();
      for (let next = 0; next < slices.length; ) {
        if (next > 0) await new Promise((resolve) => setImmediate(resolve));
        if (this.closed || replaced) return;
        const started = performance.now();
        do Y.applyUpdate(doc, slices[next++]!, STORE_ORIGIN);
        while (next < slices.length && performance.now() - started < sliceMs);
      }
      if (missingDependencies(doc)) return;
      const extra = await reading;
      if (this.closed || replaced) return;
      this.db.transaction(() => {
        const meta = this.log.meta(read.from);
        if (!meta || this.cache.get(read.from)) return;
        if (extra !== undefined) alongside!.built(doc, extra);
        this.cache.put(read.from, doc, read.rows.at(-1)!.seq, bytes);
        this.cached(read.from, meta);
      }, 'read');
    } finally {
      stopWatching();
    }
  }

  /**
   * Keeps the doc loaded, whatever else is loaded meanwhile, until the function returned is
   * called: a doc someone edits live (its y-websocket room is open).
   */
  keepLoaded(docId: string): () => void {
    return this.cache.keep(docId);
  }

  /**
   * Keeps `doc`, a request's copy of the doc that it has just appended as row `seq`, for the next
   * request that edits the doc (`takeCopy`) rather than copying the doc again. Dropped if this
   * transaction rolls back; the last few spared are kept.
   */
  spareCopy(docId: string, seq: number, doc: Y.Doc): void {
    if (this.db.hookScope() === undefined) return;
    const spare = { seq, doc };
    this.spares.delete(docId);
    this.spares.set(docId, spare);
    if (this.spares.size > SPARE_COPIES) this.spares.delete(this.spares.keys().next().value!);
    this.db.onTransactionEnd((committed) => {
      if (!committed && this.spares.get(docId) === spare) this.spares.delete(docId);
    });
  }

  /** The copy `spareCopy` kept, if the doc has had no row since: the caller's to edit from now on. */
  takeCopy(docId: string): Y.Doc | undefined {
    const spare = this.spares.get(docId);
    if (!spare) return undefined;
    this.spares.delete(docId);
    return this.db.transaction(() => this.log.meta(docId)?.seq, 'read') === spare.seq ? spare.doc : undefined;
  }

  /** Whether the doc holds a write another engine made (`writtenSince`): every item it made and every deletion. */
  holdsWrite(docId: string, written: Y.Snapshot): boolean {
    return holdsWrite(this.load(docId), written);
  }

  /**
   * `diff` of a large doc, from its rows read now, made in a worker (`diffRows`): a client joining
   * a 10,000-block page is sent the whole doc, which encoding on the event loop took 60–120 ms.
   * Undefined when `diff` does it at once (a small or unknown doc, a malformed state vector, no
   * worker to do it); `diff` once more if the worker fails.
   */
  diffOffLoop(docId: string, remoteStateVector: Uint8Array): Promise<DocResult<{ update: Uint8Array }>> | undefined {
    const diffRows = this.diffRows;
    if (!diffRows || 'malformed' in decode(() => Y.decodeStateVector(remoteStateVector))) return undefined;
    const rows = this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      return meta ? this.log.rows(from).map((row) => row.update) : [];
    }, 'read');
    if (rows.reduce((sum, row) => sum + row.byteLength, 0) <= LOAD_AT_ONCE_BYTES) return undefined;
    // A replica holding nothing lacks the one row whole (a compacted doc opened on a new device): nothing to work out.
    if (rows.length === 1 && holdsNothing(remoteStateVector)) return Promise.resolve({ ok: true, update: rows[0]! });
    return diffRows(rows, remoteStateVector).then(
      (update) => ({ ok: true, update }),
      () => this.diff(docId, remoteStateVector),
    );
  }

  /** Whether the doc has no rows (nor, in a forked branch, a source that has some): nothing was ever written to it. */
  isEmpty(docId: string): boolean {
    return this.db.transaction(() => !this.readFrom(docId).meta, 'read');
  }

  /** The doc's state vector, from `docs`: no doc is loaded. */
  stateVector(docId: string): Uint8Array {
    return this.db.transaction(() => this.readFrom(docId).meta?.stateVector ?? EMPTY_STATE_VECTOR, 'read');
  }

  /** The update a replica at `remoteStateVector` lacks: from the loaded doc if there is one, else from the rows, loading nothing. */
  diff(docId: string, remoteStateVector: Uint8Array): DocResult<{ update: Uint8Array }> {
    const remote = decode(() => Y.decodeStateVector(remoteStateVector));
    if ('malformed' in remote) return problem('malformed-state-vector', remote.malformed);
    return this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      const doc = meta && !this.writes.touches(from) ? this.cached(from, meta) : undefined;
      if (doc) return { ok: true, update: Y.encodeStateAsUpdate(doc, remoteStateVector) };
      return { ok: true, update: diffRows(this.log.rows(from).map((row) => row.update), remoteStateVector) };
    }, 'read');
  }

  /**
   * The doc as updates that together make it, for a worker thread to build it: its rows as stored
   * (or its source's, for an unwritten doc of a forked branch), merged by nobody on this thread.
   */
  updatesOf(docId: string): Uint8Array[] {
    return this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      return meta ? this.log.rows(from).map((row) => row.update) : [];
    }, 'read');
  }

  /**
   * The docs written under `prefix` (a branch's), read at once for work off the event loop: each
   * one's rows as stored, its state vector, its last seq (which grows with every write) and its
   * recorded fork base, the base's snapshot undecoded (it changes whenever the base moves).
   */
  readUnder(prefix: string): Map<string, DocRead> {
    return this.db.transaction(() => {
      const read = new Map<string, DocRead>();
      for (const meta of this.log.metasUnder(prefix)) read.set(meta.docId, { rows: [], stateVector: meta.stateVector, seq: meta.seq });
      for (const row of this.log.rowsUnder(prefix)) read.get(row.docId)?.rows.push(row.update);
      for (const { docId, ...fork } of storedForkBasesUnder(this.db, prefix)) {
        const doc = read.get(docId);
        if (doc) doc.fork = fork;
      }
      return read;
    }, 'read');
  }

  /**
   * Where the doc stands, as a string that changes with every row it (or, unwritten in a forked
   * branch, its source) takes: work planned off the event loop from its rows checks it has not
   * moved before its result is written.
   */
  versionOf(docId: string): string {
    return this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      return meta ? `${from} ${meta.seq} ${Buffer.from(meta.stateVector).toString('base64')}` : '';
    }, 'read');
  }

  /** What the rows the doc reads weigh (its source's, for an unwritten copy in a forked branch), without reading them: whether work on it should leave the event loop. */
  storedBytes(docId: string): number {
    return this.db.transaction(() => {
      const { docId: from, meta } = this.readFrom(docId);
      return meta ? this.log.bytes(from) : 0;
    }, 'read');
  }

  /** The doc an unwritten copy in a forked branch reads as, and that doc's last seq; none for a doc with rows of its own. */
  copySourceOf(docId: string): { source: string; seq: number } | undefined {
    return this.db.transaction(() => {
      if (this.log.meta(docId)) return undefined;
      const source = this.branches.sourceOf(docId);
      const meta = source ? this.log.meta(source) : undefined;
      return source && meta ? { source, seq: meta.seq } : undefined;
    }, 'read');
  }

  /** Where each doc written under `prefix` stands, as a string that changes with every write to it and every move of its fork base (see `readUnder`). */
  versionsUnder(prefix: string): Map<string, string> {
    return this.db.transaction(() => {
      const bases = new Map(storedBaseSnapshotsUnder(this.db, prefix).map((fork) => [fork.docId, Buffer.from(fork.snapshot).toString('base64')]));
      return new Map(this.log.seqsUnder(prefix).map(({ docId, seq }) => [docId, `${seq} ${bases.get(docId) ?? ''}`]));
    }, 'read');
  }

  /** Merges the doc's rows into one, unless they miss dependencies (the result says which). */
  compact(docId: string): CompactionResult {
    const plan = planCompaction(this.db, this.log, docId);
    return isPlan(plan) ? applyCompaction(this.db, this.log, plan) : plan;
  }

  /** The same, the rows merged by the store's `merge` (a worker thread) when it has one. */
  async compactOffThread(docId: string): Promise<CompactionResult> {
    if (!this.merge) return this.compact(docId);
    const plan = await planCompactionWith(this.db, this.log, docId, this.merge);
    if (this.closed) return { status: 'superseded' };
    return isPlan(plan) ? applyCompaction(this.db, this.log, plan) : plan;
  }

  /**
   * Copies `sourceDocId` into a new doc as one merged row and records what it copied, so that a
   * merge can later take the changes made since on either side.
   */
  fork(sourceDocId: string, targetDocId: string, origin?: unknown): DocResult<{ seq: number }> {
    return this.db.transaction((): DocResult<{ seq: number }> => {
      if (this.log.meta(targetDocId)) return problem('doc-exists', `doc ${targetDocId} already exists`);
      if (!this.copyable(sourceDocId)) return problem('unknown-doc', `doc ${sourceDocId} does not exist`);
      return { ok: true, seq: this.copyInto(sourceDocId, targetDocId, origin) };
    });
  }

  /**
   * Forks every doc under `sourcePrefix` into `targetPrefix` at once, copying nothing now: an
   * unwritten copy reads its source, and is copied just before either of them is first written.
   */
  forkBranch(sourcePrefix: string, targetPrefix: string): void {
    this.db.transaction(() => this.branches.record(sourcePrefix, targetPrefix));
  }

  /**
   * Closes a forked branch for good (a merged change request): main's later writes are no longer
   * copied into it, so they cost nothing per merged change request; the docs it never wrote read
   * main as it is from then on.
   */
  freezeBranch(targetPrefix: string): void {
    this.db.transaction(() => this.branches.freeze(targetPrefix));
  }

  /** Where the doc's copy started; for an unwritten copy of a forked branch, its source as it is (unchanged since the fork). */
  forkBase(docId: string): ForkBase | undefined {
    return this.db.transaction(() => {
      const recorded = readForkBase(this.db, docId);
      if (recorded || this.log.meta(docId)) return recorded;
      const source = this.branches.sourceOf(docId);
      return source && this.copyable(source) ? forkBaseOf(source, this.stateOf(source)) : undefined;
    }, 'read');
  }

  /**
   * The fork base recorded for a written copy (none for a doc that is not one, or whose copy an
   * older Folio made without keeping it), and whether that copy is all the doc holds: nobody has
   * written it since it was copied (or since the base was adopted).
   */
  writtenFork(docId: string): { base: ForkBase; copyOnly: boolean } | undefined {
    return this.db.transaction(() => {
      const base = readForkBase(this.db, docId);
      const meta = base && this.log.meta(docId);
      if (!base || !meta) return undefined;
      return { base, copyOnly: meta.rowCount === 1 && isForkBaseRow(this.db, docId, this.log.rows(docId)[0]!.update) };
    }, 'read');
  }

  /**
   * Names the conflicts a change request holds open with the moved bases of `docIds` (an update
   * that recorded them, or a peer's base that came with them), for `movedConflictsUnder`.
   */
  noteMovedConflicts(docIds: readonly string[], conflictIds: readonly string[]): void {
    this.db.transaction(() => noteMovedConflicts(this.db, docIds, conflictIds));
  }

  /** The conflicts the moved bases of the docs under `prefix` came with: a merge waits until each has arrived. */
  movedConflictsUnder(prefix: string): string[] {
    return this.db.transaction(() => movedConflictsUnder(this.db, prefix), 'read');
  }

  /** Whether a row of the doc is its fork base: a copy made here, or a base taken from a peer. */
  isForkCopy(docId: string, update: Uint8Array): boolean {
    return this.db.transaction(() => isForkBaseRow(this.db, docId, update), 'read');
  }

  /**
   * Makes a peer's fork base this doc's (docs/sync.md, "Fork bases"): its copy of `sourceDocId`
   * becomes `base`, as if it had been copied here. Only a doc that holds nothing but a copy takes
   * it: an unwritten one, or one whose copy nobody has written since; with `over: 'earlier-copy'`,
   * a copy only if `base` is strictly older than it. A doc written here keeps its own base. A copy
   * replaced is a replacement for observers (a room's clients join again); sync sends it as a base.
   */
  adoptForkBase(
    docId: string,
    sourceDocId: string,
    base: Uint8Array,
    origin: unknown,
    over: 'copy' | 'earlier-copy',
    movedFrom?: Uint8Array,
  ): DocResult<{ adopted: boolean }> {
    const decoded = decode(() => Y.decodeUpdate(base));
    if ('malformed' in decoded) return problem('malformed-update', decoded.malformed);
    return this.db.transaction((): DocResult<{ adopted: boolean }> => {
      const meta = this.log.meta(docId);
      const state: DocState = { update: base, snapshot: snapshotOf(base) };
      if (meta) {
        const own = this.writtenFork(docId);
        if (!own?.copyOnly || isForkBaseRow(this.db, docId, base)) return { ok: true, adopted: false };
        if (over === 'earlier-copy' && !isEarlier(state.snapshot, own.base.snapshot)) return { ok: true, adopted: false };
        this.cache.drop(docId);
      }
      this.write(docId, base, state.snapshot.sv, origin, meta, meta ? 'replace' : 'append');
      recordFork(this.db, docId, sourceDocId, state, movedFrom);
      return { ok: true, adopted: true };
    });
  }

  /**
   * Moves the doc's fork base to its source's current state, once an update has pulled the
   * source's changes in. The move is recorded as one (`movedFrom`), so that it reaches peers that
   * hold an older base of the doc (`preferForkBase`).
   */
  moveForkBase(docId: string): DocResult<{ base: ForkBase }> {
    return this.db.transaction((): DocResult<{ base: ForkBase }> => {
      const base = readForkBase(this.db, docId);
      if (!base) return problem('unknown-doc', `doc ${docId} is not a written fork`);
      this.writes.baseMoved(docId);
      return { ok: true, base: recordFork(this.db, docId, base.sourceDocId, this.stateOf(base.sourceDocId), base.stateVector) };
    });
  }

  /**
   * Takes a peer's fork base in place of this written doc's own, when it comes first by the order
   * every engine applies (docs/sync.md, "Fork bases"): a base an update moved (`movedFrom`) over a
   * copy, and over another moved base that is earlier; among copies, the earlier one (a copy made
   * after main moved must not hide main's changes in between from a merge). The doc must hold every
   * struct of the base. Only the record moves: the content stays the doc's. `by: 'hub'` takes a base
   * that comes strictly first; `'replica'` the hub's unless its own comes strictly first, so that
   * bases neither of which comes first end on the hub's.
   *
   * With `hideLaterCopy` (a page body), a copy that comes after the base kept or taken, and whose
   * structs the doc holds, has what main wrote between the two deleted from the doc
   * (`LaterCopy.ranges`): the doc holds both copies' structs, and main's text from between them
   * would mix into the writers' in the blocks they touched (`hidingOf`, which says what stays). The
   * later copies are kept beside the base, and a push that comes with the base kept runs the rule
   * again: it may bring a writer's edits into blocks nobody had touched. A deletion alone makes no
   * struct, so every engine that finds it converges; it is written as an ordinary row, which sync
   * carries to peers.
   */
  preferForkBase(
    docId: string,
    sourceDocId: string,
    base: Uint8Array,
    movedFrom: Uint8Array | undefined,
    by: 'hub' | 'replica',
    hideLaterCopy = false,
  ): DocResult<{ taken: boolean }> {
    const decoded = decode(() => Y.decodeUpdate(base));
    if ('malformed' in decoded) return problem('malformed-update', decoded.malformed);
    const from = movedFrom && decode(() => Y.decodeStateVector(movedFrom));
    if (from && 'malformed' in from) return problem('malformed-state-vector', from.malformed);
    return this.db.transaction((): DocResult<{ taken: boolean }> => {
      const own = readForkBase(this.db, docId);
      const meta = this.log.meta(docId);
      if (!own || !meta) return { ok: true, taken: false };
      // The later copies this page gave up: a push that comes with a base runs the rule again, since
      // it may bring a writer's edits into blocks no writer had touched.
      const laterCopy = hideLaterCopy ? readLaterCopy(this.db, docId) : undefined;
      if (sameBytes(own.baseUpdate, base)) {
        if (laterCopy) this.keepWritersApart(docId, own.snapshot, laterCopy, by);
        return { ok: true, taken: false };
      }
      const theirs = { snapshot: snapshotOf(base), moved: movedFrom !== undefined };
      const ours = { snapshot: own.snapshot, moved: own.movedFrom !== undefined };
      const held = heldBy(meta);
      const taken = (by === 'hub' ? comesFirst(theirs, ours) : !comesFirst(ours, theirs)) && holdsStructsOf(held, theirs.snapshot);
      const [kept, other] = taken ? [theirs, ours] : [ours, theirs];
      if (taken) {
        recordFork(this.db, docId, sourceDocId, { update: base, snapshot: theirs.snapshot }, movedFrom);
        this.writes.baseMoved(docId);
      }
      const gaveUp = hideLaterCopy && !other.moved && comesFirst(kept, other) && holdsStructsOf(held, other.snapshot) ? (taken ? own.baseUpdate : base) : undefined;
      const later = gaveUp && laterCopy && !sameBytes(gaveUp, laterCopy) ? Y.mergeUpdates([laterCopy, gaveUp]) : (gaveUp ?? laterCopy);
      // Recorded when it changed, or when taking a base forgot it (`recordFork`); a push on the base kept rewrites nothing.
      if (later && (gaveUp || taken)) recordLaterCopy(this.db, docId, later);
      if (later) this.keepWritersApart(docId, kept.snapshot, later, by);
      return { ok: true, taken };
    });
  }

  /**
   * Deletes from the doc what `later` (the later copies given up, merged) holds past `base` where
   * writers would mix with it (`hidingOf`); on the hub, where the copies meet, puts back the
   * blocks main deleted between them that writers wrote in, and those that read as neither
   * version (`mixedBlocks`), as the writers left them (`restorationOf`): one engine puts each back
   * once, so no block is put back twice.
   */
  private keepWritersApart(docId: string, base: Y.Snapshot, later: Uint8Array, by: 'hub' | 'replica'): void {
    const laterCopy = this.laterCopy(docId, base, later);
    const deletion = hidingOf(this.load(docId), base, laterCopy);
    if (deletion) this.append(docId, deletion);
    if (by !== 'hub') return;
    const held = this.load(docId);
    const restorations = readRestorations(this.db, docId);
    if (!swallowedWrites(held, laterCopy, restorations.analysed) && !mixedBlocks(held, base, laterCopy, restorations.blocks, restorations.analysed)) return;
    if (this.restore) return this.restoreAfterCommit(docId);
    const { update, restored } = restorationOf(this.restorationRows(docId), base, laterCopy, restorations.blocks, restorations.analysed);
    if (update) this.append(docId, update);
    recordRestorations(this.db, docId, new Map([...restorations.blocks, ...restored]), Y.encodeStateVector(held));
  }

  /**
   * What a put-back reads: the doc's fork base, then its rows. The base holds the text of the
   * blocks main deleted since, which no row may hold: a later copy made on an engine that
   * collected them holds none of it, and a push made on the base carries only what was written since.
   */
  private restorationRows(docId: string): Uint8Array[] {
    const fork = readForkBase(this.db, docId);
    return [...(fork ? [fork.baseUpdate] : []), ...this.log.rows(docId).map((row) => row.update)];
  }

  /** Puts back off the loop once the write that found the loss committed; one run per doc at a time, again if a write found more meanwhile. */
  private restoreAfterCommit(docId: string): void {
    if (this.restoring.has(docId)) {
      this.restoring.set(docId, 'again');
      return;
    }
    this.restoring.set(docId, 'running');
    this.schedule(() => {
      this.restoreOffLoop(docId)
        .catch((error: unknown) => {
          if (!this.closed) console.error(`putting back blocks of doc ${docId} failed`, error);
        })
        .finally(() => this.restoring.delete(docId));
    });
  }

  /**
   * Reads the doc's rows, its base, later copies and what was put back in one read transaction;
   * a worker works out what to put back; a write transaction appends it and records it, unless
   * what it was worked out from moved meanwhile (another run, a moved base), when it runs again.
   * The state recorded as looked at is the rows' as read: words that came after are looked at by
   * the next run. If the worker fails, the same is worked out here.
   */
  private async restoreOffLoop(docId: string): Promise<void> {
    for (;;) {
      if (this.closed) return;
      this.restoring.set(docId, 'running');
      const read = this.db.transaction(() => {
        const fork = readForkBase(this.db, docId);
        const later = readLaterCopy(this.db, docId);
        if (!fork || !later) return undefined;
        return { fork, later, rows: this.restorationRows(docId), restorations: readRestorations(this.db, docId), state: this.readFrom(docId).meta?.stateVector ?? EMPTY_STATE_VECTOR };
      }, 'read');
      if (!read) return;
      const input: RestorationInput = {
        rows: read.rows,
        base: Y.encodeSnapshot(read.fork.snapshot),
        later: read.later,
        restored: [...read.restorations.blocks],
        analysed: Y.encodeStateVector(read.restorations.analysed),
      };
      const made = await this.restore!(input).catch((error: unknown) => {
        // A pool closed with the store is no failure; any other worker's is worked out here.
        if (this.closed) throw error;
        return restorationFrom(input);
      });
      if (this.closed) return;
      const written = this.db.transaction(() => {
        const now = readRestorations(this.db, docId);
        const fork = readForkBase(this.db, docId);
        const later = readLaterCopy(this.db, docId);
        if (!fork || !later || !sameBytes(fork.baseUpdate, read.fork.baseUpdate) || !sameBytes(later, read.later) || !sameRestorations(now, read.restorations)) return false;
        if (made.update) this.append(docId, made.update);
        recordRestorations(this.db, docId, new Map([...now.blocks, ...made.restored]), read.state);
        return true;
      });
      if (written && this.restoring.get(docId) === 'running') return;
    }
  }

  /** The later copies read against the base, read again only when either changed since this doc's last push. */
  private laterCopy(docId: string, base: Y.Snapshot, later: Uint8Array): LaterCopy {
    const baseState = Y.encodeStateVector(base.sv);
    const known = this.laterCopies.get(docId);
    if (known && sameBytes(known.later, later) && sameBytes(known.baseState, baseState)) return known.copy;
    const copy = laterCopyOf(base, later, this.load(docId));
    this.laterCopies.delete(docId);
    this.laterCopies.set(docId, { later, baseState, copy });
    if (this.laterCopies.size > LATER_COPIES) this.laterCopies.delete(this.laterCopies.keys().next().value!);
    return copy;
  }

  /** The ids of the docs under `prefix` that have rows of their own (for a forked branch: the docs it wrote). */
  writtenUnder(prefix: string): string[] {
    return this.db.transaction(() => this.log.idsUnder(prefix), 'read');
  }

  /** Calls `observer` after each commit that appended to the doc (`'*'`: to any doc). Returns the function that stops it. */
  onUpdate(docId: string | '*', observer: UpdateObserver): () => void {
    return this.observers.on(docId, observer);
  }

  /**
   * Calls `hook` with the doc id and seq of every row written, inside the writing transaction (the
   * projections of src-main/engine/domain/content/ follow every writer this way). One hook per store.
   */
  onWriteInTransaction(hook: (docId: string, seq: number) => void): void {
    this.writeHook = hook;
  }

  /**
   * Rows after `afterSeq` reached this file under the store (a hub process replaying another's
   * commits, docs/hub.md): observers hear them as committed updates. A loaded doc catches up on
   * its next read, as after another connection's commit.
   */
  noticeWrittenElsewhere(docId: string, afterSeq: number, origin: unknown): void {
    for (const row of this.log.rows(docId, afterSeq)) this.observers.emit({ docId, seq: row.seq, update: row.update, origin });
  }

  /** Loaded docs, for tests and diagnostics. */
  get cacheSize(): { docs: number; bytes: number } {
    return this.cache.size;
  }

  /** Drops loaded docs and skips compactions still scheduled: the database may close next. */
  close(): void {
    this.closed = true;
    this.cache.clear();
    this.spares.clear();
  }

  /** The doc reads come from, with its meta: itself once written, else the source of the branch it was forked in. */
  private readFrom(docId: string): { docId: string; meta: DocMeta | undefined } {
    const meta = this.log.meta(docId);
    if (meta) return { docId, meta };
    const source = this.branches.sourceOf(docId);
    const sourceMeta = source ? this.log.meta(source) : undefined;
    return source && sourceMeta ? { docId: source, meta: sourceMeta } : { docId, meta: undefined };
  }

  /**
   * Before `docId` changes: its unwritten copies in forked branches take its state as it is
   * (copy-before-write), and an unwritten copy itself starts from its source. Returns its meta.
   */
  private prepareWrite(docId: string, copy?: CopyState): DocMeta | undefined {
    const meta = this.log.meta(docId);
    if (meta) {
      for (const copy of this.branches.copiesOf(docId)) {
        if (!this.log.meta(copy.docId)) this.copyInto(docId, copy.docId, undefined);
      }
      return meta;
    }
    const source = this.branches.sourceOf(docId);
    if (!source || !this.copyable(source)) return undefined;
    this.copyInto(source, docId, undefined, copy);
    return this.log.meta(docId);
  }

  /**
   * Whether a copy of `sourceDocId` can be made: it has rows, or exists empty without them
   * (`emptyWithoutRows`). Otherwise a copy that holds nothing would go without a fork base, and an
   * engine where the source has rows by then would copy it as it is there: content the writer's
   * copy never had (docs/sync.md, "Forked docs").
   */
  private copyable(sourceDocId: string): boolean {
    return this.log.meta(sourceDocId) !== undefined || this.emptyWithoutRows(sourceDocId);
  }

  private copyInto(sourceDocId: string, targetDocId: string, origin: unknown, copy?: CopyState): number {
    const made = copy && copy.source === sourceDocId && copy.seq === this.log.meta(sourceDocId)?.seq;
    const state = made ? { update: copy.update, snapshot: Y.decodeSnapshot(copy.snapshot) } : this.stateOf(sourceDocId);
    // The snapshot's state vector counts contiguous clocks only, as `advance` does.
    const seq = this.write(targetDocId, state.update, state.snapshot.sv, origin, undefined);
    recordFork(this.db, targetDocId, sourceDocId, state);
    return seq;
  }

  /**
   * Everything the doc's rows hold, as one update: encoded from the loaded doc when the cache has
   * it (pending structs included), which is several times faster than merging its rows. The
   * snapshot is the loaded doc's when nothing in it is pending, rather than decoded from the
   * update: an update pulling main into a change request moves a fork base per doc it changed.
   */
  private stateOf(docId: string): DocState {
    const meta = this.log.meta(docId);
    const doc = meta && !this.writes.touches(docId) ? this.cached(docId, meta) : undefined;
    const update = doc ? Y.encodeStateAsUpdate(doc) : mergeAll(this.log.rows(docId).map((row) => row.update));
    const settled = doc && !doc.store.pendingStructs && !doc.store.pendingDs;
    return { update, snapshot: settled ? Y.snapshot(doc) : snapshotOf(update) };
  }

  private write(docId: string, update: Uint8Array, held: StateVector, origin: unknown, meta: DocMeta | undefined, mode: 'append' | 'replace' = 'append'): number {
    const seq = (meta?.seq ?? 0) + 1;
    if (mode === 'replace') {
      this.log.replaceAll(docId, seq, update, Y.encodeStateVector(held));
      this.writes.add({ docId, seq, update, origin, rowCount: 1, replaced: true });
    } else {
      this.log.append(docId, seq, update, Y.encodeStateVector(held));
      this.writes.add({ docId, seq, update, origin, rowCount: (meta?.rowCount ?? 0) + 1 });
    }
    this.writeHook?.(docId, seq);
    return seq;
  }

  /** After a commit: loaded docs move on (unless a read in the transaction took the row), observers hear, logs grown long get compacted. */
  private committed(written: readonly Written[]): void {
    for (const row of written) {
      if ((this.cache.get(row.docId)?.seq ?? 0) < row.seq) this.cache.extend(row.docId, row.seq - 1, [row]);
      this.observers.emit({ docId: row.docId, seq: row.seq, update: row.update, origin: row.origin, ...(row.replaced && { replaced: true }), ...(row.baseMoved && { baseMoved: true }) });
      if (row.rowCount % this.compactEveryRows === 0) this.scheduleCompaction(row.docId);
    }
  }

  /** The cached doc, brought up to `meta.seq` with what other connections committed; undefined if not cached. */
  private cached(docId: string, meta: DocMeta): Y.Doc | undefined {
    const entry = this.cache.get(docId);
    if (!entry) return undefined;
    if (entry.seq < meta.seq) this.cache.extend(docId, entry.seq, this.log.rows(docId, entry.seq));
    else if (entry.seq > meta.seq) this.cache.drop(docId);
    return this.cache.get(docId)?.doc;
  }

  private loadIntoCache(docId: string): Y.Doc {
    const rows = this.log.rows(docId);
    const doc = buildDoc(rows.map((row) => row.update));
    const bytes = rows.reduce((sum, row) => sum + row.update.byteLength, 0);
    this.cache.put(docId, doc, rows.at(-1)!.seq, bytes);
    return doc;
  }

  private scheduleCompaction(docId: string): void {
    if (this.compactionsDue.has(docId)) return;
    this.compactionsDue.add(docId);
    // A busy or failing database: the rows stay as they are, and the next multiple tries again.
    const failed = (error: unknown) => {
      if (!this.closed) console.error(`compaction of doc ${docId} failed`, error);
    };
    this.schedule(() => {
      this.compactionsDue.delete(docId);
      if (this.closed) return;
      try {
        this.compactOffThread(docId).catch(failed);
      } catch (error) {
        failed(error);
      }
    });
  }
}

/** The order of fork bases: a moved base before a copy; the later of two moved bases; the earlier of two copies. */
function comesFirst(a: { snapshot: Y.Snapshot; moved: boolean }, b: { snapshot: Y.Snapshot; moved: boolean }): boolean {
  if (a.moved !== b.moved) return a.moved;
  return a.moved ? isEarlier(b.snapshot, a.snapshot) : isEarlier(a.snapshot, b.snapshot);
}

function heldBy(meta: DocMeta | undefined): StateVector {
  return meta ? Y.decodeStateVector(meta.stateVector) : new Map();
}

function problem(kind: DocProblem['kind'], message: string): { ok: false; problem: DocProblem } {
  return { ok: false, problem: { kind, message } };
}
