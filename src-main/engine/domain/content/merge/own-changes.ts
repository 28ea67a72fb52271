import * as Y from 'yjs';
import { pmToDocument, type DocumentJson } from '../../../../../src-shared/content/document-out.js';
import { hashOf } from '../../../../../src-shared/content/block-hash.js';
import { blockIndex, readBody } from '../../../../../src-shared/content/yjs.js';
import type { DocStore } from '../../../core/docs/store.js';
import { buildDoc, type DeleteSet } from '../../../core/docs/updates.js';
import { MAIN, changeRequestBranch, pageDoc, treeDoc } from '../../../../../src-shared/sync/doc-names.js';
import { FILES, PAGES, readFiles, readPages, type TreeFile, type TreePage } from '../tree.js';
import { writtenPairs } from './branch-docs.js';
import { blocksFromSides, setBlocks } from './set-blocks.js';
import { holdsMainsLater } from './three-way.js';
import { blockItems, takenWhereUnreached, touchedElements, touchedEntries } from './touched-elements.js';

/** What a change request did to one page since its base. */
export interface OwnPageChange {
  pageId: string;
  kind: 'created' | 'edited' | 'deleted' | 'moved';
  /** The page at the base and in the change request's head; one is missing for created and deleted pages. */
  before?: TreePage;
  after?: TreePage;
  /** Whether its body changed (always for a page created with a body). */
  bodyChanged: boolean;
  /** The body at the base and in the head, as `compareBodies` showed them, where the page shows them. */
  bodies?: Pick<ComparedBody, 'before' | 'after'>;
}

export interface OwnFileChange {
  kind: 'created' | 'edited' | 'deleted';
  before?: TreeFile;
  after?: TreeFile;
}

export interface OwnChanges {
  /** The pages at the base and in the head. */
  base: ReadonlyMap<string, TreePage>;
  head: ReadonlyMap<string, TreePage>;
  pages: OwnPageChange[];
  files: OwnFileChange[];
}

/** A body as a change shows it: its `Document` (a review's diff) or its content hash (`…/changes`). */
export type BodyShown = 'document' | 'hash';
export interface ShownBody {
  document?: DocumentJson;
  hash?: string;
}

/** The bytes of one page's body on both sides, read on the event loop for a worker to compare. */
export interface PageBodySides {
  pageId: string;
  /** The head's rows; null for a page the head no longer has. */
  head: Uint8Array[] | null;
  /** The copy the change request started from, where main had the page then. */
  fork?: { baseUpdate: Uint8Array; stateVector: Uint8Array; snapshot: Uint8Array };
  /** Whether the change request wrote the doc: a doc it never wrote did not change. */
  written: boolean;
  /** Whether its bodies are shown whatever changed (a created or deleted page), or only when the body changed. */
  show: 'always' | 'if-changed';
  /** Main's doc of the page as `MainAsJudged` has it, where the head holds main's text from after its base (`asOwnBefore`). */
  main?: { stateVector: Uint8Array; rows?: Uint8Array[] };
}

/**
 * Main as a change request's own changes are told from main's where it holds main's text from
 * after its base (a page first written on two copies of main: docs/sync.md, "Fork bases"): for a
 * change request not merged, main now, its state vector and its deletions; for a merged one, main
 * just before the merge, of which a revision keeps the state vector but not the deletions (every
 * deletion since the base then counts as the change request's own).
 */
export interface MainAsJudged {
  stateVector: (mainDocId: string) => Uint8Array | undefined;
  withDeletions: boolean;
}

/**
 * What a change request's own changes are computed from, read in one transaction: its trees at
 * the base and the head, its files' changes, and the bytes of every body that may have changed.
 * The bodies are compared and presented off the event loop (`compareBodies`, a worker task):
 * building two docs per page and writing out their `Document`s took ~350 ms per 100 pages there.
 */
export interface OwnChangesRead {
  base: ReadonlyMap<string, TreePage>;
  head: ReadonlyMap<string, TreePage>;
  files: OwnFileChange[];
  bodies: PageBodySides[];
}

/**
 * Reads a change request's own changes: its head against its base, the main it forked from or
 * last pulled in (each doc's fork base), never main as it is now. So the changes of a merged
 * change request stay its own, whatever main became since (its docs are frozen and so are their
 * bases). Only the docs it wrote are compared; one it never wrote has no change of its. Where a
 * doc holds main's changes from after its base (two copies of main), what its own changes never
 * reached is no change of its (`MainAsJudged`): its base there reads as its head.
 */
export function readOwnChanges(docs: DocStore, spaceId: string, changeRequestId: string, main: MainAsJudged): OwnChangesRead {
  const branch = changeRequestBranch(changeRequestId);
  const pairs = writtenPairs(docs, spaceId, changeRequestId);
  const wroteTree = pairs.some((pair) => pair.pageId === undefined);
  const treeId = treeDoc(spaceId, branch);
  const headTreeDoc = docs.load(treeId);
  const treeFork = wroteTree ? docs.forkBase(treeId) : undefined;
  const baseTreeDoc = treeFork ? buildDoc([treeFork.baseUpdate]) : undefined;
  const head = readPages(headTreeDoc);
  const reached = treeFork ? mainsEntriesReached(docs, main, treeId, treeDoc(spaceId, MAIN), treeFork.snapshot) : undefined;
  // A page or file the change request's own changes never reached is as its head has it: main's change, not its own.
  const judged = <T>(base: Map<string, T>, head: ReadonlyMap<string, T>, map: string) => (reached ? takenWhereUnreached(base, head, (id) => reached.has(`${map}/${id}`)) : base);
  // A tree the change request never wrote is main's as it was: its pages are the base's.
  const base = baseTreeDoc ? judged(readPages(baseTreeDoc), head, PAGES) : wroteTree ? new Map<string, TreePage>() : head;
  const written = new Set(pairs.flatMap((pair) => (pair.pageId === undefined ? [] : [pair.pageId])));
  const shownAlways = new Set([...[...head.keys()].filter((id) => !base.has(id)), ...[...base.keys()].filter((id) => !head.has(id))]);
  const bodies = [...new Set([...written, ...shownAlways])].map((pageId): PageBodySides => {
    const docId = pageDoc(spaceId, branch, pageId);
    const fork = docs.forkBase(docId);
    const mainDocId = pageDoc(spaceId, MAIN, pageId);
    const mainState = fork && head.has(pageId) ? mainsLater(docs, main, docId, mainDocId, fork.snapshot.sv) : undefined;
    return {
      pageId,
      head: head.has(pageId) ? docs.updatesOf(docId) : null,
      ...(fork ? { fork: { baseUpdate: fork.baseUpdate, stateVector: fork.stateVector, snapshot: Y.encodeSnapshot(fork.snapshot) } } : {}),
      written: written.has(pageId),
      show: shownAlways.has(pageId) ? 'always' : 'if-changed',
      ...(mainState ? { main: { stateVector: mainState, ...(main.withDeletions ? { rows: docs.updatesOf(mainDocId) } : {}) } } : {}),
    };
  });
  const filesChanged = (before: Map<string, TreeFile>, after: Map<string, TreeFile>) => fileChanges(judged(before, after, FILES), after);
  return { base, head, files: baseTreeDoc ? filesChanged(readFiles(baseTreeDoc), readFiles(headTreeDoc)) : [], bodies };
}

/** Main's state vector as judged, where the change request's doc holds main's structs from after its base; else undefined. */
function mainsLater(docs: DocStore, main: MainAsJudged, docId: string, mainDocId: string, base: Map<number, number>): Uint8Array | undefined {
  const mainState = main.stateVector(mainDocId);
  if (!mainState) return undefined;
  return holdsMainsLater(Y.decodeStateVector(docs.stateVector(docId)), Y.decodeStateVector(mainState), base) ? mainState : undefined;
}

/**
 * The deletions that are not the change request's own: main's (where known) and those its base
 * already had.
 */
function notOwnDeletions(base: DeleteSet, mainRows: Uint8Array[] | undefined): DeleteSet {
  if (!mainRows) return base;
  return Y.mergeDeleteSets([base, Y.createDeleteSetFromStructStore(buildDoc(mainRows).store)]);
}

/**
 * The pages and files of a change request's tree its own changes reached (`touchedEntries`, as
 * `<map>/<id>`), where it holds main's changes from after its base (`MainAsJudged`); undefined
 * where everything counts as its own.
 */
function mainsEntriesReached(docs: DocStore, main: MainAsJudged, docId: string, mainDocId: string, base: Y.Snapshot): Set<string> | undefined {
  const mainState = mainsLater(docs, main, docId, mainDocId, base.sv);
  if (!mainState) return undefined;
  const head = buildDoc(docs.updatesOf(docId), { gc: false });
  const deletions = notOwnDeletions(base.ds, main.withDeletions ? docs.updatesOf(mainDocId) : undefined);
  return touchedEntries(head, Y.encodeStateAsUpdate(head, mainState), deletions, [PAGES, FILES]);
}

/**
 * Gives the base body each block the change request's own changes never reached as the head has
 * it (`PageBodySides.main`): those blocks hold main's changes from after the base, which a review
 * shows no more than a merge takes them for the change request's. `head` must keep deleted items
 * (`gc: false`). Where the doc cannot tell where a change sits, the base stays as it was.
 */
function asOwnBefore(base: Y.Doc, head: Y.Doc, fork: NonNullable<PageBodySides['fork']>, main: NonNullable<PageBodySides['main']>): void {
  const deletions = notOwnDeletions(Y.decodeSnapshot(fork.snapshot).ds, main.rows);
  const touched = touchedElements(head, Y.encodeStateAsUpdate(head, main.stateVector), deletions);
  if (!touched) return;
  const [items, baseItems] = [blockItems(head), blockItems(base)];
  const [headIndex, baseIndex] = [blockIndex(head), blockIndex(base)];
  const mains = new Map<string, 'change-request'>();
  for (const blockId of new Set([...headIndex.keys(), ...baseIndex.keys()])) {
    const item = items.get(blockId) ?? baseItems.get(blockId);
    if (item === undefined || touched.has(item) || headIndex.get(blockId) === baseIndex.get(blockId)) continue;
    mains.set(blockId, 'change-request');
  }
  if (mains.size === 0) return;
  const body = readBody(head);
  // Every node placed comes from the head's body, of the same schema; should one not fit, the base stays as it was.
  setBlocks(base, blocksFromSides(mains, { main: body, 'change-request': body }));
}

/** What `compareBodies` found of one page: whether its body changed, and its bodies where shown. */
export interface ComparedBody {
  pageId: string;
  bodyChanged: boolean;
  before?: ShownBody;
  after?: ShownBody;
}

/**
 * Each page's body compared with its base, and shown as `shown` asks where the page shows it
 * (the work of a worker thread: pure, from bytes).
 */
export function compareBodies(bodies: readonly PageBodySides[], shown: BodyShown): ComparedBody[] {
  return bodies.map((sides) => {
    const base = sides.fork ? buildDoc([sides.fork.baseUpdate]) : undefined;
    const head = buildDoc(sides.head ?? [], { gc: !sides.main });
    if (base && sides.fork && sides.main) asOwnBefore(base, head, sides.fork, sides.main);
    const bodyChanged = sides.written && bodyDiffers(base, head, sideChanged(head, sides.fork));
    if (sides.show === 'if-changed' && !bodyChanged) return { pageId: sides.pageId, bodyChanged };
    const show = (doc: Y.Doc): ShownBody => (shown === 'hash' ? { hash: bodyHash(doc) } : { document: documentOf(doc) });
    return { pageId: sides.pageId, bodyChanged, ...(base ? { before: show(base) } : {}), ...(sides.head ? { after: show(head) } : {}) };
  });
}

/** The change request's own changes, its pages' bodies as `compareBodies` found them. */
export function ownChanges(read: OwnChangesRead, compared: readonly ComparedBody[]): OwnChanges {
  const bodies = new Map(compared.map((body) => [body.pageId, body]));
  const { base, head } = read;
  const changed = (pageId: string) => bodies.get(pageId)?.bodyChanged === true;
  const shown = (pageId: string) => ({ bodies: bodies.get(pageId) });
  const pages: OwnPageChange[] = [];
  for (const [pageId, after] of head) {
    const before = base.get(pageId);
    const bodyChanged = changed(pageId);
    if (!before) pages.push({ pageId, kind: 'created', after, bodyChanged, ...shown(pageId) });
    else if (before.parent !== after.parent) pages.push({ pageId, kind: 'moved', before, after, bodyChanged, ...shown(pageId) });
    else if (bodyChanged || fieldsDiffer(before, after)) pages.push({ pageId, kind: 'edited', before, after, bodyChanged, ...shown(pageId) });
  }
  for (const [pageId, before] of base) if (!head.has(pageId)) pages.push({ pageId, kind: 'deleted', before, bodyChanged: false, ...shown(pageId) });
  return { base, head, pages, files: read.files };
}

/**
 * Every page `ownChanges` may name from `read`, whatever the bodies hold: those whose body may have
 * changed, those whose place or fields did, and their parents on both sides.
 */
export function pagesNamed(read: OwnChangesRead): Set<string> {
  const named = new Set(read.bodies.map((sides) => sides.pageId));
  for (const [pageId, after] of read.head) {
    const before = read.base.get(pageId);
    if (before && before.parent === after.parent && !fieldsDiffer(before, after)) continue;
    named.add(pageId);
  }
  for (const pageId of [...named]) {
    for (const tree of [read.base, read.head]) {
      const parent = tree.get(pageId)?.parent;
      if (parent) named.add(parent);
    }
  }
  return named;
}

/** Whether the head holds anything not in its copy (the store's `diff` against the copy, as `threeWay` reads it). */
function sideChanged(head: Y.Doc, fork: PageBodySides['fork']): boolean {
  if (!fork) return true;
  return !Y.snapshotContainsUpdate(Y.decodeSnapshot(fork.snapshot), Y.encodeStateAsUpdate(head, fork.stateVector));
}

/**
 * A body a side "changed" (its update is not contained in the base) whose blocks hash the same
 * as the base's changed nothing a reader sees (a word typed and removed): not a change.
 */
function bodyDiffers(base: Y.Doc | undefined, head: Y.Doc, changed: boolean): boolean {
  if (!changed) return false;
  if (!base) return true;
  const [before, after] = [blockIndex(base), blockIndex(head)];
  if (before.size !== after.size) return true;
  const order = (index: Map<string, string>) => [...index].map(([id, hash]) => `${id}:${hash}`).join();
  return order(before) !== order(after);
}

/** The hash of a body's content: its blocks (id, type, attributes, text and marks) in order. */
function bodyHash(doc: Y.Doc): string {
  return hashOf(JSON.stringify([...blockIndex(doc)]));
}

function documentOf(doc: Y.Doc): DocumentJson | undefined {
  const document = pmToDocument(readBody(doc));
  return document.ok ? document.value : undefined;
}

const COMPARED: (keyof TreePage)[] = ['title', 'slug', 'emoji', 'description', 'type', 'hidden', 'position'];

function fieldsDiffer(before: TreePage, after: TreePage): boolean {
  return COMPARED.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

function fileChanges(base: ReadonlyMap<string, TreeFile>, head: ReadonlyMap<string, TreeFile>): OwnFileChange[] {
  const changes: OwnFileChange[] = [];
  for (const [fileId, after] of head) {
    const before = base.get(fileId);
    if (!before) changes.push({ kind: 'created', after });
    else if (JSON.stringify(before) !== JSON.stringify(after)) changes.push({ kind: 'edited', before, after });
  }
  for (const [fileId, before] of base) if (!head.has(fileId)) changes.push({ kind: 'deleted', before });
  return changes;
}
