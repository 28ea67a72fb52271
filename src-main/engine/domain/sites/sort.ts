import type { z } from 'zod';
import type { SiteStructureItemPointer } from '../../../../src-shared/contract/sites.js';
import { notFound, type Failure } from '../../core/pipeline/failure.js';
import type { Position, StructureItem } from './order.js';

type Pointer = z.output<typeof SiteStructureItemPointer>;

export const sortMessages = { missing: 'No matching item found', invalid: 'Invalid move position provided' };

/** The item a sort moves; sites here hold no external links, so none is ever found. */
export function placeItemPointer(pointer: Pointer): StructureItem | Failure {
  if (pointer.type === 'site-external-link') return notFound(sortMessages.missing);
  return { type: pointer.type, id: pointer.id };
}

/** A sort's position; a neighbour that is an external link matches no sibling, so the position is invalid. */
export function sortPosition(position: { before?: Pointer; after?: Pointer }): Position {
  return { before: position.before as StructureItem | undefined, after: position.after as StructureItem | undefined };
}
