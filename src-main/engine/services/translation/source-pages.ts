import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import { readBody } from '../../../../src-shared/content/index.js';
import { readPages, type TreePage } from '../../domain/content/tree.js';
import type { DocStore } from '../../core/docs/store.js';
import { mainTreeDoc, MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import type { PageText } from './page-translation.js';

/** A page of the source space's main content, with what is translated of it and the hash of that. */
export interface SourcePage {
  tree: TreePage;
  text: PageText;
  /** Changes whenever anything translated of the page, the target language or the instructions change. */
  hash: string;
}

/** A source page as read in a transaction: its tree entry, and its body doc's state for a document. */
export interface SourceState {
  tree: TreePage;
  state?: Uint8Array;
}

const WHOLE_DOC = Y.encodeStateVector(new Y.Doc());

/**
 * The pages of a space's main content as they are now (read in the caller's transaction), their
 * bodies as their docs' state: reading the bodies is `sourcePages`' work, in a worker thread.
 */
export function readSourceStates(docs: DocStore, spaceId: string): SourceState[] {
  return [...readPages(docs.load(mainTreeDoc(spaceId))).values()].map((tree) => {
    if (tree.type !== 'document') return { tree };
    const state = docs.diff(pageDoc(spaceId, MAIN, tree.id), WHOLE_DOC);
    if (!state.ok) throw new Error(state.problem.message);
    return { tree, state: state.update };
  });
}

/** What is translated of each page, and its hash. `salt` is what else a page's translation depends on: the language and the instructions. */
export function sourcePages(states: readonly SourceState[], salt: string): SourcePage[] {
  return states.map(({ tree, state }) => {
    const text: PageText = {
      title: tree.title,
      ...(tree.description !== undefined ? { description: tree.description } : {}),
      ...(state ? { body: bodyOf(state) } : {}),
    };
    const hash = createHash('sha256').update(salt).update('\0').update(JSON.stringify(text)).digest('hex');
    return { tree, text, hash };
  });
}

function bodyOf(state: Uint8Array) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return readBody(doc);
}
