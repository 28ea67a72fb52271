import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectCommentThreads } from './api/comments/projection.js';
import { purgeExpiredSpaces } from './api/spaces/trash.js';
import { systemClock, type Clock } from './clock.js';
import { Projector } from './content/projector.js';
import { Database } from './db/database.js';
import { Dispatcher, type AnswerObserver } from './dispatcher.js';
import { DocStore } from './docs/store.js';
import type { StaticFiles } from './http/static-files.js';
import { DEFAULT_CONCURRENT_RUNS, IntegrationRunner, type RunnerSettings } from './integrations/runner.js';
import { DEFAULT_SANDBOX_LIMITS } from './integrations/sandbox.js';
import { nodeSandboxProgram } from './integrations/sandbox-program.js';
import { DEFAULT_FETCH_TIMEOUT_MS, OpenAPIProcessor } from './openapi-processing/processor.js';
import { followNewVersion } from './openapi-reference/follow-versions.js';
import type { FetchPolicy } from './openapi-processing/fetch-source.js';
import { failureResponse, type PipelineDeps } from './pipeline/execute.js';
import { badRequest } from './pipeline/failure.js';
import { parseJsonBody, type JsonBody } from './pipeline/json-body.js';
import { ParseWorkers } from './pipeline/parse-workers.js';
import { parseQuery, requestUrl } from './pipeline/query.js';
import type { ApiResponse } from './pipeline/request.js';
import { BlobWatch } from './sync/blobs/blob-watch.js';
import { compactChangeLog } from './sync/changes/compact.js';
import { HubBlobsChannel } from './sync/blobs/hub-blobs.js';
import { ReplicaBlobsChannel } from './sync/blobs/replica-blobs.js';
import { HubChangeLog } from './sync/hub-changes.js';
import { SyncHub } from './sync/hub.js';
import { ReplicaChangesChannel } from './sync/replica-changes.js';
import { SyncWorker, type ReplicaChannelDeps, type SyncWorkerOptions } from './sync/worker.js';
import { createTranslator, type TranslatorSettings } from './translation/settings.js';
import { TranslationRunner } from './translation/runner.js';
import { Urls } from './urls.js';
import { GitSyncRunner } from './git-sync/runner.js';
import type { RemotePolicy } from './git-sync/remote.js';
import { LiveRevisions } from './yjs/live-edits.js';
import { YjsServer } from './yjs/yjs-server.js';

export interface EngineOptions {
  dataDir: string;
  /** An opened database in place of DIR/folio.db: a hub process's working copy of its PostgreSQL store (docs/hub.md). */
  database?: Database;
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
  /** Limits of an integration script's run on one event, how many run at once, how their process starts (docs/integrations.md). */
  integrations?: Partial<RunnerSettings>;
  /** Which repositories Git Sync may reach (docs/git-sync.md); by default file:// for the owner and loopback http(s). */
  git?: Partial<RemotePolicy> & { pollIntervalMs?: number; retryMs?: number };
  /** The parse workers' script, where the sources are bundled (the desktop app's `parse-worker.js`). */
  parseWorker?: string;
}

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
  /** Yjs docs (page trees, page bodies, comment threads), persisted in `db`. */
  readonly docs: DocStore;
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
  /** Parses large request bodies, and the Markdown of any, in worker threads. */
  private readonly parsing: ParseWorkers;
  private readonly deps: PipelineDeps;
  private listenPort = 0;
  private readonly purgeTimer: NodeJS.Timeout;

  constructor(readonly options: EngineOptions) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    this.db = options.database ?? new Database(join(options.dataDir, 'folio.db'), options.nativeBinding);
    this.docs = new DocStore(this.db);
    const clock = options.clock ?? systemClock;
    // Every committed write of a page tree, a body or comment threads rewrites its projection in the same transaction.
    new Projector(this.db, this.docs, clock).followComments(projectCommentThreads);
    this.blobWatch = new BlobWatch(this.db, this.docs);
    const replicaChannels = [(deps: ReplicaChannelDeps) => new ReplicaChangesChannel(deps), (deps: ReplicaChannelDeps) => new ReplicaBlobsChannel(deps.db, this.blobWatch)];
    this.sync = new SyncWorker(
      { db: this.db, docs: this.docs, clock, openDocIds: () => this.yjs.openDocIds, onDocOpened: (listener) => this.yjs.onRoomOpened(listener) },
      { ...options.sync, channels: [...replicaChannels, ...(options.sync?.channels ?? [])] },
    );
    this.parsing = new ParseWorkers({ script: options.parseWorker });
    this.deps = {
      db: this.db,
      docs: this.docs,
      clock,
      urls: this.urls,
      sync: this.sync,
      checkResponses: !!options.checkResponses,
      parsing: this.parsing,
    };
    this.dispatcher = new Dispatcher(this.deps, options.observeAnswers);
    this.yjs = new YjsServer(this.deps);
    this.hubChangeLog = new HubChangeLog(this.deps);
    this.syncHub = new SyncHub(this.deps, [this.hubChangeLog.channelFor, (actor) => new HubBlobsChannel(this.deps, actor, this.blobWatch)]);
    this.liveRevisions = new LiveRevisions(this.db, this.docs, this.deps.clock);
    this.openapi = new OpenAPIProcessor(
      this.db,
      this.deps.clock,
      { timeoutMs: options.openapi?.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, allowRemoteHosts: options.openapi?.allowRemoteHosts ?? false },
      (text) => this.parsing.parseSpec(text),
    );
    // API-reference pages follow their spec's new versions (docs/openapi-specs.md, "Reference pages").
    this.openapi.onVersion((spec, versionId, now) => followNewVersion(this.db, this.docs, spec, versionId, now));
    this.translations = new TranslationRunner(this.db, this.docs, this.deps.clock, options.translator && createTranslator(options.translator));
    this.gitSync = new GitSyncRunner(this.db, this.docs, this.deps.clock, {
      dataDir: options.dataDir,
      policy: { allowLocal: options.git?.allowLocal ?? false, allowRemote: options.git?.allowRemote ?? false },
      ...(options.git?.retryMs !== undefined ? { retryMs: options.git.retryMs } : {}),
    });
    this.gitSync.startPolling(options.git?.pollIntervalMs);
    this.integrations = new IntegrationRunner(this.db, this.deps.clock, () => this.urls.origin, {
      ...DEFAULT_SANDBOX_LIMITS,
      concurrentRuns: DEFAULT_CONCURRENT_RUNS,
      ...options.integrations,
      program: options.integrations?.program ?? nodeSandboxProgram(),
    });
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
   * as HTTP. The body goes through JSON as it would on the wire, so both answer alike.
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
    this.yjs.close();
    this.liveRevisions.close();
    this.parsing.close();
    this.docs.close();
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
  return {
    status: response.status,
    headers: { ...response.headers, 'content-type': 'application/json' },
    body: JSON.parse(JSON.stringify(response.body)),
  };
}
