import * as Y from 'yjs';
import { documentToPm } from '../src-shared/content/document-in.js';
import { pmToDocument } from '../src-shared/content/document-out.js';
import { markdownToPm } from '../src-shared/content/markdown-in.js';
import { pmToMarkdown } from '../src-shared/content/markdown-out.js';
import type { PmNodeJson } from '../src-shared/content/pm-json.js';
import type { Result } from '../src-shared/content/result.js';
import { blockIndex, readBody, writeBody } from '../src-shared/content/yjs.js';

/**
 * Converts a page of `blocks` top-level blocks (every kind, with marks, nesting and tables) each
 * way between its representations, prints the milliseconds of each conversion and returns them.
 */
export function benchContentConversions(blocks = 10_000): Record<string, number> {
  // A long-running engine has its parsers compiled (markdown-it's link detection builds its
  // patterns on first use): one small page each way first, untimed.
  unwrap(markdownToPm(unwrap(pmToMarkdown(page(110)))));
  const body = page(blocks);
  const document = timed('body -> Document', () => unwrap(pmToDocument(body)));
  timed('Document -> body', () => unwrap(documentToPm(document.value)));
  const markdown = timed('body -> Markdown', () => unwrap(pmToMarkdown(body)));
  timed('Markdown -> body', () => unwrap(markdownToPm(markdown.value)));
  const doc = new Y.Doc();
  timed('body -> Yjs', () => unwrap(writeBody(doc, body)));
  timed('Yjs -> body', () => readBody(doc));
  timed('block index', () => blockIndex(doc));
  const rows = Object.fromEntries(results.map(({ name, ms }) => [name, ms]));
  console.log(`\n${blocks} blocks, ${markdown.value.length} characters of Markdown`);
  console.table(results.map(({ name, ms }) => ({ conversion: name, ms })));
  // The baseline in the same run: reading the same body from its Document (target: Markdown no slower).
  console.log(`Markdown -> body takes ${(rows['Markdown -> body']! / rows['Document -> body']!).toFixed(2)}x Document -> body (micromark took 7-10x)`);
  results.length = 0;
  return rows;
}

const results: { name: string; ms: number }[] = [];

function timed<T>(name: string, run: () => T): { value: T } {
  const start = performance.now();
  const value = run();
  results.push({ name, ms: Math.round(performance.now() - start) });
  return { value };
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`conversion failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

const text = (value: string, ...marks: string[]): PmNodeJson => ({ type: 'text', text: value, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) });
const link = (value: string, href: string): PmNodeJson => ({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href } }] });

/** The i-th block of the page, cycling through every kind. */
function blockAt(i: number): PmNodeJson {
  const id = (part = '') => `b${i}${part}`;
  const paragraph = (suffix: string, ...content: PmNodeJson[]) => ({ type: 'paragraph', attrs: { id: id(suffix) }, content });
  const kinds: (() => PmNodeJson)[] = [
    () => paragraph('', text(`Paragraph ${i} has `), text('bold', 'bold'), text(', '), text('italic', 'italic'), text(' and '), link('a link', `/page/${i}`), text('.')),
    () => ({ type: 'heading', attrs: { id: id(), level: (i % 3) + 1 }, content: [text(`Heading ${i}`)] }),
    () => ({
      type: 'bullet_list',
      attrs: { id: id() },
      content: [0, 1, 2].map((n) => ({ type: 'list_item', attrs: { id: id(`i${n}`) }, content: [paragraph(`p${n}`, text(`item ${n} `), text('code', 'code'))] })),
    }),
    () => ({
      type: 'task_list',
      attrs: { id: id() },
      content: [0, 1].map((n) => ({ type: 'task_item', attrs: { id: id(`t${n}`), checked: n === 0 }, content: [paragraph(`p${n}`, text(`task ${n}`))] })),
    }),
    () => ({ type: 'code_block', attrs: { id: id(), language: 'ts' }, content: [text(`const value${i} = ${i};\nconsole.log(value${i});`)] }),
    () => ({ type: 'quote', attrs: { id: id() }, content: [paragraph('p', text(`Quoted ${i}`, 'strikethrough'))] }),
    () => ({ type: 'hint', attrs: { id: id(), style: 'warning' }, content: [paragraph('p', text(`Careful with ${i}.`))] }),
    () => ({
      type: 'table',
      attrs: { id: id() },
      content: [
        ...['Name', 'Value'].map((title, n) => ({ type: 'table_header', attrs: { id: id(`h${n}`), align: 'left' }, content: [text(title)] })),
        { type: 'table_row', attrs: { id: id('r') }, content: [0, 1].map((n) => ({ type: 'table_cell', attrs: { id: id(`c${n}`) }, content: [text(`cell ${i}.${n}`)] })) },
      ],
    }),
    () => ({ type: 'image', attrs: { id: id(), src: `https://img.example/${i}.png`, alt: `Image ${i}`, caption: 'A caption' } }),
    () => ({ type: 'file', attrs: { id: id(), fileId: `file${i}`, caption: `File ${i}` } }),
    () => ({ type: 'divider', attrs: { id: id() } }),
  ];
  return kinds[i % kinds.length]!();
}

/** A page body of `blocks` top-level blocks of every kind. */
export function page(blocks: number): PmNodeJson {
  return { type: 'doc', content: Array.from({ length: blocks }, (_, i) => blockAt(i)) };
}
