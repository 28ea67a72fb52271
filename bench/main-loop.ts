import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { markdownToPm, writeBody } from '../src-shared/content/index.js';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { addOrganization } from '../src-main/engine/app/admin/commands.js';
import { DocEdits } from '../src-main/engine/domain/content/doc-edits.js';
import { positionBetween } from '../src-main/engine/domain/content/positions.js';
import { setPageFields } from '../src-main/engine/domain/content/tree.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen } from '../src-main/engine/app/http/server.js';
import { MAIN, pageDoc, treeDoc } from '../src-shared/sync/doc-names.js';
import { OPENING, READY, type ClientFigures, type ClientPlan } from './main-loop-clients.js';

/**
 * Issue 16's budget for the engine's event loop, the one that also drives every window of the
 * desktop app: while a writer types in a 10,000-block page (y-websocket, 20 keystrokes a second),
 * the PDF of a 100-page space renders and a 1,000-page import runs (50 batches of 20 Markdown
 * pages into a change request, then its merge), the loop's delay (`monitorEventLoopDelay`) and
 * `GET /v1/user` stay at p99 ≤ 20 ms, from the moment the writer's page is open and ready for live
 * edits (its opening is measured apart). The engine runs in this process, alone on its loop; the
 * clients run in a child process (main-loop-clients.ts). The baseline, in the same run: the same
 * figures with only `GET /v1/user` asked.
 */
export interface MainLoopFigures {
  phase: string;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  /** CPU of the engine's main thread over the run (Linux: its schedstat; elsewhere undefined), steadier than wall times on a shared machine. */
  loopCpuMs?: number;
  /** CPU of the engine's process over the run, its worker threads included. */
  processCpuMs: number;
  clients: ClientFigures;
  /** Before the phase, the writer opening the 10,000-block page: how long, and the loop meanwhile. */
  opening?: { ms: number; loopP99Ms: number; loopMaxMs: number };
}

const BIG_PAGE_BLOCKS = 10_000;
const PDF_PAGES = 100;

export async function benchMainLoop(): Promise<MainLoopFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-loop-'));
  const engine = new Engine({ dataDir: dir });
  const server = await listen(engine, 0);
  try {
    bootstrapIfEmpty(engine);
    await engine.workers.warmUp();
    const token = readFileSync(join(dir, 'token'), 'utf8').trim();
    const plan = await seed(engine, server.url, token);
    const figures: MainLoopFigures[] = [];
    figures.push(await measure(engine, 'baseline: GET /v1/user alone', { ...plan, typing: false, pdf: false, importPages: 0 }));
    figures.push(await measure(engine, 'typing + PDF + 1,000-page import', plan));
    return figures;
  } finally {
    await server.close();
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The loop's delay over one run of the clients, from the moment the writer's page is open and
 * ready for live edits: opening a 10,000-block page answers the writer at once and builds the
 * doc on the loop in slices meanwhile (~2–3 s, its keystrokes held until then), a cost of opening
 * the page, not of typing in it, measured apart (`opening`), as is the time it takes.
 */
async function measure(engine: Engine, phase: string, plan: ClientPlan): Promise<MainLoopFigures> {
  const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
  const opening = monitorEventLoopDelay({ resolution: 5 });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let openedAt = 0;
  let openedAfter = 0;
  let [loopCpu, processCpu] = [mainThreadCpuMs(), process.cpuUsage()];
  const open = () => {
    openedAt = performance.now();
    opening.enable();
  };
  const clients = await runClients(plan, open, async () => {
    while (plan.typing && !engine.yjs.readyForLiveEdits(plan.docName)) await new Promise((resolve) => setTimeout(resolve, 10));
    opening.disable();
    openedAfter = performance.now() - openedAt;
    [loopCpu, processCpu] = [mainThreadCpuMs(), process.cpuUsage()];
    delay.enable();
  });
  delay.disable();
  const { user, system } = process.cpuUsage(processCpu);
  const loopCpuAfter = mainThreadCpuMs();
  return {
    phase,
    loopP50Ms: ms(delay.percentile(50)),
    loopP99Ms: ms(delay.percentile(99)),
    loopMaxMs: ms(delay.max),
    loopCpuMs: loopCpu === undefined || loopCpuAfter === undefined ? undefined : Math.round(loopCpuAfter - loopCpu),
    processCpuMs: Math.round((user + system) / 1000),
    clients,
    ...(plan.typing ? { opening: { ms: Math.round(openedAfter), loopP99Ms: ms(opening.percentile(99)), loopMaxMs: ms(opening.max) } } : {}),
  };
}

/** The main thread's CPU time so far: the first field of Linux's schedstat for the thread whose id is the process's. */
function mainThreadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** The clients' run: `opening` as the writer opens the page; once they have it, `ready` settles and they are told to start the rest. */
function runClients(plan: ClientPlan, opening: () => void, ready: () => Promise<void>): Promise<ClientFigures> {
  const child = spawn('npx', ['tsx', join(import.meta.dirname, 'main-loop-clients.ts'), JSON.stringify(plan)], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let answer: ClientFigures | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === OPENING) opening();
      if (line === READY) void ready().then(() => child.stdin!.write('go\n'), reject);
      if (line.startsWith('{')) answer = JSON.parse(line) as ClientFigures;
    });
    child.once('exit', (code) => (answer ? resolve(answer) : reject(new Error(`the clients exited with ${code}`))));
  });
}

/** A space with the 10,000-block page, a space of 100 pages for the PDF, a space to import into. */
async function seed(engine: Engine, origin: string, token: string): Promise<ClientPlan> {
  const me = (await engine.request({ method: 'GET', path: '/v1/user', headers: { authorization: `Bearer ${token}` } })).body as { email: string };
  const organizationId = addOrganization(engine, 'Bench', me.email);
  if (typeof organizationId !== 'string') throw new Error(organizationId.message);
  const space = async () => {
    const created = await engine.request({ method: 'POST', path: `/v1/orgs/${organizationId}/spaces`, headers: { authorization: `Bearer ${token}` }, body: {} });
    return (created.body as { id: string }).id;
  };
  const [typed, printed, imported] = [await space(), await space(), await space()];
  writePages(engine, typed, [sectionsMarkdown(BIG_PAGE_BLOCKS)]);
  writePages(engine, printed, Array.from({ length: PDF_PAGES }, () => sectionsMarkdown(60)));
  return {
    origin,
    token,
    typing: true,
    docName: pageDoc(typed, MAIN, 'page0'),
    pdf: true,
    pdfSpaceId: printed,
    importSpaceId: imported,
    importPages: 1_000,
    seconds: 10,
  };
}

function writePages(engine: Engine, spaceId: string, bodies: string[]): void {
  engine.db.transaction(() => {
    const edits = new DocEdits(engine.docs);
    const tree = edits.open(treeDoc(spaceId, MAIN));
    let position: string | null = null;
    bodies.forEach((markdown, i) => {
      position = positionBetween(position, null);
      setPageFields(tree, `page${i}`, { type: 'document', title: `Page ${i}`, slug: `page${i}`, parent: null, position });
      const body = markdownToPm(markdown);
      if (!body.ok) throw new Error(body.error.kind);
      writeBody(edits.open(pageDoc(spaceId, MAIN, `page${i}`)), body.value.body);
    });
    edits.save();
  });
}

/** A heading every 20 blocks, the rest paragraphs with a link and marks: `blocks` blocks in all. */
export function sectionsMarkdown(blocks: number): string {
  const sections = Array.from({ length: Math.ceil(blocks / 20) }, (_, s) =>
    [`## Section ${s}`, ...Array.from({ length: 19 }, (_, i) => `Paragraph ${s}.${i}, with [a link](https://folio.example/${i}) and **a few** words.`)].join('\n\n'),
  );
  return `${sections.join('\n\n')}\n`;
}

export function report(figures: MainLoopFigures[]): void {
  console.log('\nmain loop: the engine’s event loop and GET /v1/user while it works (issue 16: p99 ≤ 20 ms each)');
  console.table(
    figures.map((f) => ({
      phase: f.phase,
      'loop p50 ms': f.loopP50Ms,
      'loop p99 ms': f.loopP99Ms,
      'loop max ms': f.loopMaxMs,
      'loop CPU ms': f.loopCpuMs ?? '',
      'process CPU ms': f.processCpuMs,
      'GET /v1/user': f.clients.userRequests,
      'user p50 ms': f.clients.userP50Ms,
      'user p99 ms': f.clients.userP99Ms,
      keystrokes: f.clients.keystrokes,
      'PDF ms': f.clients.pdfMs ?? '',
      'import s': f.clients.importMs === undefined ? '' : Number((f.clients.importMs / 1000).toFixed(1)),
    })),
  );
  for (const f of figures) {
    if (!f.opening) continue;
    console.log(
      `before "${f.phase}": the writer's ${BIG_PAGE_BLOCKS.toLocaleString('en')}-block page took ${f.opening.ms} ms from opening to ready for live edits ` +
        `(its doc built on the loop in slices), the loop's delay meanwhile p99 ${f.opening.loopP99Ms} ms, max ${f.opening.loopMaxMs} ms (not in the budget)`,
    );
  }
  console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchMainLoop());
