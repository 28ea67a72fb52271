import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ApiClient } from '../src-shared/client/client.js';
import { httpTransport } from '../src-shared/client/http-transport.js';
import { benchContentConversions } from './content-conversions.js';
import { benchContentPages } from './content-pages.js';
import { benchConflicts, report as reportConflicts } from './conflicts.js';
import { benchReviewScreen, report as reportReviewScreen } from './review-screen.js';
import { benchConversations } from './conversations.js';
import { benchDocStore, report as reportDocStore } from './doc-store.js';
import { benchEditor, report as reportEditor } from './editor.js';
import { benchGitSync } from './git-sync.js';
import { benchHostileBodies } from './hostile-bodies.js';
import { benchIntegrations } from './integrations.js';
import { benchLaterCopy, report as reportLaterCopy } from './later-copy.js';
import { benchLiveEdits, report as reportLiveEdits } from './live-edits.js';
import { benchMainLoop, report as reportMainLoop } from './main-loop.js';
import { benchMerge, report as reportMerge } from './merge.js';
import { benchOpenAPISpecs } from './openapi-specs.js';
import { benchPdf, report as reportPdf } from './pdf.js';
import { benchSearch } from './search.js';
import { benchSync, report as reportSync } from './sync.js';
import { benchSyncChanges, report as reportSyncChanges } from './sync-changes.js';
import { benchSyncWire, report as reportSyncWire } from './sync-wire.js';
import { benchSyncCatchUp, report as reportSyncCatchUp } from './sync-catchup.js';
import { benchSyncFanOut, report as reportSyncFanOut } from './sync-fanout.js';
import { benchSyncIdle, report as reportSyncIdle } from './sync-idle.js';
import { benchBlobStores, reportBlobStores } from './blob-stores.js';
import { benchSyncCluster, report as reportSyncCluster } from './sync-cluster.js';
import { postgresMissing } from '../test/support/postgres.js';
import { benchTranslations } from './translations.js';

/**
 * `npm run bench`: Folio's GET /v1/spaces/{id} and a 100-item list against a raw node:http
 * server answering the same bytes, in the same run. Servers run in child processes so that
 * the load generator does not share their event loop. BENCH_SECONDS sets each run's length.
 * Then the content model's conversions of a 10,000-block page, each way, the content reads and
 * writes of a 10,000-page space, the Yjs doc store's load and compaction figures, the PDF of a
 * 100-page change request, merge and update of a change request touching 100 pages of 1,000 and
 * the detection and listing of 50 conflicts in one, its review screen in Chromium,
 * space search over 100,000 sections, OpenAPI spec processing of 500 operations against plain
 * validation, Folio's share of translating a 10,000-block page, doc replication, an empty
 * replica's catch-up of 10,000 metadata changes of the sync change log, and issue 5's sync
 * figures: catch-up, fan-out against @y/websocket-server, and the hub's memory per idle replica
 * (`BENCH_ONLY=sync`: those alone), issue 15's editor figures in Chromium (`BENCH_ONLY=editor`),
 * issue 18's hub of two processes on PostgreSQL beside the single SQLite hub (`BENCH_ONLY=cluster`)
 * and a hub process's event loop while it stores uploads in a bucket or a folder (`BENCH_ONLY=blobs`),
 * issue 16's: the engine's event loop and `GET /v1/user` while a writer types, a PDF renders and an
 * import runs, with what a keystroke costs (`BENCH_ONLY=main-loop`: those alone), and what hostile
 * bodies cost other clients (issue 13).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const children: ChildProcess[] = [];
  try {
    const folio = await start('npx', ['tsx', 'src-main/cli/serve.ts', '--data-dir', dataDir, '--port', '0'], /listening on (http:\S+)/, children);
    const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    const { spaceId, listPath } = await seed(folio, token);
    const spacePath = `/v1/spaces/${spaceId}`;
    const bodies = { '/space': await fetchText(folio + spacePath, token), '/list': await fetchText(folio + listPath, token) };
    const bodiesFile = join(dataDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const rawPort = await start('npx', ['tsx', 'bench/raw-server.ts', bodiesFile], /listening (\d+)/, children);
    const raw = `http://127.0.0.1:${rawPort}`;

    const rows = [
      await compare('GET /v1/spaces/{id}', `${raw}/space`, folio + spacePath, token),
      await compare('GET 100-item list', `${raw}/list`, folio + listPath, token),
    ];
    console.log(`\n${CONNECTIONS} connections, ${SECONDS}s per run, bodies of ${bodies['/space'].length} and ${bodies['/list'].length} bytes`);
    console.table(rows);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function seed(origin: string, token: string): Promise<{ spaceId: string; listPath: string }> {
  const client = new ApiClient(httpTransport(origin, token, fetch));
  const orgs = await client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
  if (!orgs.ok) throw new Error(`cannot list organizations: ${orgs.error.message}`);
  const organizationId = orgs.data.items[0]!.id;
  let spaceId = '';
  for (let i = 0; i < 100; i++) {
    const space = await client.call('createSpace', { params: { organizationId }, body: { title: `Space ${i}` } });
    if (!space.ok) throw new Error(`cannot create a space: ${space.error.message}`);
    spaceId = space.data.id;
  }
  return { spaceId, listPath: `/v1/orgs/${organizationId}/spaces?limit=100` };
}

async function compare(name: string, rawUrl: string, folioUrl: string, token: string) {
  await load(rawUrl, {}, 1);
  await load(folioUrl, { authorization: `Bearer ${token}` }, 1);
  const raw = await load(rawUrl, {}, SECONDS);
  const folio = await load(folioUrl, { authorization: `Bearer ${token}` }, SECONDS);
  return {
    operation: name,
    'raw req/s': Math.round(raw.requests.average),
    'raw p99 ms': raw.latency.p99,
    'folio req/s': Math.round(folio.requests.average),
    'folio p99 ms': folio.latency.p99,
    ratio: Number((folio.requests.average / raw.requests.average).toFixed(2)),
  };
}

async function load(url: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

async function fetchText(url: string, token: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/** Starts a child process and waits for the line that tells where it listens. */
function start(command: string, args: string[], ready: RegExp, children: ChildProcess[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = ready.exec(line);
      if (match) resolve(match[1]!);
    });
  });
}

async function all(): Promise<void> {
  await main();
  benchContentConversions();
  await benchContentPages();
  reportDocStore(benchDocStore());
  reportLiveEdits(await benchLiveEdits());
  reportMainLoop(await benchMainLoop());
  reportPdf(await benchPdf());
  reportMerge(await benchMerge());
  reportConflicts(await benchConflicts());
  reportReviewScreen(await benchReviewScreen());
  reportLaterCopy(benchLaterCopy());
  await benchSearch();
  await benchConversations();
  await benchOpenAPISpecs();
  await benchTranslations();
  await benchIntegrations();
  await benchGitSync();
  await benchHostileBodies();
  await syncBenches();
  reportEditor(await benchEditor());
}

/** Issue 5's figures; `BENCH_ONLY=sync npm run bench` runs these alone. */
async function syncBenches(): Promise<void> {
  reportSync(await benchSync());
  reportSyncChanges(benchSyncChanges());
  reportSyncWire(await benchSyncWire());
  reportSyncCatchUp(await benchSyncCatchUp());
  reportSyncFanOut(await benchSyncFanOut());
  reportSyncIdle(await benchSyncIdle());
  await clusterBenches();
}

/** Issue 18's figures, a hub of two processes on PostgreSQL (`BENCH_ONLY=cluster`: these alone); skipped, said why, without PostgreSQL. */
async function clusterBenches(): Promise<void> {
  const missing = postgresMissing();
  if (missing) console.log(`\nHub on PostgreSQL: ${missing}`);
  else reportSyncCluster(await benchSyncCluster());
  reportBlobStores(await benchBlobStores());
}

/** `BENCH_ONLY=sync`, `git`, `content`, `editor`, `cluster`, `blobs`, `main-loop` or `review` runs those figures alone. */
const ONLY: Record<string, () => Promise<unknown>> = {
  sync: syncBenches,
  git: () => benchGitSync(),
  cluster: clusterBenches,
  // A hub process's event loop while it stores uploads in a bucket or a folder.
  blobs: async () => reportBlobStores(await benchBlobStores()),
  content: async () => benchContentConversions(),
  editor: async () => reportEditor(await benchEditor()),
  // Issue 14's figures: a merge, conflicts detected and listed, and the review screen in Chromium.
  review: async () => {
    reportMerge(await benchMerge());
    reportConflicts(await benchConflicts());
    reportReviewScreen(await benchReviewScreen());
    reportLaterCopy(benchLaterCopy());
  },
  // Issue 16's figures: the main loop under load, and what a keystroke costs.
  'main-loop': async () => {
    reportMainLoop(await benchMainLoop());
    reportLiveEdits(await benchLiveEdits());
  },
};

(ONLY[process.env.BENCH_ONLY ?? '']?.() ?? all()).catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
