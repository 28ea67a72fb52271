import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import type { Database } from '../src-main/engine/core/db/database.js';
import { openDatabase } from '../src-main/engine/app/open-database.js';
import { DocStore } from '../src-main/engine/core/docs/store.js';

/**
 * The doc store on a big page: a `body` of 10,000 paragraphs (an `id` attribute and a text each),
 * loaded from SQLite; then 5,000 one-character edits appended as rows of their own, loaded before
 * and after compaction. Every load goes through a new store, so it reads SQLite and builds the
 * doc; none is served from memory. Figures are medians over `runs` loads after the first,
 * which pays for the JIT and is shown apart.
 */
export interface DocStoreBenchOptions {
  blocks?: number;
  edits?: number;
  runs?: number;
}

export interface LoadFigures {
  rows: number;
  firstMs: number;
  medianMs: number;
}

export interface DocStoreBenchResult {
  blocks: number;
  edits: number;
  snapshotBytes: number;
  load: LoadFigures;
  appendMsPerEdit: number;
  beforeCompaction: LoadFigures;
  compactionMs: number;
  afterCompaction: LoadFigures;
  /** The same content written fresh as one row: what a load after compaction is held to. */
  sameContentOneRow: LoadFigures;
}

const DOC = 'bench:page';
const REFERENCE = 'bench:reference';

export function benchDocStore(options: DocStoreBenchOptions = {}): DocStoreBenchResult {
  const blocks = options.blocks ?? 10_000;
  const edits = options.edits ?? 5_000;
  const runs = options.runs ?? 15;
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-docs-'));
  const db = openDatabase(join(dir, 'folio.db')).db;
  try {
    // Compaction runs when the bench says, not on a threshold.
    const store = new DocStore(db, { compactEveryRows: Number.POSITIVE_INFINITY });
    const editor = new Y.Doc();
    const snapshot = page(editor, blocks);
    append(store, snapshot);
    const load = timeLoads(db, DOC, editor, runs);

    const updates: Uint8Array[] = [];
    editor.on('update', (update: Uint8Array) => updates.push(update));
    const random = seeded(1);
    const body = editor.getXmlFragment('body');
    for (let i = 0; i < edits; i++) {
      const text = (body.get(Math.floor(random() * blocks)) as Y.XmlElement).get(0) as Y.XmlText;
      text.insert(Math.floor(random() * (text.length + 1)), 'x');
    }
    const appendStart = performance.now();
    for (const update of updates) append(store, update);
    const appendMsPerEdit = (performance.now() - appendStart) / edits;
    const beforeCompaction = timeLoads(db, DOC, editor, runs);

    const compactionStart = performance.now();
    const compaction = store.compact(DOC);
    const compactionMs = performance.now() - compactionStart;
    if (compaction.status !== 'compacted') throw new Error(`compaction: ${compaction.status}`);
    const afterCompaction = timeLoads(db, DOC, editor, runs);
    append(store, Y.encodeStateAsUpdate(editor), REFERENCE);
    const sameContentOneRow = timeLoads(db, REFERENCE, editor, runs);

    return { blocks, edits, snapshotBytes: snapshot.byteLength, load, appendMsPerEdit, beforeCompaction, compactionMs, afterCompaction, sameContentOneRow };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Fills `doc` with the page and answers it as one update, as an import would write it. */
function page(doc: Y.Doc, blocks: number): Uint8Array {
  const body = doc.getXmlFragment('body');
  doc.transact(() => {
    const paragraphs: Y.XmlElement[] = [];
    for (let i = 0; i < blocks; i++) {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.setAttribute('id', `block-${i.toString(36).padStart(6, '0')}`);
      paragraph.insert(0, [new Y.XmlText(`Paragraph ${i} of the benchmark page, a sentence of ordinary length.`)]);
      paragraphs.push(paragraph);
    }
    body.insert(0, paragraphs);
  });
  return Y.encodeStateAsUpdate(doc);
}

function append(store: DocStore, update: Uint8Array, docId = DOC): void {
  const appended = store.append(docId, update);
  if (!appended.ok) throw new Error(appended.problem.message);
}

function timeLoads(db: Database, docId: string, editor: Y.Doc, runs: number): LoadFigures {
  const times: number[] = [];
  let loaded: Y.Doc | undefined;
  for (let i = 0; i <= runs; i++) {
    const store = new DocStore(db);
    const start = performance.now();
    loaded = store.load(docId);
    times.push(performance.now() - start);
    store.close();
  }
  // Checked once, outside the timings: a fast load of the wrong doc would prove nothing.
  if (loaded!.getXmlFragment('body').toString() !== editor.getXmlFragment('body').toString()) throw new Error('the loaded doc differs from the editor');
  const rows = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM doc_updates WHERE doc_id = ?', docId)!.n;
  return { rows, firstMs: times[0]!, medianMs: median(times.slice(1)) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** mulberry32: the same edits on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LOAD_TARGET_MS = 50;

/** Prints the figures as `npm run bench` shows them. */
export function report(result: DocStoreBenchResult): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (name: string, figures: LoadFigures) => ({ load: name, rows: figures.rows, first: ms(figures.firstMs), median: ms(figures.medianMs) });
  console.log(`doc store: ${result.blocks} blocks (${(result.snapshotBytes / 1024).toFixed(0)} KiB as one update), ${result.edits} one-character edits`);
  console.table([
    row(`${result.blocks} blocks`, result.load),
    row(`+ ${result.edits} edits, before compaction`, result.beforeCompaction),
    row(`+ ${result.edits} edits, after compaction`, result.afterCompaction),
    row('same content written as one row', result.sameContentOneRow),
  ]);
  console.log(`append: ${(result.appendMsPerEdit * 1000).toFixed(0)} µs per edit; compaction of ${result.beforeCompaction.rows} rows: ${ms(result.compactionMs)}`);
  const met = result.load.medianMs <= LOAD_TARGET_MS ? 'met' : 'NOT met';
  console.log(`target: load ≤ ${LOAD_TARGET_MS} ms: ${met} (median ${ms(result.load.medianMs)}); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(benchDocStore());
