import type * as Y from 'yjs';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { pageDoc, parseDocName, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { BodyIndex } from './body-index.js';
import type { PrereadBlocks } from './body-preread.js';
import type { BodyFacts } from './body-text.js';
import { NO_BODY_ROWS, hasPage, ownsRows, projectedBodyRows, rowsBranch, takeRows, writeBodyRows, type BodyRows } from './projection-sql.js';
import { readersThrough } from './read-through.js';
import { projectTreeChanges, projectWholeTree, type TreeTarget } from './tree-projection.js';
import type { TreeChanges } from './tree-watch.js';

/** What one transaction wrote, per space and branch: the tree or not, and which page bodies. */
interface Touched {
  spaceId: string;
  branch: Branch;
  tree: boolean;
  pages: Set<string>;
}

/** A tree doc as its writer left it, with what the writer changed. */
interface Lent {
  seq: number;
  doc: Y.Doc;
  changes: TreeChanges;
}

/** A page body as its writer left it: the doc itself, or rows another branch already holds. */
interface LentBody {
  seq: number;
  from: Y.Doc | (() => BodyRows | undefined);
}

/** A comments doc as its writer left it, with the threads the writer changed. */
interface LentThreads {
  seq: number;
  doc: Y.Doc;
  threadIds: ReadonlySet<string>;
}

/**
 * Projects the threads of a comments doc to SQL: every thread, or only `threadIds` when the
 * writer said which it changed. Registered by the engine (api/comments/projection.ts).
 */
export type CommentsProjection = (
  db: Database,
  place: { spaceId: string; branch: Branch },
  doc: Y.Doc,
  threadIds: ReadonlySet<string> | undefined,
) => void;

declare module '../../core/pipeline/context.js' {
  interface Services {
    /** The projector following the request's docs: a writer that holds the doc it wrote lends it. */
    projector: Projector;
  }
}

/**
 * Keeps the SQL projections of page trees and bodies, and of comment threads, in step with the
 * docs. Every row the store writes, whoever the writer (API handlers, y-websocket, sync), marks
 * its doc; just before the transaction commits, the marked branches and comments docs are
 * projected, inside it. Only the pages a write touched have their body rows rewritten. A tree or
 * comments write is projected from the doc as a whole (rows compared, only those that differ
 * written), unless its writer lent the doc it wrote and what it changed: then only those pages
 * or threads are read and written.
 */
export class Projector {
  private touched: Map<string, Touched> | undefined;
  /** The last seq written to each doc in the open transaction. */
  private readonly lastSeq = new Map<string, number>();
  private readonly lent = new Map<string, Lent>();
  private readonly lentBodies = new Map<string, LentBody>();
  /** Comments docs written in the open transaction. */
  private readonly comments = new Map<string, { spaceId: string; branch: Branch }>();
  private readonly lentThreads = new Map<string, LentThreads>();
  private projectComments: CommentsProjection | undefined;
  /** Each body doc's blocks as last read, so that an edit reads only the blocks it changed. Goes with the doc. */
  private readonly bodies = new WeakMap<Y.Doc, BodyIndex>();

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
    private readonly clock: Clock,
    /** A large body's blocks read off the event loop from the rows its doc is built from (body-preread.ts), for `prepareLiveEdits`. */
    private readonly prereadBlocks?: (updates: Uint8Array[]) => Promise<PrereadBlocks>,
  ) {
    docs.onWriteInTransaction((docId, seq) => this.written(docId, seq));
  }

  /**
   * A writer's doc as it stands after its row `seq`, and the pages it changed. Used only if no
   * other row reaches that doc before the transaction commits.
   */
  lend(docId: string, seq: number, doc: Y.Doc, changes: TreeChanges): void {
    if (this.touched) this.lent.set(docId, { seq, doc, changes });
  }

  /** A page body doc as it stands after its row `seq`, so that projecting it loads nothing. */
  lendBody(docId: string, seq: number, doc: Y.Doc): void {
    if (this.touched) this.lentBodies.set(docId, { seq, from: doc });
  }

  /** A new page body doc, after its row `seq`, gives `facts` (read where its update was made: content/built-body.ts). */
  lendBodyFacts(docId: string, seq: number, facts: BodyFacts): void {
    if (this.touched) this.lentBodies.set(docId, { seq, from: () => facts });
  }

  /**
   * Says that a page body doc, after its row `seq`, holds the same content as the page's body on
   * another branch: its rows are read from that branch's now, before this transaction changes them.
   */
  lendBodyOf(docId: string, seq: number, source: { spaceId: string; branch: Branch; pageId: string }): void {
    if (!this.touched) return;
    const rows = projectedBodyRows(this.db, source.spaceId, rowsBranch(this.db, source.spaceId, branchKey(source.branch)), source.pageId);
    this.lentBodies.set(docId, { seq, from: () => rows });
  }

  /** Comment threads are projected by the comments area, through the same transactions. */
  followComments(projection: CommentsProjection): void {
    this.projectComments = projection;
  }

  /** Like `lend`, for a comments doc and the threads its writer changed. */
  lendThreads(docId: string, seq: number, doc: Y.Doc, threadIds: ReadonlySet<string>): void {
    if (this.touched) this.lentThreads.set(docId, { seq, doc, threadIds });
  }

  /** Projects a doc again before the open transaction commits, as if written: its place may have arrived after it (sync). */
  reproject(docId: string): void {
    this.written(docId, -1);
  }

  /**
   * Projects now what the open transaction wrote so far, for a writer that answers from the
   * projection; later writes of the transaction are projected before it commits, as ever.
   */
  settle(): void {
    if (this.touched) this.flush();
  }

  private written(docId: string, seq: number): void {
    const name = parseDocName(docId);
    if (!name) return;
    if (!this.touched) {
      this.touched = new Map();
      this.db.beforeCommit(() => this.flush());
      this.db.onTransactionEnd(() => this.forget());
    }
    this.lastSeq.set(docId, seq);
    if (name.kind === 'comments') {
      this.comments.set(docId, { spaceId: name.spaceId, branch: name.branch });
      return;
    }
    const key = `${name.spaceId} ${branchKey(name.branch)}`;
    let entry = this.touched.get(key);
    if (!entry) this.touched.set(key, (entry = { spaceId: name.spaceId, branch: name.branch, tree: false, pages: new Set() }));
    if (name.kind === 'tree') entry.tree = true;
    else entry.pages.add(name.pageId);
    // A row of a main doc: change requests reading it through their fork project it too, after main.
    if (name.branch.kind === 'main' && seq > 0) {
      for (const reader of readersThrough(this.db, name.spaceId, docId)) this.written(reader, -1);
    }
  }

  private flush(): void {
    const touched = [...(this.touched?.values() ?? [])];
    const now = this.clock.now().toISOString();
    for (const entry of touched) this.projectBranch(entry, now);
    for (const [docId, place] of this.comments) this.projectThreads(docId, place);
    this.forget();
  }

  private forget(): void {
    this.touched = undefined;
    this.lastSeq.clear();
    this.lent.clear();
    this.lentBodies.clear();
    this.comments.clear();
    this.lentThreads.clear();
  }

  private projectThreads(docId: string, place: { spaceId: string; branch: Branch }): void {
    if (!this.projectComments) return;
    const lent = this.lentThreads.get(docId);
    if (lent && lent.seq === this.lastSeq.get(docId)) this.projectComments(this.db, place, lent.doc, lent.threadIds);
    else this.projectComments(this.db, place, this.docs.load(docId), undefined);
  }

  private projectBranch(entry: Touched, now: string): void {
    const { spaceId, branch } = entry;
    if (!this.db.get('SELECT 1 FROM spaces WHERE id = ?', spaceId)) return;
    const key = branchKey(branch);
    // Rows copied from main just now match main's tree, not what a writer changed from the branch's.
    const copied = !ownsRows(this.db, spaceId, key);
    takeRows(this.db, spaceId, key);
    const bodies = new Set(entry.pages);
    const appeared = new Set(entry.tree ? this.projectTree({ db: this.db, spaceId, branch: key, now }, treeDoc(spaceId, branch), copied) : []);
    for (const pageId of appeared) bodies.add(pageId);
    for (const pageId of bodies) this.projectBody(spaceId, branch, key, pageId, now, appeared.has(pageId));
  }

  /** From the doc its writer lent, if that is still the doc's state: only the pages it changed, or the whole of it. */
  private projectTree(target: TreeTarget, docId: string, copied: boolean): string[] {
    const lent = this.lent.get(docId);
    if (!lent || lent.seq !== this.lastSeq.get(docId)) return projectWholeTree(target, this.docs.load(docId));
    return (copied ? undefined : projectTreeChanges(target, lent.doc, lent.changes)) ?? projectWholeTree(target, lent.doc);
  }

  /** `appeared`: the tree's projection has just inserted the page's row, so it has no body rows yet (none are read back). */
  private projectBody(spaceId: string, branch: Branch, key: string, pageId: string, now: string, appeared: boolean): void {
    if (!appeared && !hasPage(this.db, spaceId, key, pageId)) return;
    const docId = pageDoc(spaceId, branch, pageId);
    const lent = this.lentBodies.get(docId);
    const fresh = lent && lent.seq === this.lastSeq.get(docId) ? lent.from : undefined;
    if (fresh && typeof fresh !== 'function') return this.projectDoc(spaceId, key, pageId, fresh, now, appeared);
    const rows = fresh?.();
    if (rows) return writeBodyRows(this.db, spaceId, key, pageId, rows, now, appeared ? NO_BODY_ROWS : undefined);
    this.projectDoc(spaceId, key, pageId, this.docs.load(docId), now, appeared);
  }

  /**
   * Gets a page body doc someone opened to edit live ready for their first keystroke, while the
   * event loop is otherwise free: the doc loaded a slice at a time (`DocStore.loadAhead`), its
   * blocks read meanwhile in a worker from the same rows, then what no worker read (blocks changed
   * since, or all of them without a worker) read in slices of a few milliseconds (body-index.ts). `ready` settles once both are done
   * (or were stopped, or failed); `stop` stops them (the room closed).
   */
  prepareLiveEdits(docId: string): LivePreparation {
    if (parseDocName(docId)?.kind !== 'page') return { ready: Promise.resolve(), stop: () => undefined };
    let stopped = false;
    // Reading ahead only spares work: should it fail (a busy database, a body that will not read),
    // it stops, and the first projection does the work and meets the failure in its transaction.
    const ready = this.docs
      .loadAhead(docId, SLICE_MS, this.prereadBlocks && { read: this.prereadBlocks, built: (doc, blocks: PrereadBlocks) => this.indexOf(doc).usePreread(blocks) })
      .then(
        () =>
          new Promise<void>((resolve) => {
            let index: BodyIndex | undefined;
            const slice = () => {
              try {
                if (stopped) return resolve();
                index ??= this.indexOf(this.docs.load(docId));
                if (index.readAhead(SLICE_MS)) return resolve();
                setImmediate(slice);
              } catch {
                resolve();
              }
            };
            setImmediate(slice);
          }),
      )
      .catch(() => undefined);
    return {
      ready,
      // The next slice sees it and settles `ready`, so nothing waits on a promise left pending.
      stop: () => {
        stopped = true;
      },
    };
  }

  private indexOf(doc: Y.Doc): BodyIndex {
    let index = this.bodies.get(doc);
    if (!index) this.bodies.set(doc, (index = new BodyIndex(doc)));
    return index;
  }

  /** Writes what a body doc gives, reading only the blocks changed since it was last read, and writing only the rows that changed. */
  private projectDoc(spaceId: string, key: string, pageId: string, doc: Y.Doc, now: string, appeared: boolean): void {
    const index = this.indexOf(doc);
    const place = `${spaceId} ${key} ${pageId}`;
    const facts: BodyFacts = index.body();
    writeBodyRows(this.db, spaceId, key, pageId, facts, now, appeared ? NO_BODY_ROWS : index.lastWritten(place));
    index.wrote(place, facts);
  }
}

/** A page body doc being got ready for live edits (`prepareLiveEdits`). */
export interface LivePreparation {
  ready: Promise<void>;
  stop: () => void;
}

/** How long one slice of loading a live doc, or of reading its blocks ahead, holds the event loop. */
const SLICE_MS = 4;

/** A branch's name in the projection's rows: `main`, or the change request's id. */
const branchKey = (branch: Branch) => (branch.kind === 'main' ? 'main' : branch.changeRequestId);
