import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';

/** A side of a merge: main (ours) or the change request (theirs). */
export type Side = 'main' | 'change-request';

/**
 * One side's version of a conflicting place, kept when an update records the conflict: `body` is a
 * page body (a `doc` node) holding it, so that it reads as Markdown and as a Document; `value` is
 * a page field's value, or a page's fields for a page deleted on the other side. Null: the side
 * deleted it.
 */
export interface ConflictSide {
  body: PmNodeJson;
  value?: unknown;
}

export interface ConflictSides {
  base: ConflictSide | null;
  main: ConflictSide | null;
  changeRequest: ConflictSide | null;
}

/**
 * What our rule calls a conflict (docs/content-design.md, "Merge"). A merge that finds one changes
 * nothing; an update keeps the change request's version in its content and, with `sides`, the
 * three versions for the writer to choose from.
 */
export type Conflict = (
  /** A block of a page body changed on both sides to different content, or deleted on one side and edited on the other. */
  | { kind: 'block'; pageId: string; blockId: string; deletedOn?: Side }
  /** A field of a page in the tree changed on both sides to different values. */
  | { kind: 'page-field'; pageId: string; field: string }
  /** A page deleted on one side and edited (in the tree or its body) on the other. */
  | { kind: 'page-deleted'; pageId: string; deletedOn: Side }
  /** A move that would have made a cycle: the page keeps main's parent. */
  | { kind: 'cycle'; pageId: string }
  /** A page whose parent was deleted on the other side: it moves up to the nearest ancestor left. */
  | { kind: 'orphan'; pageId: string }
) & { sides?: ConflictSides };

/** Conflicts a writer resolves: the same place changed on both sides. Cycles and orphans are repaired where they land. */
export type ResolvableConflict = Extract<Conflict, { kind: 'block' | 'page-field' | 'page-deleted' }>;

export const isResolvable = (conflict: Conflict): conflict is ResolvableConflict =>
  conflict.kind === 'block' || conflict.kind === 'page-field' || conflict.kind === 'page-deleted';

export const otherSide = (side: Side): Side => (side === 'main' ? 'change-request' : 'main');
