import { Fragment } from 'prosemirror-model';
import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import { pageSchema } from '../../../../../src-shared/content/schema.js';

/** The nodes a block becomes (none: it goes), and a body holding it, to place it from when the target lacks it. */
export interface WantedBlock {
  nodes: readonly PmNodeJson[];
  source?: PmNodeJson;
}

export const blockIdOf = (node: PmNodeJson): string | undefined => (typeof node.attrs?.id === 'string' ? node.attrs.id : undefined);

/**
 * `body` with each wanted block replaced by its nodes where it stands. A wanted block `body` lacks
 * is placed as it stands in its source: after its nearest preceding sibling that `body` also has
 * under the same parent (else first); when `body` lacks the parent too, the nearest ancestor whose
 * parent `body` has comes back as the source holds it. Every block id ends up once: a copy inside
 * a placed node wins over one elsewhere, else the first. A container left empty goes when its type
 * may not be empty. Pure JSON: `body` is not changed.
 */
export function placeBlocks(body: PmNodeJson, wanted: ReadonlyMap<string, WantedBlock>): PmNodeJson {
  const placed = new Set<PmNodeJson>();
  const done = new Set<string>();
  const place = (nodes: readonly PmNodeJson[]): PmNodeJson[] =>
    nodes.map((node) => {
      const copy = structuredClone(node);
      placed.add(copy);
      for (const id of idsWithin(copy)) done.add(id);
      return copy;
    });
  const replace = (node: PmNodeJson): PmNodeJson => {
    if (!node.content) return node;
    const content: PmNodeJson[] = [];
    for (const child of node.content) {
      const id = blockIdOf(child);
      const want = id === undefined ? undefined : wanted.get(id);
      if (want && !done.has(id!)) content.push(...place(want.nodes));
      else content.push(replace(child));
    }
    return { ...node, content };
  };
  const result = replace(body);
  for (const [id, want] of wanted) {
    if (done.has(id) || want.nodes.length === 0 || !want.source) continue;
    insertFromSource(result, id, want, place);
  }
  return withoutDuplicates(result, placed);
}

/**
 * Puts a wanted block missing from `target` where its source has it, bringing back as many of its
 * source ancestors as `target` lacks.
 */
function insertFromSource(target: PmNodeJson, id: string, want: WantedBlock, place: (nodes: readonly PmNodeJson[]) => PmNodeJson[]): void {
  const path = pathTo(want.source!, id);
  if (!path) return;
  // path: ancestors from the root down to the block's parent, then the block.
  let nodes: readonly PmNodeJson[] = want.nodes;
  for (let level = path.length - 2; level >= 0; level--) {
    const parent = path[level]!;
    const child = path[level + 1]!;
    const into = level === 0 ? target : findNode(target, blockIdOf(parent));
    if (into) {
      into.content = insertAfterSibling(into.content ?? [], parent.content ?? [], child, place(nodes));
      return;
    }
    nodes = [{ ...parent, content: (parent.content ?? []).flatMap((node) => (node === child ? nodes : [node])) }];
  }
}

/** `content` with `nodes` after the nearest sibling preceding `child` in `sourceContent` that `content` also holds. */
function insertAfterSibling(content: PmNodeJson[], sourceContent: readonly PmNodeJson[], child: PmNodeJson, nodes: PmNodeJson[]): PmNodeJson[] {
  const ids = content.map(blockIdOf);
  for (let at = sourceContent.indexOf(child) - 1; at >= 0; at--) {
    const sibling = blockIdOf(sourceContent[at]!);
    const index = sibling === undefined ? -1 : ids.indexOf(sibling);
    if (index >= 0) return [...content.slice(0, index + 1), ...nodes, ...content.slice(index + 1)];
  }
  return [...nodes, ...content];
}

/** The nodes from the root to the block with `id`, both included; undefined when it is not there. */
export function pathTo(root: PmNodeJson, id: string): PmNodeJson[] | undefined {
  if (blockIdOf(root) === id) return [root];
  for (const child of root.content ?? []) {
    const path = pathTo(child, id);
    if (path) return [root, ...path];
  }
  return undefined;
}

function findNode(root: PmNodeJson, id: string | undefined): PmNodeJson | undefined {
  if (id === undefined) return undefined;
  return pathTo(root, id)?.at(-1);
}

function idsWithin(node: PmNodeJson): string[] {
  const ids: string[] = [];
  const visit = (at: PmNodeJson) => {
    const id = blockIdOf(at);
    if (id !== undefined) ids.push(id);
    for (const child of at.content ?? []) visit(child);
  };
  visit(node);
  return ids;
}

/** Keeps one node per block id: the one inside a placed node if any, else the first. */
function withoutDuplicates(body: PmNodeJson, placed: ReadonlySet<PmNodeJson>): PmNodeJson {
  const kept = new Map<string, PmNodeJson>();
  const survey = (node: PmNodeJson, inPlaced: boolean) => {
    const id = blockIdOf(node);
    const here = inPlaced || placed.has(node);
    if (id !== undefined && (!kept.has(id) || (here && !placedWithin(kept.get(id)!)))) kept.set(id, node);
    for (const child of node.content ?? []) survey(child, here);
  };
  const placedNodes = new Set<PmNodeJson>();
  const markPlaced = (node: PmNodeJson, inPlaced: boolean) => {
    const here = inPlaced || placed.has(node);
    if (here) placedNodes.add(node);
    for (const child of node.content ?? []) markPlaced(child, here);
  };
  const placedWithin = (node: PmNodeJson) => placedNodes.has(node);
  markPlaced(body, false);
  survey(body, false);
  const prune = (node: PmNodeJson): PmNodeJson | undefined => {
    const id = blockIdOf(node);
    if (id !== undefined && kept.get(id) !== node) return undefined;
    if (!node.content || node.content.length === 0) return node;
    const content = node.content.map(prune).filter((child): child is PmNodeJson => child !== undefined);
    if (content.length === 0 && !mayBeEmpty(node.type)) return undefined;
    return { ...node, content };
  };
  return prune(body) ?? { type: 'doc', content: [] };
}

function mayBeEmpty(type: string): boolean {
  return pageSchema.nodes[type]?.validContent(Fragment.empty) ?? true;
}
