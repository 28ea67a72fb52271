import { parsePm, type PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import type { ConflictSide } from './conflicts.js';
import { pathTo } from './place-blocks.js';

/**
 * A block of a page body as a body of its own, for a conflict's side: the block inside its
 * containers, each keeping only the way down to it (a list item reads as a one-item list), or the
 * whole top-level block when that alone does not fit the schema. Null when the body lacks the block.
 */
export function blockSide(body: PmNodeJson, blockId: string): ConflictSide | null {
  const path = pathTo(body, blockId);
  if (!path) return null;
  let node = path.at(-1)!;
  for (let level = path.length - 2; level >= 1; level--) node = { ...path[level]!, content: [node] };
  const narrowed: PmNodeJson = { type: 'doc', content: [node] };
  if (parsePm(narrowed).ok) return { body: narrowed };
  return { body: { type: 'doc', content: [path[1]!] } };
}

/** A page field's value as a side: the value, and a one-paragraph body showing it. */
export function valueSide(value: unknown): ConflictSide | null {
  if (value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return { value, body: { type: 'doc', content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }] } };
}
