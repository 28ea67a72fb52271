import { deviceOwnerId } from '../admin/device.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, type Failure } from '../../core/pipeline/failure.js';

/**
 * The data dir's owner (the device table, migration 023): made on first start, whose token is
 * `DIR/token`; the hub user once adopted. Which hub the engine replicates with, under whose
 * token, is theirs to decide.
 */
export function isOwner(ctx: Pick<RequestContext, 'db' | 'actor'>): boolean {
  return deviceOwnerId(ctx.db) === ctx.actor.id;
}

export function requireOwner(ctx: RequestContext): Failure | undefined {
  return isOwner(ctx) ? undefined : forbidden("Only the data dir's owner sets the hub");
}
