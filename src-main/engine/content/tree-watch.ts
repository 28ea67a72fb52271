import type * as Y from 'yjs';
import { filesMap, pagesMap } from './tree.js';

/** What a writer changed in a tree doc: the pages whose entry or fields changed, and whether files did. */
export interface TreeChanges {
  pages: Set<string>;
  files: boolean;
}

/** Starts recording the changes made to a tree doc from now on. */
export function watchTree(doc: Y.Doc): TreeChanges {
  const changes: TreeChanges = { pages: new Set(), files: false };
  const pages = pagesMap(doc);
  pages.observeDeep((events) => {
    for (const event of events) {
      if (event.target === pages) for (const key of event.changes.keys.keys()) changes.pages.add(key);
      else changes.pages.add(String(event.path[0]));
    }
  });
  filesMap(doc).observeDeep(() => (changes.files = true));
  return changes;
}
