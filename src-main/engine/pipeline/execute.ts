import type { OperationDef, OperationInput } from '../../../src-shared/contract/operation.js';
import { authenticate } from '../auth/tokens.js';
import { markdownInputs, readRequestMarkdown, type ReadMarkdown } from '../content/markdown-inputs.js';
import { logChangesAs } from '../sync/changes/request-actor.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import type { SyncWorker } from '../sync/worker.js';
import type { Urls } from '../urls.js';
import type { Actor } from './context.js';
import type { Handler } from './handler.js';
import { readAhead, type ParseWorkers } from './parse-workers.js';
import { Failure, badRequest, isFailure, unauthorized } from './failure.js';
import { Reply } from './reply.js';
import type { ApiRequest, ApiResponse } from './request.js';
import { arrayFields, parseBody, parsePart } from './validate.js';

export interface PipelineDeps {
  db: Database;
  docs: DocStore;
  clock: Clock;
  urls: Urls;
  sync: SyncWorker;
  /** Tests turn this on: every answer is checked against the contract's response schema. */
  checkResponses: boolean;
  /** Parses large request bodies, and the Markdown of any, off the event loop. */
  parsing: ParseWorkers;
}

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
   * Answers the request: at once, or once what is slow to parse has been parsed in the parse
   * workers (docs/architecture.md, "Transport"): a large body (left unparsed by the transport,
   * `bodyText`) whole, or the Markdown a small one carries. The caller is known first: nobody
   * else gets those threads' time.
   */
  execute(deps: PipelineDeps, request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    if (request.bodyText !== undefined && this.op.body) return this.executeLarge(deps, request, request.bodyText);
    const head = this.parseHead(request);
    const input = isFailure(head) ? head : this.withBody(head, request);
    const texts = isFailure(input) ? [] : markdownInputs(input.body);
    if (texts.length === 0) return this.run(deps, request, input, readRequestMarkdown);
    if (!knownCaller(deps, request.authorization)) return failureResponse(unauthorized());
    return deps.parsing.readAll(texts).then((readMarkdown) => this.run(deps, request, input, readMarkdown));
  }

  private async executeLarge(deps: PipelineDeps, request: ApiRequest, text: string): Promise<ApiResponse> {
    const head = this.parseHead(request);
    if (isFailure(head)) return this.run(deps, request, head, readRequestMarkdown);
    if (!knownCaller(deps, request.authorization)) return failureResponse(unauthorized());
    const parsed = await deps.parsing.parseBody(this.op.id, text);
    if ('problem' in parsed) return this.run(deps, request, badRequest(parsed.problem), readRequestMarkdown);
    return this.run(deps, request, { ...head, body: parsed.value } as OperationInput<OperationDef>, readAhead(new Map(parsed.markdown)));
  }

  /** One transaction: the caller, then the input's verdict, then the handler. */
  private run(deps: PipelineDeps, request: ApiRequest, input: OperationInput<OperationDef> | Failure, readMarkdown: ReadMarkdown): ApiResponse {
    let result: unknown;
    try {
      // Everything, authentication included, reads one snapshot: one WAL lock per request.
      result = deps.db.transaction(() => {
        deps.db.noticeExternalChanges();
        const actor = authenticate(deps.db, request.authorization);
        if (!actor) throw new Rollback(unauthorized());
        if (this.op.method !== 'GET') logChangesAs(deps.db, actor.id);
        if (isFailure(input)) throw new Rollback(input);
        const now = deps.clock.now().toISOString();
        const ctx = { db: deps.db, docs: deps.docs, actor, now, clock: deps.clock, urls: deps.urls, sync: deps.sync, readMarkdown };
        const value = this.handler(ctx, input);
        if (isFailure(value)) throw new Rollback(value);
        return value;
      }, this.op.method === 'GET' ? 'read' : 'write');
    } catch (error) {
      if (error instanceof Rollback) return failureResponse(error.failure);
      throw error;
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

export function failureResponse(failure: Failure): ApiResponse {
  return { status: failure.status, headers: {}, body: { error: { code: failure.status, message: failure.message } } };
}
