import * as Y from 'yjs';
import { BODY_FRAGMENT } from '../../../src-shared/content/index.js';

/**
 * Comment anchors: where in a page body a thread was posted, as an encoded `Y.RelativePosition`
 * (docs/content-design.md, "Comments"). The position is taken in the block's parent (the body
 * fragment, or the container element holding it) at the block's index, associated to the right:
 * it then names the block's own Yjs item, so it follows the block through every insertion and
 * deletion around it, and once the block is deleted it resolves to where the block was, before
 * the next block. A position inside the block's element would die with the element and say
 * nothing of what followed it. Yjs item ids survive a change request's copy of a doc and a merge
 * (both apply the same updates), so one anchor resolves in the change request's body and in main's.
 */

type Parent = Y.XmlFragment | Y.XmlElement;

/** Where a thread sits now: a block, or nothing left after the block it was posted on. */
export type AnchoredBlock = { node: string } | { detached: true };

/** The anchor of the block `blockId` in the body, or undefined when the body holds no such block. */
export function anchorBlock(doc: Y.Doc, blockId: string): Uint8Array | undefined {
  const found = findBlock(doc.getXmlFragment(BODY_FRAGMENT), blockId);
  return found && Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(found.parent, found.index, 0));
}

export function hasBlock(doc: Y.Doc, blockId: string): boolean {
  return findBlock(doc.getXmlFragment(BODY_FRAGMENT), blockId) !== undefined;
}

/**
 * The block a thread posted on `blockId` sits on now: the anchored block itself; else the block
 * of that id wherever it is (an editor moves a block by deleting it and inserting a copy, a new
 * item with the same id); else the nearest block following the place the anchor names; else
 * the thread is detached.
 */
export function resolveAnchor(doc: Y.Doc, anchor: Uint8Array | null, blockId: string): AnchoredBlock {
  const position = anchor ? Y.decodeRelativePosition(anchor) : undefined;
  if (position && anchoredElement(doc, position)?.getAttribute('id') === blockId) return { node: blockId };
  if (hasBlock(doc, blockId)) return { node: blockId };
  const following = position && followingBlock(doc, position);
  return following ? { node: following } : { detached: true };
}

/** The live element the position's item holds, found by id without walking the body. */
function anchoredElement(doc: Y.Doc, position: Y.RelativePosition): Y.XmlElement | undefined {
  const item = itemAt(doc, position.item);
  if (!item || item.deleted || !(item.content instanceof Y.ContentType)) return undefined;
  const type = item.content.type;
  return type instanceof Y.XmlElement ? type : undefined;
}

function itemAt(doc: Y.Doc, id: Y.ID | null): Y.Item | undefined {
  if (!id || Y.getState(doc.store, id.client) <= id.clock) return undefined;
  const struct = Y.getItem(doc.store, id);
  return struct instanceof Y.Item ? struct : undefined;
}

/**
 * The id of the first block at or after the position, in its parent or, when nothing follows
 * there, after its parent, and so on up to the body. A parent deleted too is left for its own
 * place. Undefined when no block follows, or when the deleted block's item was collected with its
 * deleted container (its place is then unknown).
 */
function followingBlock(doc: Y.Doc, position: Y.RelativePosition): string | undefined {
  let at: Place | null = Y.createAbsolutePositionFromRelativePosition(position, doc) as Place | null;
  while (at) {
    const container = at.type._item;
    if (container?.deleted) {
      at = placeOf(doc, container);
      continue;
    }
    const block = firstBlockFrom(at.type, at.index);
    if (block) return block;
    const self = container && placeOf(doc, container);
    at = self ? { type: self.type, index: self.index + 1 } : null;
  }
  return undefined;
}

interface Place {
  type: Parent;
  index: number;
}

/** Where an item is in its parent; where it was, before what follows, once deleted. */
function placeOf(doc: Y.Doc, item: Y.Item): Place | null {
  const relative = Y.createRelativePositionFromJSON({ item: item.id, assoc: 0 });
  return Y.createAbsolutePositionFromRelativePosition(relative, doc) as Place | null;
}

function firstBlockFrom(parent: Parent, index: number): string | undefined {
  const children = parent.toArray();
  for (let i = index; i < children.length; i++) {
    const child = children[i];
    const id = child instanceof Y.XmlElement ? child.getAttribute('id') : undefined;
    if (typeof id === 'string') return id;
  }
  return undefined;
}

/** The block of that id, depth first, with its parent and its index there. */
function findBlock(parent: Parent, blockId: string): { parent: Parent; index: number } | undefined {
  const children = parent.toArray();
  for (const [index, child] of children.entries()) {
    if (!(child instanceof Y.XmlElement)) continue;
    if (child.getAttribute('id') === blockId) return { parent, index };
    const inside = findBlock(child, blockId);
    if (inside) return inside;
  }
  return undefined;
}
