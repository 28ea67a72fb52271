import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { BODY_FRAGMENT } from '../../../../src-shared/content/index.js';
import { decode } from '../../core/docs/updates.js';

/**
 * Comment anchors: where in a page body a thread was posted (docs/content-design.md, "Comments").
 * The block's place is a `Y.RelativePosition` taken in the block's parent (the body fragment, or
 * the container element holding it) at the block's index, associated to the right: it then names
 * the block's own Yjs item, so it follows the block through every insertion and deletion around
 * it, and once the block is deleted it resolves to where the block was, before the next block. A
 * position inside the block's element would die with the element and say nothing of what
 * followed it. Yjs item ids survive a change request's copy of a doc and a merge (both apply the
 * same updates), so one anchor resolves in the change request's body and in main's.
 *
 * A nested block's anchor also holds its containers' places, innermost first: once a container
 * is deleted, Yjs drops what it held (garbage collection keeps only the deleted container's own
 * item), and the thread then moves on from the outermost place left.
 */

type Parent = Y.XmlFragment | Y.XmlElement;

/** Where a thread sits now: a block, or nothing left after the block it was posted on. */
export type AnchoredBlock = { node: string } | { detached: true };

/** The anchor of the block `blockId` in the body, or undefined when the body holds no such block. */
export function anchorBlock(doc: Y.Doc, blockId: string): Uint8Array | undefined {
  const path = findBlock(doc.getXmlFragment(BODY_FRAGMENT), blockId);
  if (!path) return undefined;
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, path.length);
  for (const { type, index } of path) {
    encoding.writeVarUint8Array(encoder, Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(type, index, 0)));
  }
  return encoding.toUint8Array(encoder);
}

/** A body nests a few levels deep; an anchor claiming more places is not one of ours. */
const MAX_PLACES = 64;

/** The places an anchor holds; none when its bytes are not an anchor (any peer may write a thread). */
function decodeAnchor(anchor: Uint8Array): Y.RelativePosition[] {
  const places = decode(() => {
    const decoder = decoding.createDecoder(anchor);
    const count = decoding.readVarUint(decoder);
    if (count > MAX_PLACES) return [];
    return Array.from({ length: count }, () => Y.decodeRelativePosition(decoding.readVarUint8Array(decoder)));
  });
  // Ours always name an item (the block at the place); a type name would make Yjs create that root type.
  return 'malformed' in places || places.some((place) => place.item === null) ? [] : places;
}

/** The id of the block the anchor's own Yjs item holds, while that item is in the body. */
export function anchoredBlockId(doc: Y.Doc, anchor: Uint8Array): string | undefined {
  const [place] = decodeAnchor(anchor);
  const id = place && anchoredElement(doc, place)?.getAttribute('id');
  return typeof id === 'string' ? id : undefined;
}

/**
 * The block a thread posted on `blockId` sits on now: the anchored block itself; else the block
 * of that id wherever it is (an editor moves a block by deleting it and inserting a copy, a new
 * item with the same id); else the nearest block following the place the anchor names (which
 * may be a block written over the deleted one's Yjs element: y-prosemirror reuses an element when
 * one write replaces a block with another); else the thread is detached.
 */
export function resolveAnchor(doc: Y.Doc, anchor: Uint8Array | null, blockId: string): AnchoredBlock {
  if (anchor && anchoredBlockId(doc, anchor) === blockId) return { node: blockId };
  if (findBlock(doc.getXmlFragment(BODY_FRAGMENT), blockId)) return { node: blockId };
  const following = anchor && followingBlock(doc, decodeAnchor(anchor));
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
 * The id of the first block at or after the innermost place still known: in that parent or, when
 * nothing follows there, after the parent, and so on up to the body. Undefined when no block
 * follows.
 */
function followingBlock(doc: Y.Doc, places: Y.RelativePosition[]): string | undefined {
  let at = places
    .map((place) => Y.createAbsolutePositionFromRelativePosition(place, doc) as Place | null)
    .find((place) => place !== null && place.type instanceof Y.XmlFragment && !place.type._item?.deleted);
  while (at) {
    const block = firstBlockFrom(at.type, at.index);
    if (block) return block;
    const container = at.type._item;
    const self = container && placeOf(doc, container);
    at = self ? { type: self.type, index: self.index + 1 } : undefined;
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

/** The places of the block of that id and of its containers, innermost first, found depth first. */
function findBlock(parent: Parent, blockId: string): Place[] | undefined {
  for (const [index, child] of parent.toArray().entries()) {
    if (!(child instanceof Y.XmlElement)) continue;
    if (child.getAttribute('id') === blockId) return [{ type: parent, index }];
    const inside = findBlock(child, blockId);
    if (inside) return [...inside, { type: parent, index }];
  }
  return undefined;
}
