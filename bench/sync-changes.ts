import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { applyChanges } from '../src-main/engine/services/sync/changes/apply.js';
import { changesSince } from '../src-main/engine/services/sync/changes/since.js';

/**
 * The metadata change log's share of a replica's catch-up: a hub logs 10,000 changes (1,000
 * collections made, then 9,000 renames, through the capture triggers), and an empty replica
 * reads them from the hub (`changesSince`, in batches, for the owner) and applies them
 * (`applyChanges`), in process, no network.
 */
export interface SyncChangesFigures {
  changes: number;
  captureMs: number;
  readMs: number;
  applyMs: number;
}

const COLLECTIONS = 1000;
const RENAMES = 9000;

/** 1,000 collections made, then 9,000 renames: collection `c{k}` ends titled `Title {8000 + k}`. */
export function logTenThousandChanges(hub: Engine, organizationId: string): void {
  hub.db.transaction(() => {
    for (let i = 0; i < COLLECTIONS; i += 1) {
      hub.db.run(
        "INSERT INTO collections (id, organization_id, title, created_at) VALUES (?, ?, 'Collection', '2026-01-01T00:00:00.000Z')",
        `c${i}`,
        organizationId,
      );
    }
    for (let i = 0; i < RENAMES; i += 1) hub.db.run('UPDATE collections SET title = ? WHERE id = ?', `Title ${i}`, `c${i % COLLECTIONS}`);
  });
}

export function benchSyncChanges(): SyncChangesFigures {
  const dirs = [mkdtempSync(join(tmpdir(), 'folio-bench-hub-')), mkdtempSync(join(tmpdir(), 'folio-bench-replica-'))];
  const hub = new Engine({ dataDir: dirs[0]! });
  const replica = new Engine({ dataDir: dirs[1]! });
  try {
    bootstrapIfEmpty(hub);
    const owner = hub.db.get<{ user_id: string; organization_id: string }>('SELECT user_id, organization_id FROM members')!;
    const captureStart = performance.now();
    logTenThousandChanges(hub, owner.organization_id);
    const captureMs = performance.now() - captureStart;
    let cursor = '';
    let readMs = 0;
    let applyMs = 0;
    let changes = 0;
    for (;;) {
      const readStart = performance.now();
      const batch = changesSince(hub.db, cursor, { user: owner.user_id });
      readMs += performance.now() - readStart;
      if (batch.cursor === cursor) break;
      cursor = batch.cursor;
      changes += batch.changes.length;
      const applyStart = performance.now();
      applyChanges(replica.db, replica.changeCapture, batch.changes, { hub: true });
      applyMs += performance.now() - applyStart;
    }
    return { changes, captureMs, readMs, applyMs };
  } finally {
    hub.close();
    replica.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function report(figures: SyncChangesFigures): void {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`\nSync change log: ${figures.changes} changes of the hub caught up by an empty replica, in process`);
  console.table({
    'capture (10,000 writes, one transaction)': ms(figures.captureMs),
    'changesSince (read, filter, order)': ms(figures.readMs),
    'applyChanges (LWW, log, clocks)': ms(figures.applyMs),
    'catch-up (read + apply)': ms(figures.readMs + figures.applyMs),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(benchSyncChanges());
