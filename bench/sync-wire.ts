import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { issueToken } from '../src-main/engine/app/admin/commands.js';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen } from '../src-main/engine/app/http/server.js';
import { SYNC_PATH } from '../src-main/engine/transports/sync/hub.js';
import { saveUpstream } from '../src-main/engine/services/sync/sql.js';
import { logTenThousandChanges } from './sync-changes.js';

/**
 * An empty replica's catch-up of 10,000 metadata changes over the sync socket on loopback: from
 * `sync.start()` until the replica holds every collection with its last title (hello, identity
 * adoption, pulls in batches, applies, the push of what it adopted).
 */
export async function benchSyncWire(): Promise<{ changes: number; catchUpMs: number }> {
  const dirs = [mkdtempSync(join(tmpdir(), 'folio-bench-hub-')), mkdtempSync(join(tmpdir(), 'folio-bench-replica-'))];
  const hub = new Engine({ dataDir: dirs[0]! });
  const replica = new Engine({ dataDir: dirs[1]! });
  const server = await listen(hub, 0);
  try {
    bootstrapIfEmpty(hub);
    bootstrapIfEmpty(replica);
    const owner = hub.db.get<{ email: string; organization_id: string }>('SELECT email, organization_id FROM members JOIN users ON users.id = user_id')!;
    logTenThousandChanges(hub, owner.organization_id);
    saveUpstream(replica.db, `ws://127.0.0.1:${server.port}${SYNC_PATH}`, String(issueToken(hub, owner.email)));
    const start = performance.now();
    replica.sync.start();
    while (!caughtUp(replica)) await new Promise((resolve) => setTimeout(resolve, 5));
    return { changes: 10_000, catchUpMs: performance.now() - start };
  } finally {
    replica.close();
    await server.close();
    hub.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

function caughtUp(replica: Engine): boolean {
  const done = replica.db.get<{ n: number }>(
    "SELECT count(*) AS n FROM collections WHERE title = 'Title ' || (8000 + CAST(substr(id, 2) AS INTEGER))",
  )!;
  return done.n === 1000;
}

export function report(figures: { changes: number; catchUpMs: number }): void {
  console.log(`\nSync change log on the socket: an empty replica catches up ${figures.changes} metadata changes of the hub, loopback`);
  console.table({ 'catch-up (connect to last change applied)': `${figures.catchUpMs.toFixed(0)} ms` });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void benchSyncWire().then(report);
