import * as Y from 'yjs';
import type { DocStore } from '../../core/docs/store.js';
import { newDoc } from '../../core/docs/updates.js';

/**
 * A change request's doc as it was at its fork base: main's content when the change request was
 * opened (or last updated). Undefined when main had no such doc then.
 */
export function forkBaseDoc(docs: DocStore, docId: string): Y.Doc | undefined {
  const base = docs.forkBase(docId);
  if (!base) return undefined;
  const doc = newDoc();
  Y.applyUpdate(doc, base.baseUpdate);
  return doc;
}
