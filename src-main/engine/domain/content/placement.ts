import { positionBetween } from './positions.js';
import type { TreePage } from './tree.js';
import type { Failure } from '../../core/pipeline/failure.js';
import { invalidChange, type Batch } from './batch.js';

/** Where a page goes: under `parent`, at `position`. */
export interface Placement {
  parent: string | null;
  position: string;
}

/**
 * The placement `into`/`at` ask for. `at` is the index among the new siblings (the page itself
 * left out); without it the page goes last. The parent must be a page of the change request, and
 * neither the page moved nor one of its descendants.
 */
export function placement(batch: Batch, index: number, request: { into: string | null; at?: number; moving?: string }): Placement | Failure {
  const pages = batch.pages();
  if (request.into !== null) {
    if (!pages.has(request.into)) return invalidChange(index, 'into', `no page ${request.into} in the change request`);
    if (request.moving !== undefined && isWithin(pages, request.into, request.moving)) {
      return invalidChange(index, 'into', 'a page cannot move into itself or one of its descendants');
    }
  }
  const siblings = batch.siblings(request.into, request.moving);
  const at = request.at ?? siblings.length;
  if (at > siblings.length) return invalidChange(index, 'at', `must be at most ${siblings.length}, the number of siblings`);
  return { parent: request.into, position: between(siblings[at - 1]?.position ?? null, siblings[at]?.position ?? null) };
}

/** Whether `pageId` is `ancestorId` or lies under it. */
function isWithin(pages: ReadonlyMap<string, TreePage>, pageId: string, ancestorId: string): boolean {
  const seen = new Set<string>();
  for (let id: string | null = pageId; id !== null && !seen.has(id); id = pages.get(id)?.parent ?? null) {
    if (id === ancestorId) return true;
    seen.add(id);
  }
  return false;
}

/** Siblings a peer gave the same position leave no room between them: the page then goes after both. */
function between(before: string | null, after: string | null): string {
  return before !== null && after !== null && before >= after ? positionBetween(before, null) : positionBetween(before, after);
}
