import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen } from '../src-main/engine/app/http/server.js';
import { MAIN, pageDoc } from '../src-shared/sync/doc-names.js';
import { seedPages } from './sync-catchup.js';
import { exitWithParent } from './sync-children.js';

/**
 * A hub for the sync benches, run as a child process (sync-children.ts): a fresh engine with a
 * space of one page, on loopback. Prints `hub PORT TOKEN DOC_ID` (the page's body doc) once it
 * listens; its data dir goes when it is stopped.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-hub-'));
const engine = new Engine({ dataDir });
bootstrapIfEmpty(engine);
const organizationId = engine.db.get<{ organization_id: string }>('SELECT organization_id FROM members')!.organization_id;
const server = await listen(engine, 0);
const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
const space = await fetch(`${server.url}/v1/orgs/${organizationId}/spaces`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ title: 'Fan-out' }),
});
const spaceId = ((await space.json()) as { id: string }).id;
const [pageId] = seedPages(engine, spaceId, 1);
console.log(`hub ${server.port} ${token} ${pageDoc(spaceId, MAIN, pageId!)}`);

exitWithParent();
process.once('SIGTERM', () => {
  void server.close().then(() => {
    engine.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
