import { blobBytes } from '../../domain/content/sql.js';
import { updateRow } from '../../domain/content-tree/rows.js';
import { addContributor, findChangeRequest, insertChangeRequest, updateChangeRequest } from '../../domain/change-requests/sql.js';
import { findSpace } from '../../domain/spaces/sql.js';
import { rowsBranch } from '../../domain/content/projection-sql.js';
import type { Projector } from '../../domain/content/projector.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { newId } from '../../core/ids.js';
import { branchDocPrefix, changeRequestBranch, MAIN, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../../domain/revisions/revisions.js';
import type { ChangeCapture } from '../sync/changes/capture.js';
import { logChangesAs } from '../sync/changes/request-actor.js';
import { cutPendingEdits } from '../yjs/live-edits.js';
import { importedState, type PreparedImport } from '../../domain/git-sync/layout/prepare.js';
import {
  blobOid, emptyState, stateFromJson, stateToJson, type ExportPlan, type LayoutState, type Reconciling, type SpaceFile, type SpacePage,
} from '../../domain/git-sync/layout/write-repository.js';
import { fullRef } from '../../domain/git-sync/remote.js';
import { rowsOf, importTouches, readSpace, touchesAny, writeImport } from './space-content.js';
import { findLink, findState, firstParent, mainHolds, saveState, sourceKey, type GitStateRow } from '../../domain/git-sync/sql.js';

/**
 * The steps of a sync that read or write the space, each in one transaction, shared by Git
 * operations (runner.ts) and folder imports and exports (folder.ts).
 */

/**
 * What the steps write a space with: its database and docs, the change log's capture (an import
 * is logged as its actor's) and the projector (lent what was written, so it loads nothing again).
 */
export interface SpaceWrites {
  db: Database;
  docs: DocStore;
  capture: ChangeCapture;
  projector: Projector;
}

/** The data dir's owner: the user its first start created. */
export function ownerId(db: Database): string {
  return db.get<{ id: string }>('SELECT id FROM users ORDER BY created_at, rowid LIMIT 1')?.id ?? '';
}

export interface ImportApply {
  spaceId: string;
  prepared: PreparedImport;
  /** What the last sync with this source left, if any; none while the import reconciles with main by path (`syncBase`). */
  stateRow: GitStateRow | undefined;
  /** The change request of an earlier reconciling import, untouched since: archived, as this import supersedes it. */
  supersedes?: Reconciling;
  actorId: string | null;
  force: boolean;
  source: { url: string; ref: string; commit: string };
  /** The subject of a change request the import may go into. */
  subject: string;
  now: string;
}

export type ImportApplied = { ok: true; changeRequestId?: string; revision: string } | { ok: false; message: string };

/**
 * Writes a prepared import in one transaction: into main when main has not changed since the
 * last sync (or on a first sync, or when forced), else into a new change request, so that main
 * is never overwritten. The sync state moves to the imported commit.
 */
export function applyImport(store: SpaceWrites, apply: ImportApply): ImportApplied {
  const { db, docs } = store;
  return db.transaction((): ImportApplied => {
    if (apply.actorId) logChangesAs(db, store.capture, apply.actorId);
    const { prepared, stateRow, now } = apply;
    // Live edits of main not yet cut into a revision are changes since the last sync too: cut first, as a merge does.
    cutPendingEdits(db, docs, apply.spaceId, now);
    const space = findSpace(db, apply.spaceId, now);
    if (!space || space.deleted_at !== null) return { ok: false, message: 'The space no longer exists' };
    const write = (branch: Branch) => ({
      spaceId: space.id, branch, imported: prepared.imported, pageIds: prepared.keys, fileIds: prepared.fileIds,
      changed: prepared.changed, structure: prepared.structure, removedPages: prepared.removedPages, removedFiles: prepared.removedFiles, now,
    });
    // A first import into a space that had pages goes into main only if it changes nothing there (a link set again on
    // another device, the repository as main stands): else a reviewer sees what it would rewrite first.
    const inStep = apply.force || (stateRow ? space.revision === stateRow.revision : !prepared.reconciled || !touchesAny(importTouches(docs, store.projector, write(MAIN))));
    const last = stateRow ? stateFromJson(stateRow.layout) : undefined;
    // An import-only link never exports, so main changed in Folio would send every push to a change request: one that
    // rewrites only what stands in main as the repository last had it goes into main, the link still out of step.
    const importOnly = !inStep && last !== undefined && importsOnly(db, space.id, apply.source);
    const beside = importOnly && !prepared.structure && untouchedInMain(db, docs, space.id, importTouches(docs, store.projector, write(MAIN)), last);
    let branch: Branch = MAIN;
    let changeRequestId: string | undefined;
    if (!inStep && !beside) {
      const createdBy = apply.actorId ?? findLink(db, space.id)?.linked_by ?? ownerId(db);
      changeRequestId = insertChangeRequest(db, { spaceId: space.id, subject: apply.subject.slice(0, 100), createdBy, revision: space.revision, now });
      docs.forkBranch(branchDocPrefix(space.id, MAIN), branchDocPrefix(space.id, changeRequestBranch(changeRequestId)));
      branch = changeRequestBranch(changeRequestId);
    }
    const { docIds, tree } = writeImport(db, docs, store.projector, write(branch));
    const superseded = apply.supersedes && findChangeRequest(db, space.id, apply.supersedes.changeRequest);
    if (superseded && superseded.status === 'open' && superseded.revision === apply.supersedes!.revision) {
      updateChangeRequest(db, superseded.id, { status: 'archived', updated_at: now });
    }
    let revision = space.revision;
    if (docIds.length > 0) {
      revision = newId();
      if (changeRequestId) {
        cutRevision(db, docs, { id: revision, spaceId: space.id, parents: [space.revision], type: 'edits', docIds, now, changeRequestId });
        updateChangeRequest(db, changeRequestId, { revision, updated_at: now });
        if (apply.actorId) addContributor(db, changeRequestId, apply.actorId, now);
      } else {
        cutRevision(db, docs, { id: revision, spaceId: space.id, parents: [space.revision], type: 'edits', docIds, now });
        updateRow(db, 'spaces', space.id, { revision, updated_at: now });
      }
    }
    // The branch the import went into, as its projection holds it.
    const listing = () => readSpace(db, tree, space.id, changeRequestId ? rowsBranch(db, space.id, changeRequestId) : 'main');
    // The state an import leaves on a branch that took it.
    const stateOn = () => {
      const { pages, files } = listing();
      return importedState(prepared, new Map(pages.map((page) => [page.id, page])), new Map(files.map((file) => [file.id, file.blob])));
    };
    let layout: LayoutState;
    if (inStep) {
      layout = stateOn();
    } else {
      // Main has not taken these files yet (or only some, beside Folio's changes): which blobs the commit holds moves on,
      // and the ids given to what main lacks are kept for the next import.
      const before = last ?? emptyState(prepared.imported.config);
      const lastFiles = new Set([...before.files.values()].map((file) => file.path));
      layout = {
        ...before,
        oids: prepared.oids,
        proposedKeys: new Map([...prepared.keys].filter(([key]) => !before.keys.has(key))),
        proposedFiles: new Map([...prepared.fileIds].filter(([path]) => !lastFiles.has(path))),
      };
      // A first import: merged as it stands, its change request leaves main as the commit (`syncBase`).
      if (!stateRow) layout.reconciling = { changeRequest: changeRequestId!, revision, base: space.revision, layout: stateToJson(stateOn()) };
      if (importOnly) Object.assign(layout, gitAfter(before, prepared, listing()));
    }
    // No revision of main was ever in step with the source when a first import went into a change request ('').
    const synced = inStep ? revision : (stateRow?.revision ?? '');
    saveState(db, { space_id: space.id, source: sourceKey(apply.source.url, apply.source.ref), commit_oid: apply.source.commit, revision: synced, synced_at: now, layout: stateToJson(layout) });
    return { ok: true, revision, ...(changeRequestId ? { changeRequestId } : {}) };
  });
}

/** Whether the source is the space's link, set to import only (it never exports what Folio changed). */
function importsOnly(db: Database, spaceId: string, source: { url: string; ref: string }): boolean {
  const link = findLink(db, spaceId);
  return link?.direction === 'import' && sourceKey(link.url, fullRef(link.ref)) === sourceKey(source.url, source.ref);
}

/** The repository's content as the state holds it (`LayoutState.gitPages`, `gitFiles`). */
function gitView(state: LayoutState): { pages: Map<string, string>; files: Map<string, string> } {
  return {
    pages: state.gitPages ?? new Map([...state.pages].map(([id, page]) => [id, page.signature])),
    files: state.gitFiles ?? new Map([...state.files].map(([id, file]) => [id, file.blob])),
  };
}

/**
 * Whether every page and file an import would change in main stands there as the repository last
 * had it: then nothing written in Folio is overwritten. A page or file the repository had and
 * main has not was deleted in Folio, which the import would undo.
 */
function untouchedInMain(db: Database, docs: DocStore, spaceId: string, touched: { pages: Set<string>; files: Set<string> }, last: LayoutState): boolean {
  const git = gitView(last);
  const main = readSpace(db, docs.load(treeDoc(spaceId, MAIN)), spaceId, 'main');
  const pages = new Map(main.pages.map((page) => [page.id, page.signature]));
  const files = new Map(main.files.map((file) => [file.id, file.blob]));
  const stands = (id: string, held: Map<string, string>, synced: Map<string, string>) => (held.has(id) ? held.get(id) === synced.get(id) : !synced.has(id));
  return [...touched.pages].every((id) => stands(id, pages, git.pages)) && [...touched.files].every((id) => stands(id, files, git.files));
}

/** The repository's content once the import wrote it on its branch: the pages and files it holds as the commit has them. */
function gitAfter(last: LayoutState, prepared: PreparedImport, branch: { pages: SpacePage[]; files: SpaceFile[] }): Pick<LayoutState, 'gitPages' | 'gitFiles'> {
  const git = gitView(last);
  const pages = new Map(branch.pages.map((page) => [page.id, page.signature]));
  const files = new Map(branch.files.map((file) => [file.id, file.blob]));
  // Each page of a changed file takes the commit's content on the branch; the others stand as they were.
  for (const key of prepared.changed) {
    const id = prepared.keys.get(key)!;
    if (pages.has(id)) git.pages.set(id, pages.get(id)!);
  }
  for (const id of prepared.removedPages) git.pages.delete(id);
  for (const id of prepared.fileIds.values()) if (files.has(id)) git.files.set(id, files.get(id)!);
  for (const id of prepared.removedFiles) git.files.delete(id);
  return { gitPages: git.pages, gitFiles: git.files };
}

/** Where an operation with a source starts from (`syncBase`). */
export interface SyncBase {
  /** What the last sync left (a row holding only the mark of a waiting export has none behind it). */
  row: GitStateRow | undefined;
  /**
   * Set while a first import's change request is not merged: an import then reconciles with main by
   * path again, as a first import does, giving again the ids that one proposed; the change request,
   * untouched since, is superseded.
   */
  reconcile?: { proposed: Map<string, string>; supersedes?: Reconciling };
}

/**
 * The last sync's state for `source`. A first import that went into a change request left the link
 * out of step (revision ''), as main did not hold the commit; once that change request is merged,
 * the state becomes the one the import would have left in main: in step at the merge when it took
 * the import as it was into main as it was, else at the import's own revision, so that the merge is
 * exported (the reviewer's and main's words reach the repository) and a push meanwhile goes into a
 * change request. Until then an import reconciles with main again, and merges are not exported.
 */
export function syncBase(db: Database, spaceId: string, source: string): SyncBase {
  return db.transaction((): SyncBase => {
    const row = findState(db, spaceId, source);
    if (!row?.commit_oid) return { row: undefined };
    if (row.revision !== '') return { row };
    const state = stateFromJson(row.layout);
    const proposed = new Map([...(state.proposedKeys ?? []), ...(state.proposedFiles ?? [])]);
    const reconciling = state.reconciling;
    const cr = reconciling && findChangeRequest(db, spaceId, reconciling.changeRequest);
    if (!reconciling || !cr) return { row, reconcile: { proposed } };
    if (cr.status === 'merged' && cr.revision_merged && mainHolds(db, spaceId, cr.revision_merged)) {
      const merge = db.get<{ parents: string }>('SELECT parents FROM revisions WHERE id = ?', cr.revision_merged)!;
      const asImported = cr.revision === reconciling.revision && firstParent(merge.parents) === reconciling.base;
      const settled = { ...row, revision: asImported ? cr.revision_merged : reconciling.revision, layout: reconciling.layout };
      db.run('UPDATE git_sync_states SET revision = ?, layout = ? WHERE space_id = ? AND source = ?', settled.revision, settled.layout, spaceId, source);
      return { row: settled };
    }
    const untouched = cr.status === 'open' && cr.revision === reconciling.revision;
    return { row, reconcile: { proposed, ...(untouched ? { supersedes: reconciling } : {}) } };
  });
}

/** What an export reads of the space, in one transaction: its pages and files, and the bodies of the pages whose file may change. */
export interface ExportInput {
  pages: SpacePage[];
  files: SpaceFile[];
  /** Their docs' rows, read into bodies off the event loop (`bodyFromRows`). */
  bodies: Map<string, Uint8Array[]>;
  revision: string;
  author: { name: string; email: string };
}

export function readForExport(db: Database, docs: DocStore, spaceId: string, state: LayoutState, actorId: string | null, now: string): ExportInput | undefined {
  return db.transaction(() => {
    const space = findSpace(db, spaceId, now);
    if (!space || space.deleted_at !== null) return undefined;
    const { pages, files } = readSpace(db, docs.load(treeDoc(space.id, MAIN)), space.id, 'main');
    const rows = rowsOf(docs, space.id, MAIN);
    const bodies = new Map<string, Uint8Array[]>();
    // New, edited and moved pages, and the pages linking to a moved one, whose links change.
    const moved = new Set(pages.filter((page) => state.pages.has(page.id) && state.pages.get(page.id)!.parent !== page.parent).map((page) => page.id));
    const linking = moved.size === 0 ? new Set<string>() : pagesLinkingTo(db, space.id, moved);
    for (const page of pages) {
      const synced = state.pages.get(page.id);
      if (page.type !== 'document') continue;
      if (!synced || synced.signature !== page.signature || moved.has(page.id) || linking.has(page.id)) bodies.set(page.id, rows(page.id));
    }
    const user = actorId ? db.get<{ display_name: string; email: string }>('SELECT display_name, email FROM users WHERE id = ?', actorId) : undefined;
    return { pages, files, bodies, revision: space.revision, author: { name: user?.display_name ?? 'Folio', email: user?.email ?? 'folio@localhost' } };
  });
}

/** Pages of main whose bodies link to one of `targets` (or an anchor of it), from the links projection. */
function pagesLinkingTo(db: Database, spaceId: string, targets: ReadonlySet<string>): Set<string> {
  const links = db.all<{ page_id: string; kind: string; target: string }>(
    "SELECT page_id, kind, target FROM content_links WHERE space_id = ? AND branch = 'main' AND kind IN ('page', 'anchor')",
    spaceId,
  );
  return new Set(links.filter((link) => targets.has(link.kind === 'page' ? link.target : link.target.split('#')[0]!)).map((link) => link.page_id));
}

/** The bytes of a plan's writes: rendered text, or a file's stored bytes. */
export function bytesOf(db: Database, plan: ExportPlan): Map<string, Uint8Array> {
  const writes = new Map<string, Uint8Array>();
  for (const [path, write] of plan.writes) {
    const bytes = 'text' in write ? Buffer.from(write.text, 'utf8') : blobBytes(db, write.blob);
    if (bytes) writes.set(path, bytes);
  }
  return writes;
}

/** The state after an export wrote `writes` and `deletes` as `commit`. */
export function recordExport(db: Database, spaceId: string, plan: ExportPlan, writes: ReadonlyMap<string, Uint8Array>, source: { url: string; ref: string; commit: string }, revision: string, now: string): void {
  const next = plan.state;
  for (const [path, bytes] of writes) next.oids.set(path, blobOid(bytes));
  for (const path of plan.deletes) next.oids.delete(path);
  next.keys = plan.keys;
  // Main as exported is the commit: a first import's change request, and the repository's content apart from main's, no longer stand for it.
  delete next.reconciling;
  delete next.gitPages;
  delete next.gitFiles;
  db.transaction(() => saveState(db, { space_id: spaceId, source: sourceKey(source.url, source.ref), commit_oid: source.commit, revision, synced_at: now, layout: stateToJson(next) }));
}
