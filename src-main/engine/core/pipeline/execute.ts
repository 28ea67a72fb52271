import type { OperationDef, OperationInput } from '../../../../src-shared/contract/operation.js';
import { authenticate } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import type { Urls } from '../urls.js';
import type { WorkerPool } from '../workers/pool.js';
import type { Actor, ReadMarkdown, RequestContext, Services } from './context.js';
import type { Handler } from './handler.js';
import { Failure, badRequest, errorBody, isFailure, unauthorized } from './failure.js';
import { Later, LaterWrite } from './later.js';
import { Reply } from './reply.js';
import type { ApiRequest, ApiResponse } from './request.js';
import { arrayFields, parseBody, parsePart } from './validate.js';

export interface PipelineDeps {
  db: Database;
  docs: DocStore;
  clock: Clock;
  urls: Urls;
  services: Services;
  workers: WorkerPool;
  beforeWrite: BeforeWrite;
  /** How a request's input is read off the event loop: a large body whole, the Markdown of any. */
  reading: RequestReading;
  /** Tests turn this on: every answer is checked against the contract's response schema. */
  checkResponses: boolean;
}

/** What a large body gave once parsed and validated off the event loop: why it is refused, or its value and a reader of its Markdown. */
export type LargeBody = { problem: string } | { value: unknown; readMarkdown: ReadMarkdown };

/** A Markdown text a request carries, and whether it is the document of a page the request creates (only such a body is built ahead). */
export interface MarkdownInput {
  markdown: string;
  newPage: boolean;
}

/**
 * Reading a request's input off the event loop (docs/architecture.md, "Worker threads"): the
 * content area provides it (content/request-reading.ts), so that the pipeline imports none of it.
 */
export interface RequestReading {
  /** Markdown read here, on the event loop: for a context that read nothing ahead. */
  readMarkdown: ReadMarkdown;
  /** The Markdown texts a validated body carries to be read as page content. */
  markdownIn(body: unknown): MarkdownInput[];
  /** Those texts read in the worker threads, as a reader answering from them. */
  readAhead(texts: readonly MarkdownInput[]): Promise<ReadMarkdown>;
  /** A large body of `operationId` parsed and validated in the worker threads, its Markdown read. */
  parseLarge(operationId: string, text: string): Promise<LargeBody>;
  /** The file bytes a validated body carries, by SHA-256: a store besides the database takes them before the transaction (`storeAhead`). */
  fileBytesIn(body: unknown): { sha256: string; bytes: Uint8Array }[];
}

/** The context of a request by `actor`, made now. */
export function contextFor(deps: PipelineDeps, actor: Actor, now = deps.clock.now().toISOString(), readMarkdown = deps.reading.readMarkdown): RequestContext {
  return { ...deps.services, db: deps.db, docs: deps.docs, actor, now, clock: deps.clock, urls: deps.urls, workers: deps.workers, readMarkdown };
}

/**
 * Runs first in a write transaction made for a user, once the user is known: the change log of
 * sync records the transaction's changes as theirs. The pipeline calls it for every write request;
 * it knows no feature of its own.
 */
export type BeforeWrite = (db: Database, actorId: string) => void;

/** Carries a failure out of a transaction so that it rolls back. */
class Rollback extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/**
 * One operation bound to its handler: authenticate, validate, run in one transaction, answer.
 * Every transport (HTTP, IPC, in-process) goes through here.
 */
export class BoundOperation {
  private readonly queryArrays: Set<string>;

  constructor(
    readonly op: OperationDef,
    private readonly handler: Handler<OperationDef>,
  ) {
    this.queryArrays = arrayFields(op.query);
  }

  /**
   * Answers at once, unless the request calls for long work: its input's before its transaction
   * (a large body, left unparsed by the transport as `bodyText`, parsed whole in the worker
   * threads; or the Markdown a small one carries, read there), once the caller is known so that
   * nobody unknown sets a thread going; or its answer's after (a handler's `Later`).
   */
  execute(deps: PipelineDeps, request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    if (request.bodyText !== undefined && this.op.body) return this.executeLarge(deps, request, request.bodyText);
    const head = this.parseHead(request);
    const input = isFailure(head) ? head : this.withBody(head, request);
    const texts = isFailure(input) ? [] : deps.reading.markdownIn(input.body);
    const files = isFailure(input) ? [] : filesToStore(deps, input.body);
    if (texts.length === 0 && files.length === 0) return this.run(deps, request, input, deps.reading.readMarkdown);
    if (!knownCaller(deps, request.authorization)) return failureResponse(unauthorized());
    const read = texts.length === 0 ? deps.reading.readMarkdown : deps.reading.readAhead(texts);
    return Promise.all([read, storeAhead(deps, files)]).then(([readMarkdown]) => this.run(deps, request, input, readMarkdown));
  }

  private async executeLarge(deps: PipelineDeps, request: ApiRequest, text: string): Promise<ApiResponse> {
    const head = this.parseHead(request);
    if (isFailure(head)) return this.run(deps, request, head, deps.reading.readMarkdown);
    if (!knownCaller(deps, request.authorization)) return failureResponse(unauthorized());
    const parsed = await deps.reading.parseLarge(this.op.id, text);
    if ('problem' in parsed) return this.run(deps, request, badRequest(parsed.problem), deps.reading.readMarkdown);
    await storeAhead(deps, filesToStore(deps, parsed.value));
    return this.run(deps, request, { ...head, body: parsed.value } as OperationInput<OperationDef>, parsed.readMarkdown);
  }

  /**
   * One transaction: the caller, then the input's verdict, then the handler (or the write a
   * handler's `LaterWrite` resolved to, in a transaction of its own once its work is done).
   */
  private run(
    deps: PipelineDeps,
    request: ApiRequest,
    input: OperationInput<OperationDef> | Failure,
    readMarkdown: ReadMarkdown,
    handle: Handler<OperationDef> = this.handler,
  ): ApiResponse | Promise<ApiResponse> {
    let result: unknown;
    try {
      // Everything, authentication included, reads one snapshot: one WAL lock per request.
      result = deps.db.transaction(() => {
        deps.db.noticeExternalChanges();
        const actor = authenticate(deps.db, request.authorization);
        if (!actor) throw new Rollback(unauthorized());
        if (this.op.method !== 'GET') deps.beforeWrite(deps.db, actor.id);
        if (isFailure(input)) throw new Rollback(input);
        const value = handle(contextFor(deps, actor, undefined, readMarkdown), input);
        if (isFailure(value)) throw new Rollback(value);
        return value;
      }, this.op.method === 'GET' ? 'read' : 'write');
    } catch (error) {
      if (error instanceof Rollback) return failureResponse(error.failure);
      throw error;
    }
    if (result instanceof LaterWrite) {
      return (result as LaterWrite<unknown>).work().then((write) => this.run(deps, request, input, readMarkdown, (ctx) => write(ctx) as ReturnType<Handler<OperationDef>>));
    }
    if (result instanceof Later) {
      return (result as Later<unknown>).work().then((value) => (isFailure(value) ? failureResponse(value) : this.success(deps, value)));
    }
    return this.success(deps, result);
  }

  /** The path parameters and the query, validated. */
  private parseHead(request: ApiRequest): Pick<OperationInput<OperationDef>, 'params' | 'query'> | Failure {
    const { op } = this;
    const params = op.params ? parsePart(op.params, request.params, 'params') : undefined;
    if (isFailure(params)) return params;
    const query = op.query ? parsePart(op.query, this.flattenQuery(request.query), 'query') : undefined;
    if (isFailure(query)) return query;
    return { params, query } as Pick<OperationInput<OperationDef>, 'params' | 'query'>;
  }

  private withBody(head: Pick<OperationInput<OperationDef>, 'params' | 'query'>, request: ApiRequest): OperationInput<OperationDef> | Failure {
    const { op } = this;
    if (request.bodyError) return badRequest(`body: ${request.bodyError}`);
    let body: unknown;
    if (op.body) {
      const raw = request.body === undefined && op.bodyOptional ? {} : request.body;
      if (raw === undefined) return badRequest('body: a JSON body is required');
      body = parseBody(op.body, raw);
      if (isFailure(body)) return body;
    }
    return { ...head, body } as OperationInput<OperationDef>;
  }

  private flattenQuery(query: Record<string, string[]>): Record<string, string | string[]> {
    // No prototype: a parameter named `__proto__` is a parameter like any other.
    const flat: Record<string, string | string[]> = Object.create(null);
    for (const [key, values] of Object.entries(query)) {
      flat[key] = this.queryArrays.has(key) ? values.flatMap((v) => v.split(',')) : values[values.length - 1]!;
    }
    return flat;
  }

  private success(deps: PipelineDeps, result: unknown): ApiResponse {
    const reply = result instanceof Reply ? result : new Reply(this.op.success, result);
    if (reply.body === undefined) return { status: reply.status, headers: { ...reply.headers } };
    if (deps.checkResponses && this.op.response) {
      const checked = this.op.response.safeParse(reply.body);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new Error(`${this.op.id} answered off-contract at ${issue.path.join('.')}: ${issue.message}`);
      }
    }
    return { status: reply.status, headers: { ...reply.headers }, body: reply.body };
  }
}

/** The caller a bearer token names, read on its own (before a body is read or Markdown parsed for them). */
export function knownCaller(deps: PipelineDeps, authorization: string | undefined): Actor | undefined {
  return deps.db.transaction(() => {
    deps.db.noticeExternalChanges();
    return authenticate(deps.db, authorization);
  }, 'read');
}

/** The file bytes `body` carries, where a store besides the database (a hub's folder or bucket) is to take them before the transaction; none otherwise. */
function filesToStore(deps: PipelineDeps, body: unknown): { sha256: string; bytes: Uint8Array }[] {
  return deps.db.fileBytes ? deps.reading.fileBytesIn(body) : [];
}

/**
 * The bytes in the store before the request's transaction opens, without holding the event loop
 * (docs/hub.md): the transaction only records their rows. A store away rejects with its
 * `TryAgainLater` (a 503); bytes stored for a request that then fails are swept later.
 */
async function storeAhead(deps: PipelineDeps, files: readonly { sha256: string; bytes: Uint8Array }[]): Promise<void> {
  const store = deps.db.fileBytes;
  if (store) await Promise.all(files.map((file) => store.put(file.sha256, file.bytes)));
}

export function failureResponse(failure: Failure): ApiResponse {
  return { status: failure.status, headers: {}, body: errorBody(failure) };
}
