import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { BoundOperation } from '../pipeline/execute.js';

export interface RouteMatch {
  operation: BoundOperation;
  params: Record<string, string>;
}

/**
 * Finds the operation for a method and path. Hono's RegExpRouter compiles every path of the
 * contract into one regular expression, so matching costs the same for 10 routes or 200.
 */
export class OperationRouter {
  private readonly router = new RegExpRouter<BoundOperation>();

  constructor(operations: BoundOperation[]) {
    for (const operation of operations) {
      this.router.add(operation.op.method, operation.op.path.replace(/\{(\w+)\}/g, ':$1'), operation);
    }
  }

  /** undefined when nothing matches; a param that is not valid percent-encoding is kept as sent. */
  match(method: string, pathname: string): RouteMatch | undefined {
    const [handlers, stash] = this.router.match(method, pathname) as [
      [BoundOperation, Record<string, number>][],
      (string | undefined)[] | undefined,
    ];
    const first = handlers[0];
    if (!first) return undefined;
    const [operation, indexes] = first;
    const params: Record<string, string> = {};
    for (const [name, index] of Object.entries(indexes)) params[name] = decode(stash?.[index] ?? '');
    return { operation, params };
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
