import { join } from 'node:path';
import type { Clock } from '../../core/clock.js';
import { JobQueue } from '../../core/jobs/job-queue.js';
import type { WorkerPool } from '../../core/workers/pool.js';
import { readConfig } from '../../domain/git-sync/layout/config.js';
import { within } from '../../domain/git-sync/layout/paths.js';
import { LIMITS } from '../../domain/git-sync/layout/read-repository.js';
import { emptyState, stateFromJson } from '../../domain/git-sync/layout/write-repository.js';
import { fullRef, type Remote, type RemotePolicy } from '../../domain/git-sync/remote.js';
import { RepositoryCopy } from './repository.js';
import {
  findLink, findSecret, findState, heldLinks, holdsLink, insertOperation, latestOperation, mergedSince, runningOperations, setPendingExport, updateOperation,
  sourceKey, type GitOperationRow, type GitStateRow,
} from '../../domain/git-sync/sql.js';
import { mainListing } from './space-content.js';
import { applyImport, bytesOf, readForExport, recordExport, syncBase, type SpaceWrites, type SyncBase } from './sync-steps.js';

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

/** A folder uploaded as a zip, imported like a repository (its source named by the folder's name). */
export interface ArchiveRequest {
  spaceId: string;
  /** The folder's (or zip's) name: a later upload under the same name updates what this one brought. */
  name: string;
  zip: Uint8Array;
  actorId: string;
}

/** An archive's source, as a repository's URL and ref name theirs. */
const archiveSource = (name: string) => ({ url: `upload:${name}`, ref: 'folder' });

class Stop {
  constructor(
    readonly stage: Stage,
    readonly message: string,
    /** The repository could not be reached: an export waits for it. */
    readonly unreachable = false,
  ) {}
}

declare module '../../core/pipeline/context.js' {
  interface Services {
    /** Git Sync: handlers ask for operations and check addresses against its policy; merges into main export. */
    gitSync: Pick<GitSyncRunner, 'request' | 'requestArchive' | 'afterMerge' | 'policy'>;
  }
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
 * of the space. Linked spaces are polled for new commits, and merges into main export. Reading a
 * repository's files into pages and rendering pages into files run in the engine's worker threads.
 */
export class GitSyncRunner {
  private readonly jobs: JobQueue;
  private readonly requests = new Map<string, GitRequest | ArchiveRequest>();
  private readonly timers: NodeJS.Timeout[] = [];

  private readonly db: SpaceWrites['db'];

  constructor(
    private readonly store: SpaceWrites,
    private readonly clock: Clock,
    private readonly settings: GitSyncSettings,
    private readonly workers: Pick<WorkerPool, 'run'>,
  ) {
    const { db } = store;
    this.db = db;
    this.jobs = new JobQueue(db, 'git sync', (id, signal) => this.run(id, signal));
    // Operations a previous start left running cannot resume: their request (and its credentials) lived in memory.
    // Looked for in a read first: a write transaction is a turn of PostgreSQL's for a hub process,
    // ~0.2 s of its start waiting on round trips, for what is nearly always nothing to write.
    if (db.transaction(() => runningOperations(db).length > 0, 'read')) {
      db.transaction(() => {
        for (const row of runningOperations(db)) {
          updateOperation(db, row.id, { state: 'failure', error: 'The engine stopped while this operation ran; start it again', completed_at: this.now() }, this.now());
        }
      });
    }
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

  /** An import of a folder uploaded as a zip: an operation like a repository's, followed the same way. */
  requestArchive(request: ArchiveRequest): string {
    const id = insertOperation(this.db, request.spaceId, 'import', request.actorId, this.now());
    this.requests.set(id, request);
    this.jobs.enqueueAfterCommit(id);
    return id;
  }

  /** After a merge into main: an export, when the space is linked for it on this engine. */
  afterMerge(spaceId: string, actorId: string): void {
    const link = findLink(this.db, spaceId);
    if (!link || link.direction === 'import' || !holdsLink(this.db, spaceId)) return;
    // Not while the link's first import waits in a change request (this merge may be that one's, which brings the link in step).
    if (syncBase(this.db, spaceId, sourceKey(link.url, fullRef(link.ref))).reconcile) return;
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

  /** Polls the spaces linked on this engine (`heldLinks`) for new commits and retries their waiting exports; `intervalMs` is the tick. */
  startPolling(intervalMs = 5_000): void {
    const lastPoll = new Map<string, number>();
    /** The revision of main each space's export of merges made elsewhere was asked for: asked once per revision, not again at each tick should it fail. */
    const exportedAt = new Map<string, string>();
    const tick = () => {
      if (this.jobs.closed) return;
      const now = this.clock.now().getTime();
      for (const link of heldLinks(this.db)) {
        // One operation of a space at a time: a tick while one runs waits for the next.
        if (latestOperation(this.db, link.space_id)?.state === 'running') continue;
        const source = sourceKey(link.url, fullRef(link.ref));
        let state = findState(this.db, link.space_id, source);
        // A first import's change request merged, maybe on another device, brings the link in step (`syncBase`).
        if (state?.commit_oid && state.revision === '') state = syncBase(this.db, link.space_id, source).row ?? state;
        // Not while the link's first import waits in a change request: an export would overwrite what it proposes.
        const main = state?.revision && link.direction !== 'import' ? mergedSince(this.db, link.space_id, state.revision) : undefined;
        if (state?.pending_export === 1 && now - (lastPoll.get(`x${link.space_id}`) ?? 0) >= (this.settings.retryMs ?? 30_000)) {
          lastPoll.set(`x${link.space_id}`, now);
          this.db.transaction(() => this.request({ ...this.linkRequest(link.space_id)!, direction: 'export', commitMessage: 'Changes from Folio', actorId: null }));
        } else if (main !== undefined && exportedAt.get(link.space_id) !== main) {
          // A merge made on another device reached this one, which runs the link: it exports it, as the merger's engine would have.
          exportedAt.set(link.space_id, main);
          this.db.transaction(() => this.request({ ...this.linkRequest(link.space_id)!, direction: 'export', commitMessage: 'Merge from Folio', actorId: null }));
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
    const copy = (git: GitRequest) => new RepositoryCopy(join(this.settings.dataDir, 'git', `${git.spaceId}.git`), git.remote, signal);
    try {
      const outcome = !('direction' in request)
        ? await this.importArchive(id, request, signal)
        : request.direction === 'import'
          ? await this.import(id, request, copy(request))
          : await this.export(id, request, copy(request));
      if (signal.aborted) return;
      this.db.transaction(() => updateOperation(this.db, id, { state: 'success', completed_at: this.now(), ...outcome }, this.now()));
    } catch (error) {
      if (signal.aborted) return;
      const stop = error instanceof Stop ? error : new Stop(this.stageOf(id), `Folio could not finish: ${(error as Error).message}`);
      this.db.transaction(() => {
        updateOperation(this.db, id, { state: 'failure', stage: stop.stage, error: stop.message, completed_at: this.now() }, this.now());
        if ('direction' in request && request.direction === 'export' && stop.unreachable && findLink(this.db, request.spaceId)) {
          setPendingExport(this.db, request.spaceId, sourceKey(request.remote.url, fullRef(request.ref)), true, this.now());
        }
      });
    }
  }

  /** A folder uploaded as a zip: read in a worker, written as a repository's import is. */
  private async importArchive(id: string, request: ArchiveRequest, signal: AbortSignal): Promise<Partial<GitOperationRow>> {
    const source = archiveSource(request.name);
    const base = this.stateFor(request.spaceId, source.url, source.ref);
    const stateRow = base.reconcile ? undefined : base.row;
    // The zip's bytes move to the worker rather than being copied.
    const zip = request.zip.byteOffset === 0 && request.zip.byteLength === request.zip.buffer.byteLength ? request.zip : request.zip.slice();
    const prepared = await this.workers.run(
      'gitPrepareArchive',
      {
        zip, previous: stateRow ? stateFromJson(stateRow.layout) : undefined,
        space: stateRow ? undefined : mainListing(this.db, this.store.docs, request.spaceId), proposed: base.reconcile?.proposed,
      },
      { transfer: [zip.buffer as ArrayBuffer] },
    );
    if (signal.aborted) throw new Stop('finalize', 'Folio is closing');
    if (!prepared.ok) throw new Stop(prepared.error.stage, prepared.error.message);
    const tasks = prepared.value.imported.pages.length + prepared.value.imported.files.length;
    this.stage(id, 'finalize', { dispatched: tasks, completed: tasks });
    const applied = applyImport(this.store, {
      spaceId: request.spaceId, prepared: prepared.value, stateRow, supersedes: base.reconcile?.supersedes, actorId: request.actorId, force: false,
      source: { ...source, commit: prepared.version }, subject: `Folder: ${request.name}`, now: this.now(),
    });
    if (!applied.ok) throw new Stop('finalize', applied.message);
    return { commit_oid: prepared.version, ...(applied.changeRequestId ? { change_request_id: applied.changeRequestId } : {}) };
  }

  /** What the last sync with the request's repository and ref left (`syncBase`); a sync with another one starts afresh. */
  private stateFor(spaceId: string, url: string, ref: string): SyncBase {
    return syncBase(this.db, spaceId, sourceKey(url, ref));
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
    if (!fetched.ok) throw new Stop('repo_fetch', fetched.message, fetched.unreachable);
    return fetched.value;
  }

  private async import(id: string, request: GitRequest, copy: RepositoryCopy): Promise<Partial<GitOperationRow>> {
    const commit = await this.fetch(copy, request.ref);
    if (!commit) throw new Stop('repo_fetch', `The repository has no ref ${request.ref}`);
    this.stage(id, 'config_check');
    const base = this.stateFor(request.spaceId, request.remote.url, fullRef(request.ref));
    // A commit already imported is not proposed again, even when its change request was closed unmerged.
    if (base.row && base.row.commit_oid === commit && !request.force) return { commit_oid: commit };
    const stateRow = base.reconcile ? undefined : base.row;
    const files = await copy.files(commit, LIMITS.fileBytes);
    if (!files.ok) throw new Stop('config_check', files.message);
    const previous = stateRow ? stateFromJson(stateRow.layout) : undefined;
    const space = previous ? undefined : mainListing(this.db, this.store.docs, request.spaceId);
    const renames = stateRow ? await copy.renames(stateRow.commit_oid, commit) : undefined;
    const prepared = await this.workers.run('gitPrepareImport', { files: files.value, previous, projectDirectory: request.projectDirectory, space, proposed: base.reconcile?.proposed, renames });
    if (!prepared.ok) throw new Stop(prepared.error.stage, prepared.error.message);
    const { imported } = prepared.value;
    const tasks = imported.pages.length + imported.files.length;
    this.stage(id, 'content_process', { dispatched: tasks, completed: 0 });
    const subjects = stateRow ? await copy.subjects(stateRow.commit_oid, commit) : [];
    this.stage(id, 'finalize', { completed: tasks });
    // Without a last sync, a change request is a first import that would rewrite pages found by path: it says so.
    const subject = stateRow
      ? `Git: ${subjects[0] ?? commit.slice(0, 7)}${subjects.length > 1 ? ` (and ${subjects.length - 1} more commits)` : ''}`
      : `Git: ${commit.slice(0, 7)}, first import here, matched to the space's pages by path`;
    const applied = applyImport(this.store, {
      spaceId: request.spaceId, prepared: prepared.value, stateRow, supersedes: base.reconcile?.supersedes, actorId: request.actorId, force: request.force,
      source: { url: request.remote.url, ref: fullRef(request.ref), commit }, subject, now: this.now(),
    });
    if (!applied.ok) throw new Stop('finalize', applied.message);
    return { commit_oid: commit, ...(applied.changeRequestId ? { change_request_id: applied.changeRequestId } : {}) };
  }

  private async export(id: string, request: GitRequest, copy: RepositoryCopy): Promise<Partial<GitOperationRow>> {
    const parent = await this.fetch(copy, request.ref);
    this.stage(id, 'config_check');
    const stateRow = this.stateFor(request.spaceId, request.remote.url, fullRef(request.ref)).row;
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
    const input = readForExport(this.db, this.store.docs, request.spaceId, state, request.actorId, this.now());
    if (!input) throw new Stop('content_process', 'The space no longer exists');
    const plan = await this.workers.run('gitPlanExport', { pages: input.pages, files: input.files, state, bodies: input.bodies });
    const writes = bytesOf(this.db, plan);
    const tasks = writes.size + plan.deletes.size;
    this.stage(id, 'finalize', { dispatched: tasks, completed: 0 });
    let commit = parent;
    if (tasks > 0 || !parent) {
      const written = await copy.commit(parent, writes, plan.deletes, input.author, request.commitMessage ?? 'Changes from Folio', this.clock.now());
      if (!written.ok) throw new Stop('finalize', written.message);
      const pushed = await copy.push(written.value, request.ref);
      if (!pushed.ok) throw new Stop('finalize', pushed.message, pushed.unreachable);
      commit = written.value;
    }
    recordExport(this.db, request.spaceId, plan, writes, { url: request.remote.url, ref: fullRef(request.ref), commit: commit! }, input.revision, this.now());
    return { commit_oid: commit ?? null, completed_tasks: tasks };
  }
}
