import * as Y from 'yjs';
import type { z } from 'zod';
import type { SyncStatus } from '../../../../src-shared/contract/sync.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { unpushedChanges } from '../../services/sync/changes/unpushed.js';
import { ackedStateVector, outboxSize, pendingDocIds, readUpstream } from '../../services/sync/sql.js';
import { isOwner } from '../../domain/sync/rules.js';

/** The worker's state, the outbox with each doc's lag, and the metadata changes waiting, as SQLite has them now. */
export function syncStatus(ctx: RequestContext): z.input<typeof SyncStatus> {
  const upstream = readUpstream(ctx.db);
  return {
    state: upstream ? ctx.sync.state : 'disabled',
    url: upstream?.url ?? null,
    connectedTo: upstream ? ctx.sync.connectedTo : null,
    outbox: outboxSize(ctx.db),
    pendingChanges: upstream ? unpushedChanges(ctx.db, upstream.url) : 0,
    lastSyncAt: upstream?.lastSyncAt ?? null,
    lastProblem: ctx.sync.lastProblem,
    lag: pendingDocIds(ctx.db).map((docId) => ({ docId, operations: lagOf(ctx, docId) })),
    permissions: { configure: isOwner(ctx) },
  };
}

/** Per client, how far our clock runs past what the hub acknowledged. */
function lagOf(ctx: RequestContext, docId: string): number {
  const acked = ackedStateVector(ctx.db, docId);
  let operations = 0;
  for (const [client, clock] of Y.decodeStateVector(ctx.docs.stateVector(docId))) operations += Math.max(0, clock - (acked.get(client) ?? 0));
  return operations;
}
