import { join } from 'node:path';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import { newId } from '../ids.js';
import { JobQueue } from '../jobs/job-queue.js';
import { blobBytes } from '../api/content/sql.js';
import { updateRow } from '../api/content-tree/rows.js';
import { addContributor, insertChangeRequest, updateChangeRequest } from '../api/change-requests/sql.js';
import { findSpace } from '../api/spaces/sql.js';
import { branchDocPrefix, changeRequestBranch, MAIN, type Branch } from '../revisions/doc-names.js';
import { cutRevision } from '../revisions/revisions.js';
import { logChangesAs } from '../sync/changes/request-actor.js';
import { readConfig } from './layout/config.js';
import { LIMITS, readRepository, type ImportedRepository } from './layout/read-repository.js';
import {
  blobOid, emptyState, planExport, renderPage, renderSummary, sha256, stateFromJson, stateToJson, type LayoutState,
} from './layout/write-repository.js';
import { within } from './layout/paths.js';
import { fullRef, type Remote, type RemotePolicy } from './remote.js';
import { RepositoryCopy } from './repository.js';
import { bodyOf, readSpace, writeImport } from './space-content.js';
import {
  findLink, findSecret, findState, insertOperation, linkedSpaces, runningOperations, saveState, setPendingExport, updateOperation,
  type GitOperationRow, type GitStateRow,
} from './sql.js';

type Stage = GitOperationRow['stage'];

/** What an operation was asked to do; held in memory only, as it may carry credentials. */
export interface GitRequest {
  direction: 'import' | 'export';
  spaceId: string;
  remote: Remote;
  ref: string;
  projectDirectory: string;
  commitMessage?: string;
  force: boolean;
  actorId: string | null;
}

class Stop {
  constructor(
    readonly stage: Stage,
    readonly message: string,
    /** The repository could not be reached: an export waits for it. */
    readonly unreachable = false,
  ) {}
}

const runners = new WeakMap<Database, GitSyncRunner>();

/** The data dir's owner: the user its first start created. */
export function ownerId(db: Database): string {
  return db.get<{ id: string }>('SELECT id FROM users ORDER BY created_at, rowid LIMIT 1')?.id ?? '';
}

export function gitSyncOf(db: Database): GitSyncRunner {
  const runner = runners.get(db);
  if (!runner) throw new Error('no Git Sync runner works on this database');
  return runner;
}

export interface GitSyncSettings {
  dataDir: string;
  policy: RemotePolicy;
  /** How often exports waiting for an unreachable repository are tried again. */
  retryMs?: number;
}

/**
 * Runs Git Sync operations in the background, one at a time (docs/git-sync.md): each reads what it
 * needs in a short transaction, does its Git work in git child processes with no transaction open,
 * and writes the space in one transaction at the end, so a failure at any stage changes nothing
 * of the space. Linked spaces are polled for new commits, and merges into main export.
 */
export class GitSyncRunner {
  private readonly jobs: JobQueue;
  private readonly requests = new Map<string, GitRequest>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
    private readonly clock: Clock,
    private readonly settings: GitSyncSettings,
  ) {
    runners.set(db, this);
    this.jobs = new JobQueue(db, 'git sync', (id, signal) => this.run(id, signal));
    // Operations a previous start left running cannot resume: their request (and its credentials) lived in memory.
    db.transaction(() => {
      for (const row of runningOperations(db)) {
        updateOperation(db, row.id, { state: 'failure', error: 'The engine stopped while this operation ran; start it again', completed_at: this.now() }, this.now());
      }
    });
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** Records an operation and runs it once the asking transaction commits. */
  request(request: GitRequest): string {
    const id = insertOperation(this.db, request.spaceId, request.direction, request.actorId, this.now());
    this.requests.set(id, request);
    this.jobs.enqueueAfterCommit(id);
    return id;
  }

  /** After a merge into main: an export, when the space is linked for it. */
  afterMerge(spaceId: string, actorId: string): void {
    const link = findLink(this.db, spaceId);
    if (!link || link.direction === 'import') return;
    this.request({ ...this.linkRequest(spaceId)!, direction: 'export', commitMessage: 'Merge from Folio', actorId });
  }

  /** What a linked space's own operations use: its address, ref and stored credentials. */
  linkRequest(spaceId: string): Omit<GitRequest, 'direction' | 'actorId'> | undefined {
    const link = findLink(this.db, spaceId);
    if (!link) return undefined;
    const secret = findSecret(this.db, spaceId);
    const transport = link.url.startsWith('file:') ? 'file' : 'http';
    return { spaceId, remote: { url: link.url, transport, ...(secret ? { secret } : {}) }, ref: link.ref, projectDirectory: link.project_directory, force: false };
  }

  /** Polls linked spaces for new commits and retries waiting exports; `intervalMs` is the tick. */
  startPolling(intervalMs = 5_000): void {
    const lastPoll = new Map<string, number>();
    const tick = () => {
      if (this.jobs.closed) return;
      const now = this.clock.now().getTime();
      for (const link of linkedSpaces(this.db)) {
        const state = findState(this.db, link.space_id);
        if (state?.pending_export === 1 && now - (lastPoll.get(`x${link.space_id}`) ?? 0) >= (this.settings.retryMs ?? 30_000)) {
          lastPoll.set(`x${link.space_id}`, now);
          this.db.transaction(() => this.request({ ...this.linkRequest(link.space_id)!, direction: 'export', commitMessage: 'Changes from Folio', actorId: null }));
        } else if (link.poll_seconds > 0 && link.direction !== 'export' && now - (lastPoll.get(link.space_id) ?? 0) >= link.poll_seconds * 1000) {
          lastPoll.set(link.space_id, now);
          this.db.transaction(() => this.request({ ...this.linkRequest(link.space_id)!, direction: 'import', actorId: null }));
        }
      }
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  get policy(): RemotePolicy {
    return this.settings.policy;
  }

  whenIdle(): Promise<void> {
    return this.jobs.whenIdle();
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.jobs.close();
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const request = this.requests.get(id);
    this.requests.delete(id);
    if (!request) return;
    const copy = new RepositoryCopy(join(this.settings.dataDir, 'git', `${request.spaceId}.git`), request.remote, signal);
    try {
      const outcome = request.direction === 'import' ? await this.import(id, request, copy) : await this.export(id, request, copy);
      if (signal.aborted) return;
      this.db.transaction(() => updateOperation(this.db, id, { state: 'success', completed_at: this.now(), ...outcome }, this.now()));
    } catch (error) {
      if (signal.aborted) return;
      const stop = error instanceof Stop ? error : new Stop(this.stageOf(id), `Folio could not finish: ${(error as Error).message}`);
      this.db.transaction(() => {
        updateOperation(this.db, id, { state: 'failure', stage: stop.stage, error: stop.message, completed_at: this.now() }, this.now());
        if (request.direction === 'export' && stop.unreachable && findLink(this.db, request.spaceId)) setPendingExport(this.db, request.spaceId, true);
      });
    }
  }

  /** What the last sync with the request's repository and ref left; a sync with another one starts afresh. */
  private stateFor(request: GitRequest): GitStateRow | undefined {
    const row = findState(this.db, request.spaceId);
    const remote = row ? stateFromJson(row.layout).remote : undefined;
    return row && remote?.url === request.remote.url && remote.ref === fullRef(request.ref) ? row : undefined;
  }

  private stageOf(id: string): Stage {
    return this.db.get<{ stage: Stage }>('SELECT stage FROM git_sync_operations WHERE id = ?', id)?.stage ?? 'finalize';
  }

  private stage(id: string, stage: Stage, tasks?: { dispatched?: number; completed?: number }): void {
    this.db.transaction(() =>
      updateOperation(this.db, id, { stage, ...(tasks?.dispatched !== undefined ? { dispatched_tasks: tasks.dispatched } : {}), ...(tasks?.completed !== undefined ? { completed_tasks: tasks.completed } : {}) }, this.now()),
    );
  }

  private async fetch(copy: RepositoryCopy, ref: string): Promise<string | undefined> {
    const init = await copy.init();
    if (!init.ok) throw new Stop('repo_fetch', init.message);
    const fetched = await copy.fetch(ref);
    if (!fetched.ok) throw new Stop('repo_fetch', fetched.message, true);
    return fetched.value;
  }

  private async import(id: string, request: GitRequest, copy: RepositoryCopy): Promise<Partial<GitOperationRow>> {
    const commit = await this.fetch(copy, request.ref);
    if (!commit) throw new Stop('repo_fetch', `The repository has no ref ${request.ref}`);
    this.stage(id, 'config_check');
    const stateRow = this.stateFor(request);
    if (stateRow && stateRow.commit_oid === commit && !request.force) return { commit_oid: commit };
    const files = await copy.files(commit, LIMITS.fileBytes);
    if (!files.ok) throw new Stop('config_check', files.message);
    const previous = stateRow ? stateFromJson(stateRow.layout) : undefined;

    const ids = new Map(previous?.keys ?? []);
    for (const [fileId, file] of previous?.files ?? []) ids.set(file.path, fileId);
    const idFor = (key: string) => {
      let known = ids.get(key);
      if (!known) ids.set(key, (known = newId()));
      return known;
    };
    const read = readRepository(files.value, idFor, request.projectDirectory);
    if (!read.ok) throw new Stop(read.error.stage, read.error.message);
    const imported = read.value;
    this.stage(id, 'content_process', { dispatched: imported.pages.length + imported.files.length, completed: 0 });

    const oids = new Map([...files.value].map(([path, file]) => [path, file.oid]));
    const changed = new Set(imported.pages.filter((page) => !previous || !page.path || previous.oids.get(page.path) !== oids.get(page.path)).map((page) => page.key));
    const summaryPath = imported.summaryPath ?? within(imported.config.root, imported.config.summary);
    const keys = new Map(imported.pages.map((page) => [page.key, idFor(page.key)]));
    const structure = !previous || previous.oids.get(summaryPath) !== oids.get(summaryPath) || [...keys.keys()].some((key) => !previous.keys.has(key));
    const removedPages = [...(previous?.keys ?? [])].filter(([key]) => !keys.has(key)).map(([, pageId]) => pageId);
    const fileIds = new Map(imported.files.map((file) => [file.path, idFor(file.path)]));
    const removedFiles = [...(previous?.files ?? [])].filter(([, file]) => !fileIds.has(file.path)).map(([fileId]) => fileId);
    const subjects = stateRow ? await copy.subjects(stateRow.commit_oid, commit) : [];

    this.stage(id, 'finalize', { completed: imported.pages.length + imported.files.length });
    return this.db.transaction(() => {
      if (request.actorId) logChangesAs(this.db, request.actorId);
      const now = this.now();
      const space = findSpace(this.db, request.spaceId, now);
      if (!space || space.deleted_at !== null) throw new Stop('finalize', 'The space no longer exists');
      // Main takes the commit when it has not changed since the last sync; otherwise a change request does.
      const intoMain = !stateRow || space.revision === stateRow.revision || request.force;
      let branch: Branch = MAIN;
      let changeRequestId: string | undefined;
      if (!intoMain) {
        const subject = `Git: ${subjects[0] ?? commit.slice(0, 7)}${subjects.length > 1 ? ` (and ${subjects.length - 1} more commits)` : ''}`.slice(0, 100);
        changeRequestId = insertChangeRequest(this.db, { spaceId: space.id, subject, createdBy: request.actorId ?? findLink(this.db, space.id)?.linked_by ?? ownerId(this.db), revision: space.revision, now });
        this.docs.forkBranch(branchDocPrefix(space.id, MAIN), branchDocPrefix(space.id, changeRequestBranch(changeRequestId)));
        branch = changeRequestBranch(changeRequestId);
      }
      const docIds = writeImport(this.db, this.docs, {
        spaceId: space.id, branch, imported, pageIds: keys, fileIds, changed, structure,
        removedPages: previous || intoMain ? removedPages : [], removedFiles, now,
      });
      let revision = space.revision;
      if (docIds.length > 0) {
        revision = newId();
        if (changeRequestId) {
          cutRevision(this.db, this.docs, { id: revision, spaceId: space.id, parents: [space.revision], type: 'edits', docIds, now, changeRequestId });
          updateChangeRequest(this.db, changeRequestId, { revision, updated_at: now });
          if (request.actorId) addContributor(this.db, changeRequestId, request.actorId);
        } else {
          cutRevision(this.db, this.docs, { id: revision, spaceId: space.id, parents: [space.revision], type: 'edits', docIds, now });
          updateRow(this.db, 'spaces', space.id, { revision, updated_at: now });
        }
      }
      const layout = intoMain
        ? this.baseline(space.id, imported, summaryPath, keys, fileIds, oids)
        : { ...(previous ?? emptyState(imported.config)), oids };
      layout.remote = { url: request.remote.url, ref: fullRef(request.ref) };
      saveState(this.db, { space_id: space.id, commit_oid: commit, revision: intoMain ? revision : stateRow!.revision, synced_at: now, layout: stateToJson(layout) });
      return { commit_oid: commit, ...(changeRequestId ? { change_request_id: changeRequestId } : {}) };
    });
  }

  /**
   * The layout state right after an import into main: each page's file, signature and the
   * rendering of what the space now holds, so that an export of the unchanged space writes
   * nothing and an edited page rewrites its file only.
   */
  private baseline(
    spaceId: string,
    imported: ImportedRepository,
    summaryPath: string,
    keys: ReadonlyMap<string, string>,
    fileIds: ReadonlyMap<string, string>,
    oids: ReadonlyMap<string, string>,
  ): LayoutState {
    const state = emptyState(imported.config);
    state.summaryPath = summaryPath;
    state.keys = new Map(keys);
    state.oids = new Map(oids);
    const { pages, files } = readSpace(this.db, this.docs, spaceId, MAIN, 'main');
    const paths = new Map<string, string>();
    for (const [key, pageId] of keys) if (!key.startsWith('group:') && !key.startsWith('link:')) paths.set(pageId, key);
    const filePaths = new Map([...fileIds].map(([path, fileId]) => [fileId, path]));
    // The bodies as imported render as the ones stored do (ids aside), without loading them back.
    const importedBodies = new Map(imported.pages.map((page) => [keys.get(page.key)!, page.body]));
    const stored = bodyOf(this.docs, spaceId, MAIN);
    const body = (pageId: string) => importedBodies.get(pageId) ?? stored(pageId);
    const spacePaths = { pages: paths, files: filePaths };
    for (const page of pages) {
      const path = paths.get(page.id);
      if (page.type !== 'document' || !path) continue;
      state.pages.set(page.id, { path, parent: page.parent, signature: page.signature, rendered: sha256(renderPage(page, body(page.id), path, spacePaths)) });
    }
    for (const file of files) {
      const path = filePaths.get(file.id);
      if (path) state.files.set(file.id, { path, blob: file.blob });
    }
    state.summaryRendered = sha256(renderSummary(pages, paths, summaryPath));
    return state;
  }

  private async export(id: string, request: GitRequest, copy: RepositoryCopy): Promise<Partial<GitOperationRow>> {
    const parent = await this.fetch(copy, request.ref);
    this.stage(id, 'config_check');
    const stateRow = this.stateFor(request);
    if (stateRow && parent && parent !== stateRow.commit_oid && !request.force) {
      throw new Stop('config_check', `${request.ref} moved since the last sync (to ${parent.slice(0, 7)}): import it first, so that its commits are not overwritten`);
    }
    let state = stateRow ? stateFromJson(stateRow.layout) : undefined;
    if (!state) {
      let config = readConfig(undefined, request.projectDirectory);
      if (parent) {
        const files = await copy.files(parent, LIMITS.fileBytes);
        if (!files.ok) throw new Stop('config_check', files.message);
        const yaml = files.value.get(within(request.projectDirectory, '.gitbook.yaml'));
        config = readConfig(yaml ? Buffer.from(yaml.bytes).toString('utf8') : undefined, request.projectDirectory);
      }
      if (!config.ok) throw new Stop('config_check', config.message);
      state = emptyState(config.config);
    }
    this.stage(id, 'content_process');
    const planned = this.db.transaction(() => {
      const space = findSpace(this.db, request.spaceId, this.now());
      if (!space || space.deleted_at !== null) throw new Stop('content_process', 'The space no longer exists');
      const { pages, files } = readSpace(this.db, this.docs, space.id, MAIN, 'main');
      const plan = planExport(pages, files, state, bodyOf(this.docs, space.id, MAIN));
      const writes = new Map<string, Uint8Array>();
      for (const [path, write] of plan.writes) {
        const bytes = 'text' in write ? Buffer.from(write.text, 'utf8') : blobBytes(this.db, write.blob);
        if (bytes) writes.set(path, bytes);
      }
      const author = request.actorId ? this.db.get<{ display_name: string; email: string }>('SELECT display_name, email FROM users WHERE id = ?', request.actorId) : undefined;
      return { plan, writes, revision: space.revision, pages, author };
    });
    this.stage(id, 'finalize', { dispatched: planned.writes.size + planned.plan.deletes.size, completed: 0 });
    const next = planned.plan.state;
    for (const [path, bytes] of planned.writes) next.oids.set(path, blobOid(bytes));
    for (const path of planned.plan.deletes) next.oids.delete(path);
    next.keys = planned.plan.keys;
    next.remote = { url: request.remote.url, ref: fullRef(request.ref) };
    let commit = parent;
    if (planned.writes.size > 0 || planned.plan.deletes.size > 0 || !parent) {
      const author = { name: planned.author?.display_name ?? 'Folio', email: planned.author?.email ?? 'folio@localhost' };
      const written = await copy.commit(parent, planned.writes, planned.plan.deletes, author, request.commitMessage ?? 'Changes from Folio', this.clock.now());
      if (!written.ok) throw new Stop('finalize', written.message);
      const pushed = await copy.push(written.value, request.ref);
      if (!pushed.ok) throw new Stop('finalize', pushed.message, true);
      commit = written.value;
    }
    this.db.transaction(() => {
      saveState(this.db, { space_id: request.spaceId, commit_oid: commit!, revision: planned.revision, synced_at: this.now(), layout: stateToJson(next) });
    });
    return { commit_oid: commit ?? null, completed_tasks: planned.writes.size + planned.plan.deletes.size };
  }
}
