import * as Y from 'yjs';
import { PAGES, type PageFields } from '../../../../../src-main/engine/domain/content/merge/page-tree.js';

/** Page trees in Yjs as the content model has them, for the merge tests. */
export function addPage(doc: Y.Doc, pageId: string, fields: PageFields): void {
  doc.transact(() => {
    const page = new Y.Map<unknown>();
    doc.getMap<Y.Map<unknown>>(PAGES).set(pageId, page);
    for (const [key, value] of Object.entries({ type: 'document', title: pageId, slug: pageId, position: 'a0', ...fields })) {
      page.set(key, value);
    }
  });
}

export function setField(doc: Y.Doc, pageId: string, field: string, value: unknown): void {
  doc.getMap<Y.Map<unknown>>(PAGES).get(pageId)!.set(field, value);
}

/** Deletes a page and its subtree, as writers must. */
export function deletePage(doc: Y.Doc, pageId: string): void {
  const pages = doc.getMap<Y.Map<unknown>>(PAGES);
  doc.transact(() => {
    for (const id of [pageId, ...descendants(doc, pageId)]) pages.delete(id);
  });
}

export function descendants(doc: Y.Doc, pageId: string): string[] {
  const pages = doc.getMap<Y.Map<unknown>>(PAGES);
  const children = [...pages.entries()].filter(([, page]) => page.get('parent') === pageId).map(([id]) => id);
  return children.flatMap((child) => [child, ...descendants(doc, child)]);
}

/** A copy of `doc` written by another client, as a branch starts. */
export function branch(doc: Y.Doc, clientID: number): Y.Doc {
  const copy = new Y.Doc();
  copy.clientID = clientID;
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

export const MERGER = 99;

/** Main with the change request's changes since `base` applied: what a merge writes before repairing. */
export function applied(base: Y.Doc, ours: Y.Doc, theirs: Y.Doc): Y.Doc {
  const merged = branch(ours, MERGER);
  Y.applyUpdate(merged, Y.encodeStateAsUpdate(theirs, Y.encodeStateVector(base)));
  return merged;
}

export function parents(doc: Y.Doc): Record<string, unknown> {
  const pages = doc.getMap<Y.Map<unknown>>(PAGES);
  return Object.fromEntries([...pages.entries()].map(([id, page]) => [id, page.get('parent')]));
}
