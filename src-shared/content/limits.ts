import type { Nodes, Root } from 'mdast';
import { MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH } from '../contract/limits.js';
import { nestingStep } from './markdown-dialect.js';

/**
 * The nesting and size limits of page content (docs/content-model.md, "Limits"), each checked
 * in one pass without recursion, before any recursive conversion starts. Each check answers why
 * the content is refused, or undefined. Nesting is bounded wherever content is converted (the
 * conversions recurse); the number of blocks only where a caller asks (`maxBlocks`): a body a
 * request sends is written into its Yjs doc on the event loop, a repository's page or a
 * translation is not.
 */

const blocksTooDeep = `blocks are nested deeper than ${MAX_BLOCK_DEPTH} levels`;
const inlinesTooDeep = `inline content is nested deeper than ${MAX_INLINE_DEPTH} levels`;
const tooManyBlocks = (maxBlocks: number) => `holds more than ${maxBlocks} blocks`;

/**
 * Markdown's container markers line by line (`>` and list markers, a list item counting as two
 * levels as in the page model), before the text is parsed: the parser's time grows much faster
 * than linearly with nesting (`- ` nested 500 deep on one line took 12 s). Nesting reached by
 * indentation alone is measured exactly once parsed (`markdownTreeProblem`).
 */
export function markdownNestingProblem(markdown: string): string | undefined {
  const end = markdown.length;
  let i = 0;
  while (i < end) {
    let levels = 0;
    for (;;) {
      while (i < end && (markdown.charCodeAt(i) === 0x20 || markdown.charCodeAt(i) === 0x09)) i++;
      const marker = listMarkerEnd(markdown, i);
      if (markdown.charCodeAt(i) === 0x3e /* > */) {
        levels += 1;
        i += 1;
      } else if (marker !== -1) {
        levels += 2;
        i = marker;
      } else break;
      if (levels > MAX_BLOCK_DEPTH) return blocksTooDeep;
    }
    const newline = markdown.indexOf('\n', i);
    i = newline === -1 ? end : newline + 1;
  }
  return undefined;
}

/** Where a list marker at `i` ends (`-`, `+`, `*`, or up to 9 digits and `.` or `)`, then a space, a tab or the line's end); -1 when there is none. */
function listMarkerEnd(text: string, i: number): number {
  let j = i;
  const first = text.charCodeAt(j);
  if (first === 0x2d || first === 0x2b || first === 0x2a) j++;
  else {
    while (j - i < 9 && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39) j++;
    if (j === i || (text.charCodeAt(j) !== 0x2e && text.charCodeAt(j) !== 0x29)) return -1;
    j++;
  }
  const after = text.charCodeAt(j);
  return j >= text.length || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d ? j : -1;
}

/** Markdown nodes that become blocks of the page (a list and its item are two, as in the model; a table's cells are counted apart). */
const BLOCKS = new Set(['blockquote', 'list', 'listItem', 'footnoteDefinition', 'paragraph', 'heading', 'thematicBreak', 'code', 'math', 'html', 'table']);
const INLINE_CONTAINERS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

/**
 * A parsed Markdown tree, measured before it is read into a page body: how deep its blocks
 * stand (hint and tabs tags and `<details>` among siblings included, as they become containers), how deep its inline
 * marks, and how many blocks it holds. Depth counts every block, the innermost paragraph too,
 * and a table counts one block for each cell of its body rows (padded to the header's width, as
 * the reader pads them), as `documentProblem` does, so that a page read from Markdown can be sent
 * back as a `Document`.
 */
export function markdownTreeProblem(tree: Root, maxBlocks = Infinity): string | undefined {
  const stack: { node: Nodes; blocks: number; inlines: number }[] = [{ node: tree, blocks: 0, inlines: 0 }];
  let count = 0;
  while (stack.length > 0) {
    const { node, blocks, inlines } = stack.pop()!;
    const block = BLOCKS.has(node.type);
    if (block) count += node.type === 'table' ? 1 + Math.max(0, node.children.length - 1) * (node.children[0]?.children.length ?? 0) : 1;
    if (count > maxBlocks) return tooManyBlocks(maxBlocks);
    const innerBlocks = blocks + (block ? 1 : 0);
    if (innerBlocks > MAX_BLOCK_DEPTH) return blocksTooDeep;
    if (!('children' in node)) continue;
    const innerInlines = inlines + (INLINE_CONTAINERS.has(node.type) ? 1 : 0);
    if (innerInlines > MAX_INLINE_DEPTH) return inlinesTooDeep;
    let tags = 0;
    for (const child of node.children) {
      const step = child.type === 'html' ? nestingStep(child.value) : 0;
      if (step < 0) tags = Math.max(0, tags + step);
      if (innerBlocks + tags > MAX_BLOCK_DEPTH) return blocksTooDeep;
      stack.push({ node: child, blocks: innerBlocks + tags, inlines: innerInlines });
      if (step > 0) tags += step;
    }
  }
  return undefined;
}

/**
 * A `Document`'s blocks and inlines (in `nodes` and in `fragments`, where tables and captions
 * keep theirs), measured before the document is validated further or converted.
 */
export function documentProblem(document: unknown, maxBlocks = Infinity): string | undefined {
  const stack: { node: unknown; blocks: number; inlines: number }[] = [{ node: document, blocks: 0, inlines: 0 }];
  let count = 0;
  while (stack.length > 0) {
    const { node, blocks, inlines } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const { object, nodes, fragments } = node as { object?: unknown; nodes?: unknown; fragments?: unknown };
    const innerBlocks = blocks + (object === 'block' ? 1 : 0);
    const innerInlines = inlines + (object === 'inline' ? 1 : 0);
    if (object === 'block' && ++count > maxBlocks) return tooManyBlocks(maxBlocks);
    if (innerBlocks > MAX_BLOCK_DEPTH) return blocksTooDeep;
    if (innerInlines > MAX_INLINE_DEPTH) return inlinesTooDeep;
    for (const children of [nodes, fragments]) {
      if (Array.isArray(children)) for (const child of children) stack.push({ node: child, blocks: innerBlocks, inlines: innerInlines });
    }
  }
  return undefined;
}
