import { createHash } from 'node:crypto';
import { sectionsOf, summarizeBlock, type BlockSummary, type PmNodeJson, type Section } from '../../../../src-shared/content/index.js';
import { refOf, type LinkRef } from '../../../../src-shared/content/link-refs.js';

export interface BodyLink {
  kind: 'url' | 'page' | 'file' | 'anchor';
  /** A URL, a page id, a file id, or for an anchor `pageId#anchor` (`#anchor`: on the page itself). */
  target: string;
}

/** What the projections keep of a body: its hash, its search sections, the links it holds. */
export interface BodyFacts {
  hash: string;
  sections: Section[];
  links: BodyLink[];
}

/** What the projections keep of one top-level block; a body's facts are made from its blocks' in order. */
export interface BlockFacts {
  digest: Buffer;
  summary: BlockSummary;
  links: BodyLink[];
}

export function blockFacts(block: PmNodeJson): BlockFacts {
  return { digest: createHash('sha256').update(JSON.stringify(block)).digest(), summary: summarizeBlock(block), links: linksIn(block) };
}

/**
 * The facts of a whole body, every block converted. A live edit's projection keeps them per block
 * and per run of blocks from one top-level heading to the next, and converts only what it touched
 * (body-index.ts), with the same pieces: the hash is that of the runs' digests, each the digest of
 * its blocks' digests.
 */
export function bodyFacts(body: PmNodeJson): BodyFacts {
  const blocks = (body.content ?? []).map(blockFacts);
  const runs = runsOf(blocks);
  return {
    hash: bodyHash(runs.map(runDigest)),
    sections: runs.flatMap((run) => sectionsOf(run.map((block) => block.summary))),
    links: linksOf(blocks),
  };
}

/** The blocks cut before each top-level heading: a section never spans two runs. */
export function runsOf<T extends BlockFacts>(blocks: readonly T[]): T[][] {
  const runs: T[][] = [];
  blocks.forEach((block, at) => {
    if (at === 0 || block.summary.heading) runs.push([]);
    runs[runs.length - 1]!.push(block);
  });
  return runs;
}

export function runDigest(blocks: readonly BlockFacts[]): Buffer {
  return createHash('sha256').update(Buffer.concat(blocks.map((block) => block.digest))).digest();
}

export function bodyHash(runDigests: readonly Buffer[]): string {
  return createHash('sha256').update(Buffer.concat(runDigests)).digest('hex');
}

/** The links of a body's blocks, in order, each once. */
export function linksOf(blocks: readonly BlockFacts[]): BodyLink[] {
  return [...gatherLinks(blocks, 0, blocks.length, new Map()).values()];
}

/** The links of `blocks[from..to)` added to `into`, each once, the first kept: `linksOf` a part at a time. */
export function gatherLinks(blocks: readonly BlockFacts[], from: number, to: number, into: Map<string, BodyLink>): Map<string, BodyLink> {
  for (let at = from; at < to; at++) {
    for (const link of blocks[at]!.links) {
      const key = linkKey(link);
      if (!into.has(key)) into.set(key, link);
    }
  }
  return into;
}

const linkKey = (link: BodyLink) => `${link.kind} ${link.target}`;

/** Links of a block, in document order, each once: URL marks, file blocks, and the page and file references opaque blocks hold. */
function linksIn(block: PmNodeJson): BodyLink[] {
  const found = new Map<string, BodyLink>();
  const add = (link: BodyLink) => found.set(linkKey(link), link);
  const visit = (node: PmNodeJson) => {
    for (const mark of node.marks ?? []) {
      if (mark.type === 'link' && typeof mark.attrs?.href === 'string') add(linkOf(refOf(mark.attrs.href)));
    }
    if (node.type === 'file' && typeof node.attrs?.fileId === 'string') add({ kind: 'file', target: node.attrs.fileId });
    if (node.type === 'opaque') referencesIn(node.attrs?.block, add);
    node.content?.forEach(visit);
  };
  visit(block);
  return [...found.values()];
}

function linkOf(ref: LinkRef): BodyLink {
  switch (ref.kind) {
    case 'url':
      return { kind: 'url', target: ref.url };
    case 'page':
      return { kind: 'page', target: ref.page };
    case 'file':
      return { kind: 'file', target: ref.file };
    case 'anchor':
      return { kind: 'anchor', target: `${ref.page ?? ''}#${ref.anchor}` };
  }
}

/** Content references (`{kind: 'page', page}`, `{kind: 'file', file}`, `{kind: 'anchor', anchor, page?}`) anywhere in a verbatim block. */
function referencesIn(value: unknown, add: (link: BodyLink) => void): void {
  if (Array.isArray(value)) return value.forEach((item) => referencesIn(item, add));
  if (typeof value !== 'object' || value === null) return;
  const object = value as Record<string, unknown>;
  if (object.kind === 'page' && typeof object.page === 'string') add({ kind: 'page', target: object.page });
  if (object.kind === 'file' && typeof object.file === 'string') add({ kind: 'file', target: object.file });
  if (object.kind === 'anchor' && typeof object.anchor === 'string') {
    add({ kind: 'anchor', target: `${typeof object.page === 'string' ? object.page : ''}#${object.anchor}` });
  }
  for (const child of Object.values(object)) referencesIn(child, add);
}
