import type { DocStore } from '../../../core/docs/store.js';
import { MAIN, branchDocPrefix, changeRequestBranch, pageDoc, parseDocName, treeDoc } from '../../../../../src-shared/sync/doc-names.js';

/** One doc of the content as main and a change request each have it. */
export interface DocPair {
  main: string;
  changeRequest: string;
  /** The page whose body the doc holds; undefined for the page tree. */
  pageId?: string;
}

/**
 * The tree and page docs a change request wrote (copied or created), each with main's doc of the
 * same content. Its comments are its own and never merge.
 */
export function writtenPairs(docs: Pick<DocStore, 'writtenUnder'>, spaceId: string, changeRequestId: string): DocPair[] {
  const branch = changeRequestBranch(changeRequestId);
  const pairs: DocPair[] = [];
  for (const docId of docs.writtenUnder(branchDocPrefix(spaceId, branch))) {
    const name = parseDocName(docId);
    if (name?.kind === 'tree') pairs.push({ main: treeDoc(spaceId, MAIN), changeRequest: docId });
    if (name?.kind === 'page') pairs.push({ main: pageDoc(spaceId, MAIN, name.pageId), changeRequest: docId, pageId: name.pageId });
  }
  return pairs;
}

/** Main's tree and page docs (its comments live outside its prefix): the content a revision of main records. */
export function mainContentDocs(docs: DocStore, spaceId: string): string[] {
  return docs.writtenUnder(branchDocPrefix(spaceId, MAIN));
}

/** The change request's tree and page docs: its own where it wrote them, else main's, which it reads. */
export function changeRequestContentDocs(docs: DocStore, spaceId: string, changeRequestId: string): string[] {
  const main = branchDocPrefix(spaceId, MAIN);
  const own = branchDocPrefix(spaceId, changeRequestBranch(changeRequestId));
  const ids = new Set(mainContentDocs(docs, spaceId).map((docId) => own + docId.slice(main.length)));
  for (const pair of writtenPairs(docs, spaceId, changeRequestId)) ids.add(pair.changeRequest);
  return [...ids];
}
