import type * as Y from 'yjs';
import { filesMap, pagesMap } from './tree.js';

/** What a writer changed in a tree doc: the pages whose entry or fields changed, and whether files did. */
export interface TreeChanges {
  pages: Set<string>;
  files: boolean;
}

/**
 * Starts recording the changes made to a tree doc from now on. With `stops`, the functions that
 * stop it are added there: a copy handed back to the store must carry no observer of a request
 * that ended (DocEdits.spareSaved).
 */
export function watchTree(doc: Y.Doc, stops?: (() => void)[]): TreeChanges {
  const changes: TreeChanges = { pages: new Set(), files: false };
  const pages = pagesMap(doc);
  const pagesChanged = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      if (event.target === pages) for (const key of event.changes.keys.keys()) changes.pages.add(key);
      else changes.pages.add(String(event.path[0]));
    }
  };
  const filesChanged = () => (changes.files = true);
  const files = filesMap(doc);
  pages.observeDeep(pagesChanged);
  files.observeDeep(filesChanged);
  stops?.push(() => pages.unobserveDeep(pagesChanged), () => files.unobserveDeep(filesChanged));
  return changes;
}
