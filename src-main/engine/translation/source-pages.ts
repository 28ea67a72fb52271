import { createHash } from 'node:crypto';
import { readBody } from '../../../src-shared/content/index.js';
import { readPages, type TreePage } from '../content/tree.js';
import type { DocStore } from '../docs/store.js';
import { mainTreeDoc, MAIN, pageDoc } from '../revisions/doc-names.js';
import type { PageText } from './page-translation.js';

/** A page of the source space's main content, with what is translated of it and the hash of that. */
export interface SourcePage {
  tree: TreePage;
  text: PageText;
  /** Changes whenever anything translated of the page, the target language or the instructions change. */
  hash: string;
}

/**
 * The pages of a space's main content as they are now (read in the caller's transaction). `salt`
 * is what else a page's translation depends on: the language and the instructions.
 */
export function readSourcePages(docs: DocStore, spaceId: string, salt: string): SourcePage[] {
  return [...readPages(docs.load(mainTreeDoc(spaceId))).values()].map((tree) => {
    const text: PageText = {
      title: tree.title,
      ...(tree.description !== undefined ? { description: tree.description } : {}),
      ...(tree.type === 'document' ? { body: readBody(docs.load(pageDoc(spaceId, MAIN, tree.id))) } : {}),
    };
    const hash = createHash('sha256').update(salt).update('\0').update(JSON.stringify(text)).digest('hex');
    return { tree, text, hash };
  });
}
