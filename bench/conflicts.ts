import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { MAIN, changeRequestBranch } from '../src-shared/sync/doc-names.js';
import { median } from './doc-store.js';
import { caller, editPages, seedSpace } from './merge.js';

/**
 * Conflict detection and listing: a change request touching 100 pages of a 1,000-page space (20
 * paragraphs each), main having changed 100 pages since, 50 of them in the very block the change
 * request rewrote: 50 conflicting blocks. Each run, in a new space: the merge that finds them and
 * is refused (changing nothing), the update that records them, and the listing of the 50; then
 * each resolved keeping main's block, the mergeability read (it checks that the engine holds what
 * every resolution wrote: docs/sync.md, "Conflicts in transit") and the merge that lands them.
 */
export interface ConflictsBenchResult {
  pages: number;
  touched: number;
  conflicts: number;
  runs: number;
  refusedMergeMs: number;
  updateMs: number;
  listMs: number;
  /** One conflict resolved keeping main's block. */
  resolveMs: number;
  /** The mergeability read once all are resolved, and the merge after it. */
  mergeabilityMs: number;
  mergeMs: number;
  /** CPU of the process for the refused merge and the listing together, and for each of the others. */
  detectAndListCpuMs: number;
  refusedMergeCpuMs: number;
  updateCpuMs: number;
}

export async function benchConflicts(options: { pages?: number; touched?: number; runs?: number } = {}): Promise<ConflictsBenchResult> {
  const pages = options.pages ?? 1000;
  const touched = options.touched ?? 100;
  const runs = options.runs ?? 5;
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-conflicts-'));
  const engine = new Engine({ dataDir });
  try {
    bootstrapIfEmpty(engine);
    const call = caller(engine, readFileSync(join(dataDir, 'token'), 'utf8').trim());
    const figures = {
      refused: [] as number[], update: [] as number[], list: [] as number[], cpu: [] as number[], refusedCpu: [] as number[], updateCpu: [] as number[],
      resolve: [] as number[], mergeability: [] as number[], merge: [] as number[],
    };
    for (let run = 0; run < runs; run++) {
      const { spaceId, ids } = await seedSpace(engine, call, pages);
      const changeRequestId = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'conflicting' })).id as string;
      const theirs = ids.slice(0, touched);
      const ours = [...theirs.slice(0, touched / 2), ...ids.slice(touched, touched + touched / 2)];
      editPages(engine, spaceId, changeRequestBranch(changeRequestId), theirs, 'the change request', 0);
      editPages(engine, spaceId, MAIN, ours, 'main', 0, false);
      const path = `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`;
      const measure = async (method: string, to: string, body?: unknown) => {
        const start = performance.now();
        const cpu = process.cpuUsage();
        const answer = await call(method, to, body);
        const used = process.cpuUsage(cpu);
        return { answer, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
      };
      const refused = await measure('POST', `${path}/merge`);
      if (refused.answer.result !== 'conflicts') throw new Error(`merge: ${JSON.stringify(refused.answer)}`);
      const updated = await measure('POST', `${path}/update`);
      if (updated.answer.result !== 'conflicts') throw new Error(`update: ${JSON.stringify(updated.answer)}`);
      const listed = await measure('GET', `${path}/conflicts?status=open&limit=100`);
      if (listed.answer.count !== touched / 2) throw new Error(`conflicts: ${listed.answer.count}`);
      for (const conflict of listed.answer.items as { id: string }[]) {
        const resolved = await measure('POST', `${path}/conflicts/${conflict.id}/resolve`, { keep: 'main' });
        if (resolved.answer.status !== 'resolved') throw new Error(`resolve: ${JSON.stringify(resolved.answer)}`);
        figures.resolve.push(resolved.ms);
      }
      const mergeability = await measure('GET', `${path}/mergeability`);
      if (mergeability.answer.mergeable !== true) throw new Error(`mergeability: ${JSON.stringify(mergeability.answer)}`);
      const merged = await measure('POST', `${path}/merge`);
      if (merged.answer.result !== 'merge') throw new Error(`merge: ${JSON.stringify(merged.answer)}`);
      figures.mergeability.push(mergeability.ms);
      figures.merge.push(merged.ms);
      figures.refused.push(refused.ms);
      figures.update.push(updated.ms);
      figures.list.push(listed.ms);
      figures.cpu.push(refused.cpuMs + listed.cpuMs);
      figures.refusedCpu.push(refused.cpuMs);
      figures.updateCpu.push(updated.cpuMs);
    }
    const later = (values: number[]) => median(values.slice(1));
    return {
      pages,
      touched,
      conflicts: touched / 2,
      runs,
      refusedMergeMs: later(figures.refused),
      updateMs: later(figures.update),
      listMs: later(figures.list),
      resolveMs: median(figures.resolve),
      mergeabilityMs: later(figures.mergeability),
      mergeMs: later(figures.merge),
      detectAndListCpuMs: later(figures.cpu),
      refusedMergeCpuMs: later(figures.refusedCpu),
      updateCpuMs: later(figures.updateCpu),
    };
  } finally {
    engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const TARGET_MS = 100;

/** Met on the wall clock; or on CPU only, when the machine is shared and the wall time waits for other work. */
function verdict(ms: number, cpuMs: number): string {
  if (ms <= TARGET_MS) return 'met';
  return cpuMs <= TARGET_MS ? 'met on CPU' : 'NOT met';
}

export function report(result: ConflictsBenchResult): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const detectAndList = result.refusedMergeMs + result.listMs;
  console.log(
    `conflicts: a change request touching ${result.touched} of ${result.pages} pages; main changed ${result.touched} since, ${result.conflicts} of them in the block the change request rewrote`,
  );
  console.table([
    { step: 'merge refused (detection)', median: ms(result.refusedMergeMs), 'median CPU': ms(result.refusedMergeCpuMs) },
    { step: 'listing them', median: ms(result.listMs) },
    { step: `detection + listing (≤ ${TARGET_MS} ms)`, median: ms(detectAndList), 'median CPU': ms(result.detectAndListCpuMs), target: verdict(detectAndList, result.detectAndListCpuMs) },
    { step: 'update recording them', median: ms(result.updateMs), 'median CPU': ms(result.updateCpuMs) },
    { step: "one resolved keeping main's block", median: ms(result.resolveMs) },
    { step: `mergeability, all ${result.conflicts} resolved`, median: ms(result.mergeabilityMs) },
    { step: 'merge landing them', median: ms(result.mergeMs) },
  ]);
  console.log(`medians of ${result.runs - 1} runs after the first; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void benchConflicts().then(report);
