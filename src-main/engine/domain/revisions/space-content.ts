import * as Y from 'yjs';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from './revisions.js';

/**
 * Gives a new space its content: an empty page tree on main, so that change requests have a
 * doc to fork, and its first revision (`revisionId`, the id the space row already names).
 */
export function startSpaceContent(
  db: Database,
  docs: DocStore,
  space: { spaceId: string; revisionId: string; now: string },
): void {
  const tree = mainTreeDoc(space.spaceId);
  const appended = docs.append(tree, Y.encodeStateAsUpdate(new Y.Doc()));
  // An update we just encoded always decodes: failing here is a bug, not a request to refuse.
  if (!appended.ok) throw new Error(appended.problem.message);
  cutRevision(db, docs, { id: space.revisionId, spaceId: space.spaceId, parents: [], type: 'edits', docIds: [tree], now: space.now });
}
