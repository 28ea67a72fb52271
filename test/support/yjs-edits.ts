import * as Y from 'yjs';
import type { DocStore } from '../../src-main/engine/core/docs/store.js';
import type { Branch } from '../../src-shared/sync/doc-names.js';
import { pageDoc, treeDoc } from '../../src-shared/sync/doc-names.js';
import { writeBody } from '../../src-shared/content/yjs.js';
import type { PmNodeJson } from '../../src-shared/content/pm-json.js';
import { PAGES } from '../../src-main/engine/domain/content/merge/page-tree.js';

/**
 * Edits a doc of the store as a writer would: on a copy of what it holds, sending the difference
 * as one appended update. Content writes through the API replace this once they exist.
 */
export function editDoc(docs: DocStore, docId: string, edit: (doc: Y.Doc) => void): void {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(docs.load(docId)));
  const before = Y.encodeStateVector(copy);
  copy.transact(() => edit(copy));
  const appended = docs.append(docId, Y.encodeStateAsUpdate(copy, before));
  if (!appended.ok) throw new Error(appended.problem.message);
}

/** A page's body on a branch, written as ProseMirror JSON over what it holds. */
export function writePage(docs: DocStore, spaceId: string, branch: Branch, pageId: string, body: PmNodeJson): void {
  editDoc(docs, pageDoc(spaceId, branch, pageId), (doc) => {
    const written = writeBody(doc, body);
    if (!written.ok) throw new Error(JSON.stringify(written.error));
  });
}

/** Edits the pages of a branch's tree: page id → its fields (added or changed), or null to delete it. */
export function editTree(docs: DocStore, spaceId: string, branch: Branch, pages: Record<string, Record<string, unknown> | null>): void {
  editDoc(docs, treeDoc(spaceId, branch), (doc) => {
    const map = doc.getMap<Y.Map<unknown>>(PAGES);
    for (const [pageId, fields] of Object.entries(pages)) {
      if (fields === null) {
        map.delete(pageId);
        continue;
      }
      const existing = map.get(pageId);
      const page = existing ?? map.set(pageId, new Y.Map<unknown>());
      const values = existing ? fields : { type: 'document', title: pageId, slug: pageId, parent: null, position: 'a0', ...fields };
      for (const [field, value] of Object.entries(values)) page.set(field, value);
    }
  });
}

/** Page id → fields, as the branch's tree holds them. */
export function treeOf(docs: DocStore, spaceId: string, branch: Branch): Record<string, Record<string, unknown>> {
  return docs.load(treeDoc(spaceId, branch)).getMap(PAGES).toJSON() as Record<string, Record<string, unknown>>;
}
