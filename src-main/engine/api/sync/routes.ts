import type { sync } from '../../../../src-shared/contract/sync.js';
import { notFound, type Handlers } from '../../core/pipeline/index.js';
import { readUpstream, removeUpstream, saveUpstream } from '../../services/sync/sql.js';
import { requireOwner } from '../../domain/sync/rules.js';
import { syncStatus } from './serialize.js';

/** The worker follows the settings once they commit: a rolled-back request changes nothing. */
export const syncHandlers: Handlers<typeof sync> = {
  getSyncStatus(ctx) {
    return syncStatus(ctx);
  },

  updateSyncSettings(ctx, { body }) {
    const refused = requireOwner(ctx);
    if (refused) return refused;
    saveUpstream(ctx.db, body.url, body.token);
    ctx.db.onTransactionEnd((committed) => committed && ctx.sync.restart());
    return { ...syncStatus(ctx), state: 'connecting' };
  },

  deleteSyncSettings(ctx) {
    const refused = requireOwner(ctx);
    if (refused) return refused;
    if (!readUpstream(ctx.db)) return notFound('No hub is set');
    removeUpstream(ctx.db);
    ctx.db.onTransactionEnd((committed) => committed && ctx.sync.stop());
    return undefined;
  },
};
