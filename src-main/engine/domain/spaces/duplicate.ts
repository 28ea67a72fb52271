import * as Y from 'yjs';
import type { Database } from '../../core/db/database.js';
import type { DocResult, DocStore } from '../../core/docs/store.js';
import { branchDocPrefix, MAIN } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../revisions/revisions.js';

const EMPTY_STATE_VECTOR = Y.encodeStateVector(new Y.Doc());

/**
 * Gives a duplicated space a copy of the source's main content: its page tree (with its files),
 * every page body, and a first revision recording them. Each doc is copied as one update of its
 * whole state under the copy's own name; the projector then writes the copy's page, section,
 * link and file rows in the same transaction. Page and file ids are kept, so that links between
 * pages and file blocks of the copy point into the copy; bytes are shared (`file_blobs` is
 * content-addressed). Comments and change requests are not copied: they belong to the original.
 */
export function copyMainContent(
  db: Database,
  docs: DocStore,
  sourceSpaceId: string,
  copy: { spaceId: string; revisionId: string; now: string },
): void {
  const from = branchDocPrefix(sourceSpaceId, MAIN);
  const to = branchDocPrefix(copy.spaceId, MAIN);
  const copied = docs.writtenUnder(from).map((docId) => {
    const target = to + docId.slice(from.length);
    unwrap(docs.append(target, unwrap(docs.diff(docId, EMPTY_STATE_VECTOR)).update));
    return target;
  });
  cutRevision(db, docs, { id: copy.revisionId, spaceId: copy.spaceId, parents: [], type: 'edits', docIds: copied, now: copy.now });
}

/** The store refuses only malformed bytes, and these come from its own rows: a refusal is a bug. */
function unwrap<T>(result: DocResult<T>): T {
  if (!result.ok) throw new Error(`copying a space's content: ${result.problem.message}`);
  return result;
}
