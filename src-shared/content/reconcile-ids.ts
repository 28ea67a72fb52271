import { newBlockId } from './ids.js';
import type { PmNodeJson } from './pm-json.js';

/** A block in document order, with the number of blocks inside it and its content with every id left out. */
interface Entry {
  node: PmNodeJson;
  depth: number;
  size: number;
  /** Equal for equal content: the block's type, attributes and its children's `content` numbers. */
  content: number;
}

/**
 * `next` with the ids of `previous` wherever a block survived, so that re-importing edited
 * Markdown (which carries no ids) does not churn them:
 * 1. a block whose content is unchanged keeps its id wherever it moved, and so does everything
 *    inside it; repeated content pairs up in order;
 * 2. an edited block keeps the id of the unmatched block of the same type and depth that stood at
 *    its place, between the same unchanged neighbours.
 * Other blocks keep the fresh ids they came with.
 */
export function reconcileIds(previous: PmNodeJson, next: PmNodeJson): PmNodeJson {
  const contents = new Map<string, number>();
  const before = entries(previous, contents);
  const after = entries(next, contents);
  const match = new Map<number, number>();
  const used = new Set<number>();
  const pair = (a: number, b: number) => {
    match.set(a, b);
    used.add(b);
  };
  matchUnchanged(before, after, pair, used);
  matchInPlace(before, after, match, pair, used);

  const kept = new Set([...match.values()].map((b) => before[b]!.node.attrs!.id as string));
  let index = 0;
  const rewrite = (node: PmNodeJson): PmNodeJson => {
    if (node.type === 'text') return node;
    const content = node.content;
    const b = match.get(index++);
    const own = node.attrs?.id as string | null;
    // A fresh id that happens to be one a matched block now carries again must give way.
    const id = b !== undefined ? (before[b]!.node.attrs!.id as string) : own !== null && kept.has(own) ? newBlockId() : own;
    return { ...node, attrs: { ...node.attrs, id }, ...(content ? { content: content.map(rewrite) } : {}) };
  };
  return { ...next, content: (next.content ?? []).map(rewrite) };
}

/**
 * The blocks of `doc` in document order. A block's content is numbered through `contents`, shared
 * by both sides: a container's description names its children by number, so that it stays as
 * long as its own fields (spelling the children out would double their escaping at every level,
 * and grow with the power of the depth).
 */
function entries(doc: PmNodeJson, contents: Map<string, number>): Entry[] {
  const out: Entry[] = [];
  const number = (description: string) => {
    let known = contents.get(description);
    if (known === undefined) contents.set(description, (known = contents.size));
    return known;
  };
  const visit = (node: PmNodeJson, depth: number): number => {
    if (node.type === 'text') return number(JSON.stringify([node.text, node.marks ?? []]));
    const at = out.length;
    const entry: Entry = { node, depth, size: 0, content: -1 };
    out.push(entry);
    const inner = (node.content ?? []).map((child) => visit(child, depth + 1));
    const { id: _id, ...attrs } = node.attrs ?? {};
    entry.size = out.length - at - 1;
    entry.content = number(JSON.stringify([node.type, attrs, inner]));
    return entry.content;
  };
  (doc.content ?? []).forEach((child) => visit(child, 0));
  return out;
}

/** Unchanged blocks, larger first (document order visits a container before its children). */
function matchUnchanged(before: Entry[], after: Entry[], pair: (a: number, b: number) => void, used: Set<number>): void {
  const byContent = new Map<number, number[]>();
  before.forEach((entry, b) => {
    const list = byContent.get(entry.content);
    if (list) list.push(b);
    else byContent.set(entry.content, [b]);
  });
  for (let a = 0; a < after.length; a++) {
    const candidates = byContent.get(after[a]!.content) ?? [];
    while (candidates.length > 0 && used.has(candidates[0]!)) candidates.shift();
    const b = candidates.shift();
    if (b === undefined) continue;
    for (let k = 0; k <= after[a]!.size; k++) pair(a + k, b + k);
    a += after[a]!.size;
  }
}

/** Edited blocks: the first free block of the same type and depth between the unchanged neighbours' places. */
function matchInPlace(before: Entry[], after: Entry[], match: Map<number, number>, pair: (a: number, b: number) => void, used: Set<number>): void {
  const upper: number[] = new Array<number>(after.length);
  let bound = before.length;
  for (let a = after.length - 1; a >= 0; a--) {
    bound = match.get(a) ?? bound;
    upper[a] = bound;
  }
  let lower = -1;
  for (let a = 0; a < after.length; a++) {
    const known = match.get(a);
    if (known !== undefined) {
      lower = known;
      continue;
    }
    const { node, depth } = after[a]!;
    for (let b = lower + 1; b < upper[a]!; b++) {
      if (!used.has(b) && before[b]!.node.type === node.type && before[b]!.depth === depth) {
        pair(a, b);
        lower = b;
        break;
      }
    }
  }
}
