import type { Collection, Space } from '../api/types.js';

export type TreeNode =
  | { kind: 'collection'; item: Collection; children: TreeNode[] }
  | { kind: 'space'; item: Space };

export interface ItemRef {
  kind: 'collection' | 'space';
  id: string;
}

/**
 * Collections nested by their parents, each holding its collections and then its spaces, each
 * kind by title (the nested listing has no order shared by siblings, so the sidebar sorts as a
 * file browser does). An item whose parent the caller cannot see stands at the top level.
 */
export function buildTree(unsortedCollections: Collection[], unsortedSpaces: Space[]): TreeNode[] {
  const collections = byTitle(unsortedCollections);
  const spaces = byTitle(unsortedSpaces);
  const known = new Set(collections.map((collection) => collection.id));
  const childrenOf = (parent: string | undefined): TreeNode[] => [
    ...collections
      .filter((collection) => placedUnder(collection.parent, known) === parent)
      .map((item): TreeNode => ({ kind: 'collection', item, children: childrenOf(item.id) })),
    ...spaces.filter((space) => placedUnder(space.parent, known) === parent).map((item): TreeNode => ({ kind: 'space', item })),
  ];
  return childrenOf(undefined);
}

function byTitle<T extends { title: string; id: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}

function placedUnder(parent: string | undefined, known: Set<string>): string | undefined {
  return parent !== undefined && known.has(parent) ? parent : undefined;
}

export interface Destination {
  /** null: the organization's top level. */
  parent: string | null;
  label: string;
  depth: number;
}

/** Where an item may move: the top level and every collection not inside the item itself. */
export function destinations(tree: TreeNode[], moving: ItemRef): Destination[] {
  const found: Destination[] = [{ parent: null, label: 'Top level', depth: 0 }];
  const visit = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      if (node.kind !== 'collection' || (moving.kind === 'collection' && node.item.id === moving.id)) continue;
      found.push({ parent: node.item.id, label: node.item.title || 'Untitled collection', depth });
      visit(node.children, depth + 1);
    }
  };
  visit(tree, 1);
  return found;
}

/** Every space at or under a node: what deleting a collection sends to the trash. */
export function spacesWithin(node: TreeNode): string[] {
  return node.kind === 'space' ? [node.item.id] : node.children.flatMap(spacesWithin);
}

export function findNode(tree: TreeNode[], ref: ItemRef): TreeNode | undefined {
  for (const node of tree) {
    if (node.kind === ref.kind && node.item.id === ref.id) return node;
    const inside = node.kind === 'collection' ? findNode(node.children, ref) : undefined;
    if (inside) return inside;
  }
  return undefined;
}

/** Every space of the tree, in the sidebar's order: the organization's front page lists them. */
export function everySpace(tree: TreeNode[]): Space[] {
  return tree.flatMap((node) => (node.kind === 'space' ? [node.item] : everySpace(node.children)));
}
