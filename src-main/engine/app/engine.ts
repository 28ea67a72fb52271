import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DiffCache } from '../domain/change-request-reviews/diff-cache.js';
import { projectCommentThreads } from '../domain/comments/projection.js';
import { purgeExpiredSpaces } from '../domain/spaces/trash.js';
import { systemClock, type Clock } from '../core/clock.js';
import { Projector } from '../domain/content/projector.js';
import type { Database } from '../core/db/database.js';
import { Dispatcher, type AnswerObserver } from '../api/dispatcher.js';
import { asJson } from '../core/pipeline/plain-json.js';
import { DocStore } from '../core/docs/store.js';
import type { StaticFiles } from '../transports/http/static-files.js';
import { DEFAULT_CONCURRENT_RUNS, IntegrationRunner, type RunnerSettings } from '../services/integrations/runner.js';
import { DEFAULT_SANDBOX_LIMITS } from '../services/integrations/sandbox.js';
import { nodeSandboxProgram } from '../services/integrations/sandbox-program.js';
import { DEFAULT_FETCH_TIMEOUT_MS, OpenAPIProcessor } from '../services/openapi-processing/processor.js';
import { followNewVersion } from '../services/openapi-reference/follow-versions.js';
import type { FetchPolicy } from '../services/openapi-processing/fetch-source.js';
import { failureResponse, type BeforeWrite, type PipelineDeps } from '../core/pipeline/execute.js';
import { badRequest } from '../core/pipeline/failure.js';
import { parseJsonBody, type JsonBody } from '../core/pipeline/json-body.js';
import { parseQuery, requestUrl } from '../core/pipeline/query.js';
import type { ApiResponse } from '../core/pipeline/request.js';
import { openDatabase, type OpenedDatabase } from './open-database.js';
import { requestReading } from '../domain/content/request-reading.js';
import { WorkerPool, type WorkerPoolOptions } from '../core/workers/pool.js';
import { parseSpecInWorkers } from '../services/openapi-processing/tasks.js';
import { BlobWatch } from '../services/sync/blobs/blob-watch.js';
import type { ChangeCapture } from '../services/sync/changes/capture.js';
import { compactChangeLog } from '../services/sync/changes/compact.js';
import { logChangesAs } from '../services/sync/changes/request-actor.js';
import { HubBlobsChannel } from '../transports/sync/blobs/hub-blobs.js';
import { ReplicaBlobsChannel } from '../services/sync/blobs/replica-blobs.js';
import { HubChangeLog } from '../transports/sync/hub-changes.js';
import { SyncHub } from '../transports/sync/hub.js';
import { ReplicaChangesChannel } from '../services/sync/replica-changes.js';
import { SyncWorker, type ReplicaChannelDeps, type SyncWorkerOptions } from '../services/sync/worker.js';
import { createTranslator, type TranslatorSettings } from '../services/translation/settings.js';
import { TranslationRunner } from '../services/translation/runner.js';
import { Urls } from '../core/urls.js';
import { GitSyncRunner } from '../services/git-sync/runner.js';
import type { RemotePolicy } from '../domain/git-sync/remote.js';
import { LiveRevisions } from '../services/yjs/live-edits.js';
import { YjsServer } from '../transports/yjs/yjs-server.js';
import { ChangeRequestPulses } from '../services/sync/change-request-pulses.js';
import { realSchedule } from '../services/sync/schedule.js';
import { parseDocName } from '../../../src-shared/sync/doc-names.js';

export interface EngineOptions {
  dataDir: string;
  /** An opened database (openDatabase) in place of DIR/folio.db: a hub process's working copy of its PostgreSQL store (docs/hub.md). */
  database?: OpenedDatabase;
  clock?: Clock;
  /** Check every answer against the contract (tests). */
  checkResponses?: boolean;
  /** Sees every answer of the dispatcher (tests check each against the reference description). */
  observeAnswers?: AnswerObserver;
  /** Serves the renderer's files for paths outside /v1. */
  serveStatic?: StaticFiles;
  /** better-sqlite3 built for Electron's ABI, while node_modules stays at Node's. */
  nativeBinding?: string;
  /** Reconnect timing and extra channels of the sync worker (docs/sync.md). */
  sync?: SyncWorkerOptions;
  /** How OpenAPI specs are fetched (docs/openapi-specs.md): a timeout, and loopback only unless allowed. */
  openapi?: Partial<FetchPolicy>;
  /** The translation service runs call (docs/translations.md); without one, runs fail with NO_TRANSLATOR. */
  translator?: TranslatorSettings;
  /**
   * The engine's worker threads (docs/architecture.md, "Worker threads"): their program, and how
   * many; or a `pool` already running, which the engine uses and leaves open when it closes (tests
   * share one across their engines rather than loading a thread's program for each).
   */
  workers?: Partial<WorkerPoolOptions> | { pool: WorkerPool };
  /** Limits of an integration script's run on one event, how many run at once, how their process starts (docs/integrations.md). */
  integrations?: Partial<RunnerSettings>;
  /** Which repositories Git Sync may reach (docs/git-sync.md); by default file:// for the owner and loopback http(s). */
  git?: Partial<RemotePolicy> & { pollIntervalMs?: number; retryMs?: number };
}

/**
 * The program of the engine's worker threads when run from its sources (tsx, vitest): tsx's
 * loader, then worker-entry.ts. The desktop app passes its bundled `engine-worker.js` instead.
 */
const WORKER_PROGRAM = new URL('./worker-bootstrap.mjs', import.meta.url);

/** How often spaces whose time in the trash is over are removed while the engine runs. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** A plain-JSON request, as IPC carries it. */
export interface PlainRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The Folio engine: one SQLite store and one dispatcher, reachable over HTTP, IPC and
 * in-process calls alike. It never imports Electron.
 */
export class Engine {
  readonly db: Database;
  /** The change log's clock and capture settings on `db` (docs/sync.md, "Change log"). */
  readonly changeCapture: ChangeCapture;
  /** Keeps the SQL projections of docs (pages, bodies, comment threads) in step with their writes. */
  readonly projector: Projector;
  /** Yjs docs (page trees, page bodies, comment threads), persisted in `db`. */
  readonly docs: DocStore;
  /** Threads for the long work (PDFs, large conversions, OpenAPI processing, merges): never on this event loop. */
  readonly workers: WorkerPool;
  readonly urls = new Urls('http://127.0.0.1');
  readonly dispatcher: Dispatcher;
  /** The y-websocket endpoint (`/v1/yjs/<doc id>`), attached to the HTTP server by `listen`. */
  readonly yjs: YjsServer;
  /** Cuts live edits of main into `edits` revisions (docs/content-design.md, "Revisions"). */
  readonly liveRevisions: LiveRevisions;
  /** Replicas connect here (`/v1/sync`): every engine is a hub. */
  readonly syncHub: SyncHub;
  /** Replicates with the hub of the data dir's sync settings, once `sync.start()` is called. */
  readonly sync: SyncWorker;
  private readonly hubChangeLog: HubChangeLog;
  /** Files' bytes the trees name and this engine lacks, asked for on the sync socket. */
  private readonly blobWatch: BlobWatch;
  /** Fetches, parses and versions OpenAPI specs in the background (docs/openapi-specs.md). */
  readonly openapi: OpenAPIProcessor;
  /** Runs translations in the background (docs/translations.md). */
  readonly translations: TranslationRunner;
  /** Runs Git Sync operations and polls linked repositories (docs/git-sync.md). */
  readonly gitSync: GitSyncRunner;
  /** Runs integration scripts on their events, each in a sandbox process (docs/integrations.md). */
  readonly integrations: IntegrationRunner;
  /** What every transport's end is made with (tests build one by hand from it). */
  readonly deps: PipelineDeps;
  private listenPort = 0;
  private readonly purgeTimer: NodeJS.Timeout;
  private readonly pulses: ChangeRequestPulses;
  /** False when the pool was lent (`EngineOptions.workers.pool`): its owner closes it. */
  private readonly ownsWorkers: boolean;

  constructor(readonly options: EngineOptions) {
    // A database given is a hub process's working copy, whose folder is gone once it is open.
    if (!options.database) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    const { db, capture, recordedEvents } = options.database ?? openDatabase(join(options.dataDir, 'folio.db'), { nativeBinding: options.nativeBinding });
    this.db = db;
    this.changeCapture = capture;
    const workers = options.workers ?? {};
    this.ownsWorkers = !('pool' in workers);
    this.workers = 'pool' in workers ? workers.pool : new WorkerPool({ entry: workers.entry ?? WORKER_PROGRAM, size: workers.size });
    // The WAL's checkpoints (copies and fsyncs) leave the loop's commits for a worker's connection;
    // in the request lane, as a PDF's long work would hold them back while the WAL grows.
    db.checkpointElsewhere((file) => this.workers.run('checkpointWal', { file, nativeBinding: options.nativeBinding }, { lane: 'request' }));
    this.docs = new DocStore(db, {
      merge: (updates) => this.workers.run('mergeDocRows', updates),
      slice: (updates) => this.workers.run('sliceDocRows', updates),
      // A client waits on it to show the doc (a page opening): a request, not long work that a room's loading ahead may hold.
      diffRows: (updates, stateVector) => this.workers.run('diffDocRows', { updates, stateVector }, { lane: 'request' }),
      restore: (input) => this.workers.run('restoreDocBlocks', input),
      // A space's tree exists from the space's creation; its first row, empty, does not travel.
      emptyWithoutRows: (docId) => parseDocName(docId)?.kind === 'tree',
    });
    const clock = options.clock ?? systemClock;
    // Every committed write of a page tree, a body or comment threads rewrites its projection in the same transaction.
    const projector = (this.projector = new Projector(db, this.docs, clock, (updates) => this.workers.run('prereadBodyBlocks', updates)));
    projector.followComments(projectCommentThreads);
    this.blobWatch = new BlobWatch(db, this.docs);
    const replicaChannels = [
      (deps: ReplicaChannelDeps) => new ReplicaChangesChannel({ ...deps, capture, projector }),
      (deps: ReplicaChannelDeps) => new ReplicaBlobsChannel(deps.db, this.blobWatch),
    ];
    this.sync = new SyncWorker(
      { db, docs: this.docs, clock, openDocIds: () => this.yjs.openDocIds, onDocOpened: (listener) => this.yjs.onRoomOpened(listener) },
      { ...options.sync, channels: [...replicaChannels, ...(options.sync?.channels ?? [])] },
    );
    // The change log records every write made for a user as theirs: requests, translation runs.
    const beforeWrite: BeforeWrite = (db, actorId) => logChangesAs(db, capture, actorId);
    this.openapi = new OpenAPIProcessor(
      db,
      clock,
      { timeoutMs: options.openapi?.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, allowRemoteHosts: options.openapi?.allowRemoteHosts ?? false },
      parseSpecInWorkers(this.workers),
    );
    // API-reference pages follow their spec's new versions (docs/openapi-specs.md, "Reference pages").
    this.openapi.onVersion((spec, versionId, now) => followNewVersion(this.db, this.docs, this.projector, this.workers, spec, versionId, now));
    this.translations = new TranslationRunner(db, this.docs, clock, options.translator && createTranslator(options.translator), beforeWrite, (states, salt) =>
      this.workers.run('sourcePages', { states, salt }),
    );
    this.integrations = new IntegrationRunner(
      db,
      clock,
      () => this.urls.origin,
      {
        ...DEFAULT_SANDBOX_LIMITS,
        concurrentRuns: DEFAULT_CONCURRENT_RUNS,
        ...options.integrations,
        program: options.integrations?.program ?? nodeSandboxProgram(),
      },
      recordedEvents,
    );
    this.gitSync = new GitSyncRunner(
      { db, docs: this.docs, capture, projector },
      clock,
      {
        dataDir: options.dataDir,
        policy: { allowLocal: options.git?.allowLocal ?? false, allowRemote: options.git?.allowRemote ?? false },
        ...(options.git?.retryMs !== undefined ? { retryMs: options.git.retryMs } : {}),
      },
      this.workers,
    );
    this.deps = {
      db,
      docs: this.docs,
      clock,
      urls: this.urls,
      services: { sync: this.sync, translations: this.translations, openapi: this.openapi, integrations: this.integrations, gitSync: this.gitSync, projector, reviewDiffs: new DiffCache() },
      workers: this.workers,
      beforeWrite,
      reading: requestReading(this.workers),
      checkResponses: !!options.checkResponses,
    };
    this.dispatcher = new Dispatcher(this.deps, options.observeAnswers);
    this.yjs = new YjsServer(this.deps);
    // A change request's screen follows its comments' room; the room is told when the change request's rows change.
    this.pulses = new ChangeRequestPulses(db, realSchedule, () => this.yjs.openDocIds, (docId) => this.yjs.pulse(docId));
    this.yjs.onRoomOpened((docId) => this.pulses.roomOpened(docId));
    this.hubChangeLog = new HubChangeLog({ ...this.deps, capture });
    this.syncHub = new SyncHub(this.deps, [this.hubChangeLog.channelFor, (actor) => new HubBlobsChannel(this.deps, actor, this.blobWatch)]);
    this.liveRevisions = new LiveRevisions(db, this.docs, clock);
    this.gitSync.startPolling(options.git?.pollIntervalMs);
    this.purgeTrash();
    // unref: the timer alone never keeps the process alive.
    this.purgeTimer = setInterval(() => {
      this.purgeTrash();
      compactChangeLog(this.db, this.clock.now().getTime());
    }, PURGE_INTERVAL_MS).unref();
  }

  private purgeTrash(): void {
    purgeExpiredSpaces(this.db, this.docs, this.clock.now().toISOString());
  }

  get clock(): Clock {
    return this.deps.clock;
  }

  get port(): number {
    return this.listenPort;
  }

  /** Called once the HTTP server listens: `urls` and the Host check follow the real port. */
  setPort(port: number): void {
    this.listenPort = port;
    this.urls.origin = `http://127.0.0.1:${port}`;
  }

  get origin(): string {
    return this.urls.origin;
  }

  /**
   * The IPC and in-process entry: plain JSON in, plain JSON out, through the same dispatcher
   * as HTTP. A body goes through JSON text as it would on the wire, so that it meets the same
   * shape limits and a large one is read in the worker threads; an answer is not written out and
   * read back: `asJson` gives what the wire would (pipeline.test.ts holds both to the same answers).
   */
  async request(request: PlainRequest): Promise<PlainResponse> {
    const url = requestUrl(request.path);
    const response = url
      ? await this.dispatcher.dispatch({
          method: request.method.toUpperCase(),
          pathname: url.pathname,
          query: parseQuery(url.searchParams),
          authorization: request.headers?.authorization,
          ...plainBody(request.body),
        })
      : failureResponse(badRequest('The request path is not a URL'));
    return plainResponse(response);
  }

  /** File bytes another process of a hub on PostgreSQL stored or noted missing (docs/hub.md): this process's replicas are offered or asked them. */
  get blobsElsewhere(): Pick<BlobWatch, 'storedElsewhere' | 'notedElsewhere'> {
    return this.blobWatch;
  }

  close(): void {
    clearInterval(this.purgeTimer);
    this.sync.stop();
    this.syncHub.close();
    this.hubChangeLog.close();
    this.blobWatch.close();
    this.openapi.close();
    this.translations.close();
    this.gitSync.close();
    this.integrations.close();
    this.pulses.stop();
    this.yjs.close();
    this.liveRevisions.close();
    this.docs.close();
    if (this.ownsWorkers) void this.workers.close();
    this.db.close();
  }
}

/** A body as IPC carries it, through JSON as it would travel on the wire, so that both answer alike. */
function plainBody(body: unknown): JsonBody {
  if (body === undefined) return { body: undefined };
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    // A cycle, or nesting too deep to write: no JSON body could carry it.
    return { body: undefined, bodyError: 'not valid JSON' };
  }
  return parseJsonBody(text);
}

function plainResponse(response: ApiResponse): PlainResponse {
  if (response.body === undefined) return { status: response.status, headers: response.headers, body: undefined };
  // A file's bytes: IPC carries a Uint8Array as it is, under the file's content type.
  if (response.body instanceof Uint8Array) return { status: response.status, headers: response.headers, body: response.body };
  return { status: response.status, headers: { ...response.headers, 'content-type': 'application/json' }, body: asJson(response.body) };
}
