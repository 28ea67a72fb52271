import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { folderVersion, withWikilinksResolved } from '../../domain/git-sync/layout/archive.js';
import { readConfig } from '../../domain/git-sync/layout/config.js';
import { prepareImport } from '../../domain/git-sync/layout/prepare.js';
import { LIMITS, type RepositoryFile } from '../../domain/git-sync/layout/read-repository.js';
import { blobOid, emptyState, stateFromJson } from '../../domain/git-sync/layout/write-repository.js';
import { layoutTasks } from '../../domain/git-sync/layout-tasks.js';
import { mainListing } from './space-content.js';
import { sourceKey } from '../../domain/git-sync/sql.js';
import { applyImport, bytesOf, ownerId, readForExport, recordExport, syncBase, type SpaceWrites } from './sync-steps.js';

/**
 * Folders of Markdown without Git (`folio space import --dir` / `space export --dir`): the same
 * layout as a repository (README.md, SUMMARY.md, .gitbook.yaml, assets, or the folder tree
 * alone), and Obsidian vaults with their [[wikilinks]] and ![[embeds]]. A folder's sync state is
 * kept like a repository's, so exporting to the folder it came from rewrites only what changed.
 */
export type Progress = (done: number, total: number, what: string) => void;

export type FolderResult = { ok: true; message: string } | { ok: false; message: string };

const SKIPPED = new Set(['.git', '.obsidian', '.trash', 'node_modules']);

/** Every regular file under `dir` (symbolic links as such, without following them), as a repository's files. */
export function readFolder(dir: string): Map<string, RepositoryFile & { oid: string }> {
  const files = new Map<string, RepositoryFile & { oid: string }>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = join(at, entry.name);
      const path = relative(dir, full).split(sep).join('/');
      if (entry.isDirectory()) walk(full);
      else if (entry.isSymbolicLink()) files.set(path, { path, mode: '120000', size: 0, bytes: new Uint8Array(0), oid: '' });
      else if (entry.isFile()) {
        const size = lstatSync(full).size;
        const bytes = size <= LIMITS.fileBytes ? readFileSync(full) : new Uint8Array(0);
        files.set(path, { path, mode: '100644', size, bytes, oid: blobOid(bytes) });
      }
    }
  };
  walk(dir);
  return files;
}

const folderUrl = (dir: string) => `dir://${resolve(dir)}`;

/** The folder's last sync (`syncBase`). */
const baseOf = (db: Database, spaceId: string, dir: string) => syncBase(db, spaceId, sourceKey(folderUrl(dir), 'folder'));

export function importFolder(store: SpaceWrites, spaceId: string, dir: string, now: string, progress?: Progress): FolderResult {
  const { db } = store;
  const files = withWikilinksResolved(readFolder(dir));
  progress?.(0, files.size, 'files read');
  const { row: last, reconcile } = baseOf(db, spaceId, dir);
  // While a first import's change request is not merged, there is no sync to build on: it reconciles with main again.
  const row = reconcile ? undefined : last;
  const state = row ? stateFromJson(row.layout) : undefined;
  const space = state ? undefined : mainListing(db, store.docs, spaceId);
  const prepared = prepareImport(files, state, '', { onPage: (done, total) => progress?.(done, total, 'pages read'), space, proposed: reconcile?.proposed });
  if (!prepared.ok) return { ok: false, message: `${prepared.error.stage}: ${prepared.error.message}` };
  progress?.(prepared.value.imported.pages.length, prepared.value.imported.pages.length, 'pages read');
  const commit = folderVersion(files);
  const applied = applyImport(store, {
    spaceId, prepared: prepared.value, stateRow: row, supersedes: reconcile?.supersedes, actorId: ownerId(db), force: false,
    source: { url: folderUrl(dir), ref: 'folder', commit }, subject: `Folder: ${resolve(dir)}`, now,
  });
  if (!applied.ok) return applied;
  const pages = prepared.value.imported.pages.length;
  return { ok: true, message: applied.changeRequestId ? `change request ${applied.changeRequestId}` : `${pages} pages, revision ${applied.revision}` };
}

export function exportFolder({ db, docs }: SpaceWrites, spaceId: string, dir: string, now: string, progress?: Progress): FolderResult {
  mkdirSync(dir, { recursive: true });
  const { row } = baseOf(db, spaceId, dir);
  let state = row ? stateFromJson(row.layout) : undefined;
  if (!state) {
    let config: string | undefined;
    try {
      config = readFileSync(join(dir, '.gitbook.yaml'), 'utf8');
    } catch {
      config = undefined;
    }
    const read = readConfig(config);
    if (!read.ok) return read;
    state = emptyState(read.config);
  }
  const input = readForExport(db, docs, spaceId, state, ownerId(db), now);
  if (!input) return { ok: false, message: 'the space does not exist' };
  const plan = layoutTasks.gitPlanExport({ pages: input.pages, files: input.files, state, bodies: input.bodies });
  const writes = bytesOf(db, plan);
  const root = resolve(dir);
  const inside = (path: string) => {
    const full = resolve(root, path);
    return full.startsWith(root + sep) ? full : undefined;
  };
  let done = 0;
  const total = writes.size + plan.deletes.size;
  for (const path of plan.deletes) {
    const full = inside(path);
    if (full) rmSync(full, { force: true });
    progress?.(++done, total, 'files written');
  }
  for (const [path, bytes] of writes) {
    const full = inside(path);
    if (!full) return { ok: false, message: `${path} would lie outside ${root}` };
    mkdirSync(resolve(full, '..'), { recursive: true });
    writeFileSync(full, bytes);
    progress?.(++done, total, 'files written');
  }
  recordExport(db, spaceId, plan, writes, { url: folderUrl(dir), ref: 'folder', commit: 'folder' }, input.revision, now);
  return { ok: true, message: `${writes.size} files written, ${plan.deletes.size} deleted` };
}
