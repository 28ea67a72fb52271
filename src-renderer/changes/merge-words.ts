import type { Answer } from '../api/types.js';

type MergeResult = Answer<'mergeChangeRequest'> | Answer<'updateChangeRequest'>;

/** What a merge or an update did, in words; `conflicts` still applied the changes, and says where to look. */
export function mergeWords(kind: 'merge' | 'update', { result }: MergeResult): string {
  const done = kind === 'merge' ? 'Merged into main.' : 'Main’s changes are now in this change request.';
  if (result !== 'conflicts') return done;
  const where = kind === 'merge' ? 'main' : 'this change request';
  return `${done} With conflicts: some blocks or pages were changed on both sides; check them in ${where}.`;
}
