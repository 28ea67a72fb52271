import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { MAIN, changeRequestBranch, type Branch } from '../src-shared/sync/doc-names.js';
import type { PmNodeJson } from '../src-shared/content/pm-json.js';
import { editTree, writePage } from '../test/support/yjs-edits.js';
import { median } from './doc-store.js';

/**
 * Merge and update of a change request touching 100 pages of a 1,000-page space, each page a
 * body of 20 paragraphs. Main has changed 100 pages since the change request's base, half of
 * them the ones it changed (in other blocks), so that half the pages are compared three ways.
 * Each run is one request through the engine (its transaction included), in a new space with two
 * open change requests: the one updated, then the one merged.
 */
export interface MergeBenchOptions {
  pages?: number;
  touched?: number;
  runs?: number;
}

export interface MergeFigures {
  firstMs: number;
  medianMs: number;
  /** CPU time of the process over the same calls: what the figures are on a machine shared with other work. */
  medianCpuMs: number;
  /** The longest the event loop was held during the call (`monitorEventLoopDelay`'s max): the work done on it rather than in a worker. */
  medianLoopMaxMs: number;
}

export interface MergeBenchResult {
  pages: number;
  touched: number;
  runs: number;
  merge: MergeFigures;
  update: MergeFigures;
}

const BLOCKS = 20;

export async function benchMerge(options: MergeBenchOptions = {}): Promise<MergeBenchResult> {
  const pages = options.pages ?? 1000;
  const touched = options.touched ?? 100;
  const runs = options.runs ?? 5;
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-merge-'));
  const engine = new Engine({ dataDir });
  try {
    bootstrapIfEmpty(engine);
    const call = caller(engine, readFileSync(join(dataDir, 'token'), 'utf8').trim());
    const timings = { merge: [] as number[], update: [] as number[] };
    const cpu = { merge: [] as number[], update: [] as number[] };
    const loopMax = { merge: [] as number[], update: [] as number[] };
    for (let run = 0; run < runs; run++) {
      const { spaceId, ids } = await seedSpace(engine, call, pages);
      const open = await Promise.all(
        (['update', 'merge'] as const).map(async (action) => ({
          action,
          id: (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: action })).id as string,
        })),
      );
      for (const { action, id: changeRequestId } of open) {
        const theirs = ids.slice(0, touched);
        const ours = [...theirs.slice(0, touched / 2), ...ids.slice(touched, touched + touched / 2)];
        editPages(engine, spaceId, changeRequestBranch(changeRequestId), theirs, `cr ${action}`, 0);
        editPages(engine, spaceId, MAIN, ours, `main ${action}`, BLOCKS - 1);
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        // The monitor's first tick only starts its clock: a stall before it would go unrecorded.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const start = performance.now();
        const startCpu = process.cpuUsage();
        const answer = await call('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/${action}`);
        const used = process.cpuUsage(startCpu);
        // One more turn of the loop, so that the delay of the call's last stretch is recorded.
        await new Promise((resolve) => setTimeout(resolve, 2));
        delay.disable();
        loopMax[action].push(delay.max / 1e6);
        timings[action].push(performance.now() - start);
        cpu[action].push((used.user + used.system) / 1000);
        if (!answer.revision) throw new Error(`${action}: ${JSON.stringify(answer)}`);
      }
    }
    const figures = (action: 'merge' | 'update') => ({
      firstMs: timings[action][0]!,
      medianMs: median(timings[action].slice(1)),
      medianCpuMs: median(cpu[action].slice(1)),
      medianLoopMaxMs: median(loopMax[action].slice(1)),
    });
    return { pages, touched, runs, merge: figures('merge'), update: figures('update') };
  } finally {
    engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A new space whose main holds `pages` pages of 20 paragraphs. A new space each run: main's writes
 * copy a doc into every open change request that has not written it (copy-before-write), so change
 * requests left from earlier runs would weigh on later ones.
 */
export async function seedSpace(engine: Engine, call: Call, pages: number): Promise<{ spaceId: string; ids: string[] }> {
  const organizationId = (await call('GET', '/v1/orgs')).items[0].id as string;
  const ids = Array.from({ length: pages }, (_, i) => `page${String(i).padStart(4, '0')}`);
  const spaceId = (await call('POST', `/v1/orgs/${organizationId}/spaces`, {})).id as string;
  editTree(engine.docs, spaceId, MAIN, Object.fromEntries(ids.map((id) => [id, { position: id }])));
  for (const id of ids) writePage(engine.docs, spaceId, MAIN, id, body(id, () => 'text'));
  return { spaceId, ids };
}

/** Edits one block of each page (block `block`) and, with `rename`, renames the pages in the tree. */
export function editPages(engine: Engine, spaceId: string, branch: Branch, pageIds: string[], text: string, block: number, rename = true): void {
  for (const id of pageIds) writePage(engine.docs, spaceId, branch, id, body(id, (i) => (i === block ? text : 'text')));
  if (rename) editTree(engine.docs, spaceId, branch, Object.fromEntries(pageIds.map((id) => [id, { title: `${id}: ${text}` }])));
}

function body(pageId: string, text: (block: number) => string): PmNodeJson {
  return {
    type: 'doc',
    content: Array.from({ length: BLOCKS }, (_, i) => ({
      type: 'paragraph',
      attrs: { id: `${pageId}-${i}` },
      content: [{ type: 'text', text: `${text(i)} of paragraph ${i}, a sentence of some length for a page.` }],
    })),
  };
}

export type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, any>>;

/** Calls the engine in process with the token, answering the body. */
export function caller(engine: Engine, token: string): Call {
  return async (method: string, path: string, body?: unknown) => {
    const response = await engine.request({ method, path, headers: { authorization: `Bearer ${token}` }, body });
    return response.body as Record<string, any>;
  };
}

const TARGET_MS = 150;

/** Prints the figures as `npm run bench` shows them. */
export function report(result: MergeBenchResult): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const met = (figures: MergeFigures) => (figures.medianMs <= TARGET_MS ? 'met' : 'NOT met');
  console.log(`merge: a change request touching ${result.touched} of ${result.pages} pages; main changed ${result.touched} since, half the same pages`);
  const row = (operation: string, figures: MergeFigures) => ({
    operation,
    first: ms(figures.firstMs),
    median: ms(figures.medianMs),
    'median CPU': ms(figures.medianCpuMs),
    'loop held ≤': ms(figures.medianLoopMaxMs),
    [`≤ ${TARGET_MS} ms`]: met(figures),
  });
  console.table([row('merge', result.merge), row('update', result.update)]);
  console.log(`medians of ${result.runs - 1} runs after the first; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void benchMerge().then(report);
