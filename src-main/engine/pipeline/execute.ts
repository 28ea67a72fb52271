import type { OperationDef, OperationInput } from '../../../src-shared/contract/operation.js';
import { authenticate } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import type { Urls } from '../urls.js';
import type { WorkerPool } from '../workers/pool.js';
import type { Actor, Prepared, RequestContext, Services } from './context.js';
import type { Handler } from './handler.js';
import { Failure, badRequest, isFailure, unauthorized } from './failure.js';
import { Later } from './later.js';
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
  prepare: Prepare;
  /** Tests turn this on: every answer is checked against the contract's response schema. */
  checkResponses: boolean;
}

/**
 * Long work a request's body calls for before its transaction opens (converting a large Markdown
 * document in a worker), or undefined when there is none: only then is a request answered later.
 */
export type Prepare = (body: unknown) => (() => Promise<Prepared>) | undefined;

/** The context of a request by `actor`, made now. */
export function contextFor(deps: PipelineDeps, actor: Actor, now = deps.clock.now().toISOString(), prepared: Prepared = {}): RequestContext {
  return { ...deps.services, ...prepared, db: deps.db, docs: deps.docs, actor, now, clock: deps.clock, urls: deps.urls, workers: deps.workers };
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
   * Answers at once, unless the request calls for long work: its body's (after the caller is
   * known, so that nobody unknown sets a worker going) before its transaction, or its answer's
   * after (a handler's `Later`).
   */
  execute(deps: PipelineDeps, request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    const preparing = this.op.body && request.body !== undefined ? deps.prepare(request.body) : undefined;
    if (!preparing) return this.run(deps, request, {});
    const known = deps.db.transaction(() => {
      deps.db.noticeExternalChanges();
      return authenticate(deps.db, request.authorization) !== undefined;
    }, 'read');
    if (!known) return failureResponse(unauthorized());
    return preparing().then((prepared) => this.run(deps, request, prepared));
  }

  private run(deps: PipelineDeps, request: ApiRequest, prepared: Prepared): ApiResponse | Promise<ApiResponse> {
    let result: unknown;
    try {
      // Everything, authentication included, reads one snapshot: one WAL lock per request.
      result = deps.db.transaction(() => {
        deps.db.noticeExternalChanges();
        const actor = authenticate(deps.db, request.authorization);
        if (!actor) throw new Rollback(unauthorized());
        if (this.op.method !== 'GET') deps.beforeWrite(deps.db, actor.id);
        const input = this.parse(request);
        if (isFailure(input)) throw new Rollback(input);
        const value = this.handler(contextFor(deps, actor, undefined, prepared), input);
        if (isFailure(value)) throw new Rollback(value);
        return value;
      }, this.op.method === 'GET' ? 'read' : 'write');
    } catch (error) {
      if (error instanceof Rollback) return failureResponse(error.failure);
      throw error;
    }
    if (result instanceof Later) {
      return (result as Later<unknown>).work().then((value) => (isFailure(value) ? failureResponse(value) : this.success(deps, value)));
    }
    return this.success(deps, result);
  }

  private parse(request: ApiRequest): OperationInput<OperationDef> | Failure {
    const { op } = this;
    const params = op.params ? parsePart(op.params, request.params, 'params') : undefined;
    if (isFailure(params)) return params;
    const query = op.query ? parsePart(op.query, this.flattenQuery(request.query), 'query') : undefined;
    if (isFailure(query)) return query;
    if (request.bodyError) return badRequest(`body: ${request.bodyError}`);
    let body: unknown;
    if (op.body) {
      const raw = request.body === undefined && op.bodyOptional ? {} : request.body;
      if (raw === undefined) return badRequest('body: a JSON body is required');
      body = parseBody(op.body, raw);
      if (isFailure(body)) return body;
    }
    return { params, query, body } as OperationInput<OperationDef>;
  }

  private flattenQuery(query: Record<string, string[]>): Record<string, string | string[]> {
    const flat: Record<string, string | string[]> = {};
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

export function failureResponse(failure: Failure): ApiResponse {
  return { status: failure.status, headers: {}, body: { error: { code: failure.status, message: failure.message } } };
}
