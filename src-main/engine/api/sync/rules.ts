import type { RequestContext } from '../../pipeline/context.js';
import { forbidden, type Failure } from '../../pipeline/failure.js';

/**
 * The data dir's owner: the first user, made on first start (`bootstrapIfEmpty`), whose token is
 * `DIR/token`. Which hub the engine replicates with, under whose token, is theirs to decide.
 */
export function requireOwner(ctx: RequestContext): Failure | undefined {
  const owner = ctx.db.get<{ id: string }>('SELECT id FROM users ORDER BY rowid LIMIT 1');
  return owner?.id === ctx.actor.id ? undefined : forbidden("Only the data dir's owner sets the hub");
}
