import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';

/**
 * Space search over 100,000 sections (10,000 pages of 10 sections, each of 40 words drawn from
 * a 5,000-word vocabulary with Zipf's law, as prose has them), through the engine's dispatcher
 * in-process: validation, the FTS5 queries, snippets, ancestors and the JSON answer. The rows are
 * written straight into the projection tables (the FTS triggers index them as the projector's
 * writes do), since the bench measures search, not the projector. Queries: a rare word, a common
 * word, two words, and a prefix being typed; 100 of each, after 20 to warm up.
 */
const PAGES = 10_000;
const SECTIONS_PER_PAGE = 10;
const WORDS_PER_SECTION = 40;
const VOCABULARY = 5_000;
const QUERIES_PER_KIND = 100;

/**
 * Wall times, and the mean CPU time of the process per query: the steadier figure on a busy
 * machine. The kernel counts CPU time in ticks, so only its mean over many queries means anything.
 */
interface Figures {
  p50: number;
  p95: number;
  p99: number;
  cpuMean: number;
  found: number;
}

export async function benchSearch(): Promise<Record<string, Figures>> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-search-'));
  const engine = new Engine({ dataDir: dir });
  try {
    bootstrapIfEmpty(engine);
    const headers = { authorization: `Bearer ${readFileSync(join(dir, 'token'), 'utf8').trim()}` };
    const orgs = await engine.request({ method: 'GET', path: '/v1/orgs', headers });
    const organizationId = (orgs.body as { items: { id: string }[] }).items[0]!.id;
    const space = await engine.request({ method: 'POST', path: `/v1/orgs/${organizationId}/spaces`, headers, body: {} });
    const spaceId = (space.body as { id: string }).id;
    const seeded = timed(() => seed(engine, spaceId));
    const search = (query: string) => () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      return engine
        .request({ method: 'GET', path: `/v1/spaces/${spaceId}/search?limit=20&query=${encodeURIComponent(query)}`, headers })
        .then((response) => {
          if (response.status !== 200) throw new Error(`search ${query}: ${response.status}`);
          const used = process.cpuUsage(cpu);
          return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, found: (response.body as { count: number }).count };
        });
    };
    const random = lcg(7);
    const kinds: Record<string, () => string> = {
      'rare word': () => word(VOCABULARY - 1 - Math.floor(random() * 1000)),
      'common word': () => word(Math.floor(random() * 20)),
      'two words': () => `${word(zipf(random))} ${word(zipf(random))}`,
      'prefix typed': () => word(zipf(random)).slice(0, 3),
    };
    const rows: Record<string, Figures> = {};
    for (const [kind, query] of Object.entries(kinds)) {
      for (let i = 0; i < 20; i++) await search(query())();
      const runs: { ms: number; cpuMs: number; found: number }[] = [];
      for (let i = 0; i < QUERIES_PER_KIND; i++) runs.push(await search(query())());
      const mean = (of: (run: (typeof runs)[number]) => number) => runs.reduce((sum, run) => sum + of(run), 0) / runs.length;
      rows[kind] = { ...percentiles(runs.map((run) => run.ms)), cpuMean: Number(mean((run) => run.cpuMs).toFixed(2)), found: Math.round(mean((run) => run.found)) };
    }
    console.log(`\nsearch: ${PAGES * SECTIONS_PER_PAGE} sections in ${PAGES} pages (seeded in ${Math.round(seeded)} ms), 20 results a page, target p95 <= 10 ms, load average ${loadavg()[0]!.toFixed(1)}`);
    console.table(
      Object.entries(rows).map(([query, r]) => ({
        query, 'pages found (mean)': r.found, 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99, 'cpu mean ms': r.cpuMean,
      })),
    );
    return rows;
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function seed(engine: Engine, spaceId: string): void {
  const random = lcg(42);
  const page = engine.db.raw.prepare(
    `INSERT INTO content_pages (space_id, branch, page_id, parent_id, position, type, title, slug, path)
     VALUES (?, 'main', ?, ?, ?, 'document', ?, ?, ?)`,
  );
  const section = engine.db.raw.prepare(
    "INSERT INTO content_sections (space_id, branch, page_id, ord, anchor, heading, body) VALUES (?, 'main', ?, ?, ?, ?, ?)",
  );
  const sentence = (count: number) => Array.from({ length: count }, () => word(zipf(random))).join(' ');
  engine.db.raw.transaction(() => {
    for (let p = 0; p < PAGES; p++) {
      const id = `P${String(p).padStart(19, '0')}`;
      const parent = p % 10 === 0 ? null : `P${String(p - (p % 10)).padStart(19, '0')}`;
      const title = sentence(3);
      page.run(spaceId, id, parent, String(p).padStart(6, '0'), title, `page-${p}`, parent ? `page-${p - (p % 10)}/page-${p}` : `page-${p}`);
      for (let s = 0; s < SECTIONS_PER_PAGE; s++) section.run(spaceId, id, s, s === 0 ? null : `h${p}x${s}`, s === 0 ? '' : sentence(4), sentence(WORDS_PER_SECTION));
    }
  })();
}

/** The i-th word of the vocabulary: made-up, distinct, pronounceable. */
function word(i: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'qu'];
  let out = '';
  let n = i + VOCABULARY;
  while (n > 0) {
    out += syllables[n % 10];
    n = Math.floor(n / 10);
  }
  return out;
}

/** A word rank by Zipf's law (s = 1) over the vocabulary. */
function zipf(random: () => number): number {
  return Math.min(VOCABULARY - 1, Math.floor(Math.exp(random() * Math.log(VOCABULARY + 1))) - 1);
}

function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

if (process.argv[1]?.endsWith('bench/search.ts')) {
  benchSearch().catch((error: Error) => {
    console.error(`bench: ${error.message}`);
    process.exitCode = 1;
  });
}
