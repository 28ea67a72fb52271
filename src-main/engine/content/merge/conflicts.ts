/** A side of a merge: main (ours) or the change request (theirs). */
export type Side = 'main' | 'change-request';

/**
 * What our rule calls a conflict (docs/content-design.md, "Merge"). The merge still applies;
 * the answer says `conflicts` so that someone looks at these places.
 */
export type Conflict =
  /** A block of a page body changed on both sides to different content, or deleted on one side and edited on the other. */
  | { kind: 'block'; pageId: string; blockId: string; deletedOn?: Side }
  /** A field of a page in the tree changed on both sides to different values. */
  | { kind: 'page-field'; pageId: string; field: string }
  /** A page deleted on one side and edited (in the tree or its body) on the other. */
  | { kind: 'page-deleted'; pageId: string; deletedOn: Side }
  /** A move that would have made a cycle: the page keeps main's parent. */
  | { kind: 'cycle'; pageId: string }
  /** A page whose parent was deleted on the other side: it moves up to the nearest ancestor left. */
  | { kind: 'orphan'; pageId: string };

export const otherSide = (side: Side): Side => (side === 'main' ? 'change-request' : 'main');
