import type { PmNodeJson } from './pm-json.js';

/** A stretch of a page for search: a top-level heading and the blocks under it, up to the next one. */
export interface Section {
  /** The heading's block id; null for what comes before the first heading. */
  id: string | null;
  title: string;
  body: string;
}

/**
 * The plain text of a block and everything in it: the text of its text blocks, an image's
 * alternative text and caption, a file's caption, an embed's address, a formula, a tab's title,
 * the text an opaque block holds; each block on a line of its own.
 */
export function blockText(node: PmNodeJson): string {
  switch (node.type) {
    case 'text':
      return node.text ?? '';
    case 'image':
      return lines([node.attrs?.alt, node.attrs?.caption]);
    case 'file':
      return (node.attrs?.caption as string | undefined) ?? '';
    case 'embed':
      return (node.attrs?.url as string | undefined) ?? '';
    case 'math':
      return (node.attrs?.formula as string | undefined) ?? '';
    case 'tab':
      return lines([node.attrs?.title, ...(node.content ?? []).map(blockText)]);
    case 'opaque':
      return documentText(node.attrs?.block);
    default: {
      const inner = (node.content ?? []).map(blockText);
      return node.content?.[0]?.type === 'text' ? inner.join('') : lines(inner);
    }
  }
}

/** What `sections` needs of a top-level block: whether it starts a section, and its text. */
export interface BlockSummary {
  /** The heading's block id when the block is a heading; undefined for any other block. */
  heading: { id: string | null } | undefined;
  text: string;
}

export function summarizeBlock(block: PmNodeJson): BlockSummary {
  return { heading: block.type === 'heading' ? { id: (block.attrs?.id as string | null) ?? null } : undefined, text: blockText(block) };
}

/** The body cut at its top-level headings; empty stretches are left out. */
export function sections(body: PmNodeJson): Section[] {
  return sectionsOf((body.content ?? []).map(summarizeBlock));
}

/** `sections` from the summaries of the body's top-level blocks, in order (a projection keeps them per block). */
export function sectionsOf(blocks: Iterable<BlockSummary>): Section[] {
  const out: Section[] = [];
  let current: Section = { id: null, title: '', body: '' };
  const close = () => {
    if (current.id !== null || current.body !== '') out.push(current);
  };
  for (const block of blocks) {
    if (block.heading) {
      close();
      current = { id: block.heading.id, title: block.text, body: '' };
    } else {
      current.body = lines([current.body, block.text]);
    }
  }
  close();
  return out;
}

function lines(parts: readonly unknown[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('\n');
}

/** The text of `Document` JSON: leaves joined within a block, blocks (and fragments) on lines of their own. */
function documentText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const object = value as { object?: unknown; text?: unknown; nodes?: unknown; leaves?: unknown; fragments?: unknown };
  if (object.object === 'leaf') return typeof object.text === 'string' ? object.text : '';
  const children = [object.nodes, object.leaves, object.fragments].flatMap((list) => (Array.isArray(list) ? list : []));
  const texts = children.map(documentText);
  const blocks = children.some((child) => ['block', 'fragment'].includes((child as { object?: unknown } | null)?.object as string));
  return blocks ? lines(texts) : texts.join('');
}
