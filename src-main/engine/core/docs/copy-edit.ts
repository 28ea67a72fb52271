import * as Y from 'yjs';
import type { DocStore } from './store.js';
import { newDoc } from './updates.js';

/**
 * Applies `change` to a copy of the stored doc and appends what it changed, in the caller's
 * transaction. The store's loaded doc is never edited in place: it must not run ahead of the
 * database (docs/doc-store.md). A change that changes nothing appends nothing (`undefined`).
 */
export function appendCopyEdit(docs: DocStore, docId: string, change: (copy: Y.Doc) => void): { copy: Y.Doc; seq: number } | undefined {
  const copy = newDoc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(docs.load(docId)));
  let update: Uint8Array | undefined;
  copy.on('update', (encoded: Uint8Array) => (update = encoded));
  copy.transact(() => change(copy));
  if (!update) return undefined;
  const appended = docs.append(docId, update);
  // The update was just encoded by Yjs from the stored doc: a refusal is a bug, not a bad request.
  if (!appended.ok) throw new Error(`${docId}: ${appended.problem.message}`);
  return { copy, seq: appended.seq };
}
