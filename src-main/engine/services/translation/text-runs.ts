import type { PmNodeJson } from '../../../../src-shared/content/index.js';

/** Blocks whose content is kept exactly as written: code, and blocks the model holds verbatim. */
const KEPT_BLOCKS = new Set(['code_block', 'opaque']);
/** Attributes that are text a reader sees. */
const TEXT_ATTRIBUTES: Record<string, readonly string[]> = { image: ['alt', 'caption'], file: ['caption'] };

/** A web address or an e-mail address inside text: kept as written. Trailing punctuation is the sentence's. */
const ADDRESS = /((?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'`]*[^\s<>"'`.,;:!?)\]]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/u;
const LETTER = /\p{L}/u;

/** What a translator turns one piece of text into. */
export type PieceMap = (piece: string) => string;

/**
 * The body with each piece of text a translator should see replaced by `map(piece)`, called in
 * reading order. Text runs are the body's text nodes: marks, links and structure stay as they
 * are, and so do code blocks, inline code, opaque blocks, addresses inside text and the spaces
 * around a run (translators trim them).
 */
export function mapTextRuns(node: PmNodeJson, map: PieceMap): PmNodeJson {
  if (KEPT_BLOCKS.has(node.type)) return node;
  if (node.text !== undefined) {
    if (node.marks?.some((mark) => mark.type === 'code')) return node;
    return { ...node, text: mapText(node.text, map) };
  }
  const attrs = mapAttributes(node, map);
  const content = node.content?.map((child) => mapTextRuns(child, map));
  return { ...node, ...(attrs ? { attrs } : {}), ...(content ? { content } : {}) };
}

function mapAttributes(node: PmNodeJson, map: PieceMap): Record<string, unknown> | undefined {
  const names = TEXT_ATTRIBUTES[node.type];
  if (!names || !node.attrs) return node.attrs;
  const attrs = { ...node.attrs };
  for (const name of names) if (typeof attrs[name] === 'string') attrs[name] = mapText(attrs[name], map);
  return attrs;
}

/** A run of plain text: addresses and surrounding spaces stay, each part with a letter in it is mapped. */
export function mapText(text: string, map: PieceMap): string {
  return text
    .split(ADDRESS)
    .map((part, index) => (index % 2 === 1 ? part : mapPart(part, map)))
    .join('');
}

function mapPart(part: string, map: PieceMap): string {
  const [, before, core, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part)!;
  return LETTER.test(core!) ? `${before}${map(core!)}${after}` : part;
}

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
