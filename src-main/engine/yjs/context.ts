import { readRequestMarkdown } from '../content/markdown-inputs.js';
import type { Actor, RequestContext } from '../pipeline/context.js';
import type { PipelineDeps } from '../pipeline/execute.js';

/** The context the API's access rules take, for a socket's caller at this moment. */
export function contextFor(deps: PipelineDeps, actor: Actor): RequestContext {
  return {
    db: deps.db,
    docs: deps.docs,
    actor,
    now: deps.clock.now().toISOString(),
    clock: deps.clock,
    urls: deps.urls,
    sync: deps.sync,
    readMarkdown: readRequestMarkdown,
  };
}
