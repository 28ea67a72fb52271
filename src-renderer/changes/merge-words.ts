import type { Answer } from '../api/types.js';

type MergeResult = Answer<'mergeChangeRequest'> | Answer<'updateChangeRequest'>;

/**
 * What a merge or an update did, in words. A merge that conflicts changed nothing: main changed the
 * same places; an update that conflicts brought main's changes in and left the conflicts to resolve.
 */
export function mergeWords(kind: 'merge' | 'update', { result }: MergeResult): string {
  if (kind === 'merge') {
    return result === 'conflicts'
      ? 'Not merged: main changed some of the same blocks or pages. Update from main to bring its changes in, then resolve the conflicts.'
      : 'Merged into main.';
  }
  const done = 'Main’s changes are now in this change request.';
  return result === 'conflicts' ? `${done} Some blocks or pages conflict: resolve them below, then merge.` : done;
}
