import type * as Y from 'yjs';
import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import type { Result } from '../../../../../src-shared/content/result.js';
import { readBody, writeBody } from '../../../../../src-shared/content/yjs.js';
import type { Side } from './conflicts.js';
import { pathTo, placeBlocks, type WantedBlock } from './place-blocks.js';

/**
 * Writes the wanted version of each block into a page body doc, as an editor would: y-prosemirror
 * writes only what differs, so the other blocks keep their Yjs items.
 */
export function setBlocks(doc: Y.Doc, wanted: ReadonlyMap<string, WantedBlock>): Result<void> {
  return writeBody(doc, placeBlocks(readBody(doc), wanted));
}

/** Each block as the body of the side named holds it (none when that side has no such block), placed from there. */
export function blocksFromSides(sides: ReadonlyMap<string, Side>, bodies: Record<Side, PmNodeJson>): Map<string, WantedBlock> {
  const wanted = new Map<string, WantedBlock>();
  for (const [blockId, side] of sides) {
    const node = pathTo(bodies[side], blockId)?.at(-1);
    wanted.set(blockId, { nodes: node ? [node] : [], source: bodies[side] });
  }
  return wanted;
}
