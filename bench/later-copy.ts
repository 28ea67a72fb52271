import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import { mixedBlocks, restorationOf, swallowedWrites } from '../src-main/engine/core/docs/deleted-writes.js';
import { hidingOf, laterCopyOf } from '../src-main/engine/core/docs/later-copy.js';

/**
 * What hiding a later copy costs a change request's page written on two copies of main
 * (docs/sync.md, "Fork bases"): 10,000 paragraphs; between the copies main rewrites 100 and adds
 * 50; the writer on the earlier copy edits 100 others, the writer on the later copy 100 more.
 * `read`: the later copy read against the base, once per page while neither changes (the doc
 * store keeps it), integrated into a doc of its own (a worker's put-back) or read from the page's
 * doc that holds its structs (the doc store, on the event loop); `first`: the rule finding what to hide and making the deletion; `again`: the
 * rule run again on a later push with nothing new to hide, as the hub does on every push of such
 * a page; `mixed`: the hub's test on such a push for blocks that read as neither version
 * (`mixedBlocks`: the blocks holding main's deletions from between the copies, walked). Then main deletes 20 paragraphs between two copies, and the earlier copy's writer typed
 * in 10 of them: `checkMs`, the hub's test for lost words on each push (a walk of the writers'
 * clocks in the doc as the store holds it, deleted content collected); `putBackMs`, reading the
 * rows with their deleted content and making the blocks put back, once. Medians.
 */
export interface LaterCopyFigures {
  blocks: number;
  readMs: number;
  readHeldMs: number;
  firstMs: number;
  againMs: number;
  mixedMs: number;
  checkMs: number;
  putBackMs: number;
}

const MAIN = 1;
const A = 2;
const B = 3;

export function benchLaterCopy(blocks = 10_000, runs = 7): LaterCopyFigures {
  const main = docOf(MAIN);
  const body = main.getXmlFragment('body');
  body.insert(
    0,
    Array.from({ length: blocks }, (_, index) => paragraph(`p${index}`, `Paragraph ${index}: some words a writer typed here, about a line long.`)),
  );
  const early = Y.encodeStateAsUpdate(main);
  const base = Y.snapshot(main);
  for (let index = 0; index < 100; index++) rewrite(body, index * 97, 'Main wrote this between the copies.');
  body.insert(blocks / 2, Array.from({ length: 50 }, (_, index) => paragraph(`m${index}`, `Added by main ${index}.`)));
  const later = Y.encodeStateAsUpdate(main);
  const a = docOf(A, early);
  for (let index = 0; index < 100; index++) rewrite(a.getXmlFragment('body'), index * 89 + 1, 'The first writer wrote this.');
  const b = docOf(B, later);
  for (let index = 0; index < 100; index++) rewrite(b.getXmlFragment('body'), index * 83 + 2, 'The second writer wrote this.');
  const held = docOf(0, Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(b));

  const read: number[] = [];
  const readHeld: number[] = [];
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    laterCopyOf(base, later);
    read.push(performance.now() - start);
    start = performance.now();
    laterCopyOf(base, later, held);
    readHeld.push(performance.now() - start);
  }
  const copy = laterCopyOf(base, later);
  const first: number[] = [];
  let deletion: Uint8Array | undefined;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    deletion = hidingOf(held, base, copy);
    first.push(performance.now() - start);
  }
  if (!deletion) throw new Error('the bench found nothing to hide');
  Y.applyUpdate(held, deletion);
  const again: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    if (hidingOf(held, base, copy)) throw new Error('a second run found more to hide');
    again.push(performance.now() - start);
  }
  const analysed = Y.decodeStateVector(Y.encodeStateVector(held));
  const mixed: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    if (mixedBlocks(held, base, copy, new Map(), analysed)) throw new Error('a push with nothing new found blocks to put back');
    mixed.push(performance.now() - start);
  }
  return { blocks, readMs: median(read), readHeldMs: median(readHeld), firstMs: median(first), againMs: median(again), mixedMs: median(mixed), ...putBack(blocks, runs) };
}

function putBack(blocks: number, runs: number): { checkMs: number; putBackMs: number } {
  const main = docOf(MAIN);
  const body = main.getXmlFragment('body');
  body.insert(0, Array.from({ length: blocks }, (_, index) => paragraph(`p${index}`, `Paragraph ${index}: some words a writer typed here.`)));
  const early = Y.encodeStateAsUpdate(main);
  const base = Y.snapshot(main);
  for (let index = 19; index >= 0; index--) body.delete(index * 400, 1);
  const later = Y.encodeStateAsUpdate(main);
  const a = docOf(A, early);
  for (let index = 0; index < 10; index++) rewrite(a.getXmlFragment('body'), index * 800, 'The first writer wrote this.');
  const rows = [Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(docOf(B, later))];
  const held = new Y.Doc();
  for (const row of rows) Y.applyUpdate(held, row);
  const copy = laterCopyOf(base, later);
  const check: number[] = [];
  const made: number[] = [];
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    if (!swallowedWrites(held, copy, new Map())) throw new Error('the bench lost no words');
    check.push(performance.now() - start);
    start = performance.now();
    if (restorationOf(rows, base, copy, new Map()).restored.size !== 10) throw new Error('the bench put back other than 10 blocks');
    made.push(performance.now() - start);
  }
  return { checkMs: median(check), putBackMs: median(made) };
}

export function report(figures: LaterCopyFigures): void {
  console.log(`\nA page written on two copies of main (issue 14): ${figures.blocks} paragraphs, 150 changed by main between the copies, 200 by the writers`);
  console.table([
    { run: 'the later copy read against the base (a worker: integrated)', 'median ms': Number(figures.readMs.toFixed(1)) },
    { run: 'the same, read from the page\'s doc (the doc store)', 'median ms': Number(figures.readHeldMs.toFixed(1)) },
    { run: 'first: what to hide, and the deletion', 'median ms': Number(figures.firstMs.toFixed(1)) },
    { run: 'again on a push, nothing new to hide', 'median ms': Number(figures.againMs.toFixed(1)) },
    { run: 'blocks reading as neither version, on that push', 'median ms': Number(figures.mixedMs.toFixed(1)) },
    { run: 'main deleted 20 blocks, 10 written in: the check on a push', 'median ms': Number(figures.checkMs.toFixed(1)) },
    { run: 'those 10 put back (rows read with deleted content)', 'median ms': Number(figures.putBackMs.toFixed(1)) },
  ]);
  console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

function docOf(client: number, ...updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc({ gc: false });
  doc.clientID = client;
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

function paragraph(id: string, text: string): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  element.setAttribute('id', id);
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

function rewrite(body: Y.XmlFragment, index: number, text: string): void {
  const words = (body.get(index) as Y.XmlElement).get(0) as Y.XmlText;
  words.delete(0, Math.min(9, words.length));
  words.insert(0, text);
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(benchLaterCopy());
