import type * as Y from 'yjs';
import { BODY_FRAGMENT, readBlock } from '../../../../src-shared/content/index.js';
import { buildDoc } from '../../core/docs/updates.js';
import { blockFacts, type BlockFacts } from './body-text.js';

/**
 * A page body's top-level blocks read in a worker from the rows a doc is being built from, for the
 * body index of that doc (body-index.ts): each block's facts by its Yjs id, as JSON, so that the
 * event loop receives strings (cheap to pass) and parses a block's facts when it needs them. The
 * digests travel apart, end to end in one buffer: a block's is a view of it, where making a
 * Buffer of each from hex held the loop ~50 ms on a 10,000-block page, and fed the collector.
 */
export interface PrereadBlocks {
  ids: string[];
  /** Each block's facts but its digest, as JSON, in the order of `ids`. */
  facts: string[];
  /** The blocks' digests, `DIGEST_BYTES` each, in the order of `ids`. */
  digests: Uint8Array;
}

/** A block's digest: SHA-256 (`blockFacts`). */
const DIGEST_BYTES = 32;

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
  const [ids, facts, digests]: [string[], string[], Buffer[]] = [[], [], []];
  for (const block of doc.getXmlFragment(BODY_FRAGMENT).toArray() as (Y.XmlElement | Y.XmlText)[]) {
    const json = readBlock(block);
    const id = blockId(block);
    if (changed) return { ids: [], facts: [], digests: new Uint8Array(0) };
    if (!json || id === undefined) continue;
    const read = blockFacts(json);
    ids.push(id);
    facts.push(JSON.stringify({ heading: read.summary.heading ?? null, text: read.summary.text, links: read.links }));
    digests.push(read.digest);
  }
  return { ids, facts, digests: Buffer.concat(digests) };
}

/** The facts of `blocks`' block `at`, as `blockFacts` makes them. */
export function factsOf(blocks: PrereadBlocks, at: number): BlockFacts {
  const read = JSON.parse(blocks.facts[at]!) as { heading: { id: string | null } | null; text: string; links: BlockFacts['links'] };
  const { buffer, byteOffset } = blocks.digests;
  return { digest: Buffer.from(buffer, byteOffset + at * DIGEST_BYTES, DIGEST_BYTES), summary: { heading: read.heading ?? undefined, text: read.text }, links: read.links };
}
