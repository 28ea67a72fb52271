import { UnsupportedPathError } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { BoundOperation } from '../core/pipeline/execute.js';

export interface RouteMatch {
  operation: BoundOperation;
  params: Record<string, string>;
}

/**
 * Finds the operation for a method and path. Hono's RegExpRouter compiles every path of the
 * contract into one regular expression, so matching costs the same for 10 routes or 200. It
 * refuses a parameter beside a literal segment (`…/versions/latest` and `…/versions/{versionId}`):
 * those few paths go to a TrieRouter, asked only when the RegExpRouter finds nothing, so the
 * literal path wins.
 */
export class OperationRouter {
  private readonly router = new RegExpRouter<BoundOperation>();
  private readonly ambiguous = new TrieRouter<BoundOperation>();

  constructor(operations: BoundOperation[]) {
    // Fewer parameters first: a literal path is accepted before the parameter beside it is refused.
    const byLiteralness = [...operations].sort((a, b) => paramCount(a) - paramCount(b));
    const accepted = acceptedByRegExpRouter(byLiteralness);
    for (const operation of byLiteralness) {
      (accepted.has(operation) ? this.router : this.ambiguous).add(operation.op.method, routePath(operation), operation);
    }
  }

  /** undefined when nothing matches; a param that is not valid percent-encoding is kept as sent. */
  match(method: string, pathname: string): RouteMatch | undefined {
    const [handlers, stash] = this.router.match(method, pathname) as [
      [BoundOperation, Record<string, number>][],
      (string | undefined)[] | undefined,
    ];
    const first = handlers[0];
    if (!first) return this.matchAmbiguous(method, pathname);
    const [operation, indexes] = first;
    const params: Record<string, string> = {};
    for (const [name, index] of Object.entries(indexes)) params[name] = decode(stash?.[index] ?? '');
    return { operation, params };
  }

  private matchAmbiguous(method: string, pathname: string): RouteMatch | undefined {
    const [handlers] = this.ambiguous.match(method, pathname) as [[BoundOperation, Record<string, string>][]];
    const first = handlers[0];
    if (!first) return undefined;
    const [operation, raw] = first;
    return { operation, params: Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decode(value)])) };
  }
}

const routePath = (operation: BoundOperation) => operation.op.path.replace(/\{(\w+)\}/g, ':$1');
const paramCount = (operation: BoundOperation) => (operation.op.path.match(/\{/g) ?? []).length;

/** The operations a RegExpRouter takes, tried one by one on a scratch router (rebuilt after a refusal, which may leave it half-changed). */
function acceptedByRegExpRouter(operations: BoundOperation[]): Set<BoundOperation> {
  const accepted = new Set<BoundOperation>();
  let probe = new RegExpRouter<BoundOperation>();
  for (const operation of operations) {
    try {
      probe.add(operation.op.method, routePath(operation), operation);
      accepted.add(operation);
    } catch (error) {
      if (!(error instanceof UnsupportedPathError)) throw error;
      probe = new RegExpRouter<BoundOperation>();
      for (const kept of accepted) probe.add(kept.op.method, routePath(kept), kept);
    }
  }
  return accepted;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
