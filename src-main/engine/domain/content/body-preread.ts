import type * as Y from 'yjs';
import { BODY_FRAGMENT, readBlock } from '../../../../src-shared/content/index.js';
import { buildDoc } from '../../core/docs/updates.js';
import { blockFacts, type BlockFacts } from './body-text.js';

/**
 * A page body's top-level blocks read in a worker from the rows a doc is being built from, for the
 * body index of that doc (body-index.ts): each block's facts by its Yjs id, as JSON, so that the
 * event loop receives strings (cheap to pass) and parses a block's facts when it needs them.
 */
export interface PrereadBlocks {
  ids: string[];
  facts: string[];
}

/** A top-level block's Yjs id, the same in every doc built from the same rows. */
export function blockId(block: Y.XmlElement | Y.XmlText): string | undefined {
  const item = block._item;
  return item ? `${item.id.client} ${item.id.clock}` : undefined;
}

/**
 * Run in a worker: the doc built from `updates`, its blocks read as the body index reads them. A
 * block that reads as nothing is left out (the index reads it itself), and so is everything if
 * reading changed the doc (y-prosemirror deletes a block it cannot read: the ids that follow would
 * not name what the engine's doc holds).
 */
export function prereadBlocks(updates: readonly Uint8Array[]): PrereadBlocks {
  const doc = buildDoc(updates);
  let changed = false;
  doc.on('update', () => (changed = true));
  const read: PrereadBlocks = { ids: [], facts: [] };
  for (const block of doc.getXmlFragment(BODY_FRAGMENT).toArray() as (Y.XmlElement | Y.XmlText)[]) {
    const json = readBlock(block);
    const id = blockId(block);
    if (changed) return { ids: [], facts: [] };
    if (!json || id === undefined) continue;
    const facts = blockFacts(json);
    read.ids.push(id);
    read.facts.push(JSON.stringify({ digest: facts.digest.toString('hex'), heading: facts.summary.heading ?? null, text: facts.summary.text, links: facts.links }));
  }
  return read;
}

/** One block's facts from `prereadBlocks`, as `blockFacts` makes them. */
export function factsOf(json: string): BlockFacts {
  const read = JSON.parse(json) as { digest: string; heading: { id: string | null } | null; text: string; links: BlockFacts['links'] };
  return { digest: Buffer.from(read.digest, 'hex'), summary: { heading: read.heading ?? undefined, text: read.text }, links: read.links };
}
