import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { contract } from '../../src-shared/contract/index.js';
import type { OperationDef } from '../../src-shared/contract/operation.js';
import { openApiDocument } from '../../src-shared/openapi/document.js';
import { handlers } from './api/index.js';
import { purgeExpiredSpaces } from './api/spaces/trash.js';
import { systemClock, type Clock } from './clock.js';
import { Database } from './db/database.js';
import { createApp } from './http/app.js';
import { BoundOperation, type PipelineDeps } from './pipeline/execute.js';
import type { Handler } from './pipeline/handler.js';
import type { ApiRequest, ApiResponse } from './pipeline/request.js';
import { Urls } from './urls.js';

export interface EngineOptions {
  dataDir: string;
  clock?: Clock;
  /** Check every answer against the contract (tests). */
  checkResponses?: boolean;
  /** Serves the renderer's files for paths outside /v1. */
  serveStatic?: (path: string) => Response | undefined;
  /** better-sqlite3 built for Electron's ABI, while node_modules stays at Node's. */
  nativeBinding?: string;
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
 * The Folio engine: one SQLite store and one route table, reachable over HTTP, IPC and
 * in-process calls alike. It never imports Electron.
 */
export class Engine {
  readonly db: Database;
  readonly urls = new Urls('http://127.0.0.1');
  readonly app: Hono;
  private readonly deps: PipelineDeps;
  private listenPort = 0;
  private openapiCache: unknown;
  private readonly purgeTimer: NodeJS.Timeout;

  constructor(readonly options: EngineOptions) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    this.db = new Database(join(options.dataDir, 'folio.db'), options.nativeBinding);
    this.deps = { db: this.db, clock: options.clock ?? systemClock, urls: this.urls, checkResponses: !!options.checkResponses };
    const operations = Object.entries(contract).map(
      ([id, op]) => new BoundOperation(op as OperationDef, handlers[id as keyof typeof handlers] as Handler<OperationDef>),
    );
    this.app = createApp({
      operations,
      execute: (operation, request) => operation.execute(this.deps, request),
      openapi: () => (this.openapiCache ??= openApiDocument(contract, { title: 'Folio API', version: '1' })),
      port: () => this.listenPort,
      serveStatic: options.serveStatic,
    });
    this.purgeTrash();
    // unref: the timer alone never keeps the process alive.
    this.purgeTimer = setInterval(() => this.purgeTrash(), PURGE_INTERVAL_MS).unref();
  }

  private purgeTrash(): void {
    purgeExpiredSpaces(this.db, this.clock.now().toISOString());
  }

  get clock(): Clock {
    return this.deps.clock;
  }

  /** Called once the HTTP server listens: `urls` and the Host check follow the real port. */
  setPort(port: number): void {
    this.listenPort = port;
    this.urls.origin = `http://127.0.0.1:${port}`;
  }

  get origin(): string {
    return this.urls.origin;
  }

  /** The in-process entry: the very route table HTTP uses. */
  fetch(request: Request): Promise<Response> {
    return Promise.resolve(this.app.fetch(request));
  }

  /** The IPC entry: plain JSON in, plain JSON out, through `fetch`. */
  async request(request: PlainRequest): Promise<PlainResponse> {
    const headers = new Headers(request.headers);
    headers.set('host', `127.0.0.1:${this.listenPort}`);
    if (request.body !== undefined) headers.set('content-type', 'application/json');
    const response = await this.fetch(
      new Request(`${this.origin}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      }),
    );
    const text = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: text ? JSON.parse(text) : undefined,
    };
  }

  close(): void {
    clearInterval(this.purgeTimer);
    this.db.close();
  }
}

export type { ApiRequest, ApiResponse };
