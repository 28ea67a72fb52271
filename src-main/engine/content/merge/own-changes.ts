import type * as Y from 'yjs';
import { blockIndex } from '../../../../src-shared/content/yjs.js';
import type { DocStore } from '../../docs/store.js';
import { changeRequestBranch, pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { forkBaseDoc } from '../fork-base.js';
import { readFiles, readPages, type TreeFile, type TreePage } from '../tree.js';
import { writtenPairs } from './branch-docs.js';
import { threeWay } from './three-way.js';

/** What a change request did to one page since its base. */
export interface OwnPageChange {
  pageId: string;
  kind: 'created' | 'edited' | 'deleted' | 'moved';
  /** The page at the base and in the change request's head; one is missing for created and deleted pages. */
  before?: TreePage;
  after?: TreePage;
  /** Whether its body changed (always for a page created with a body). */
  bodyChanged: boolean;
}

export interface OwnFileChange {
  kind: 'created' | 'edited' | 'deleted';
  before?: TreeFile;
  after?: TreeFile;
}

export interface OwnChanges {
  /** The pages at the base and in the head. */
  base: ReadonlyMap<string, TreePage>;
  head: ReadonlyMap<string, TreePage>;
  pages: OwnPageChange[];
  files: OwnFileChange[];
  /** The base's and the head's body of a page, read when asked for. */
  bodies(pageId: string): { before?: Y.Doc; after: Y.Doc };
}

/**
 * A change request's own changes: its head against its base, the main it forked from or last
 * pulled in (each doc's fork base), never main as it is now. So the changes of a merged change
 * request stay its own, whatever main became since (its docs are frozen and so are their bases).
 * Only the docs it wrote are compared; one it never wrote has no change of its.
 */
export function ownChanges(docs: DocStore, spaceId: string, changeRequestId: string): OwnChanges {
  const branch = changeRequestBranch(changeRequestId);
  const pairs = writtenPairs(docs, spaceId, changeRequestId);
  const headTreeDoc = docs.load(treeDoc(spaceId, branch));
  const baseTreeDoc = pairs.some((pair) => pair.pageId === undefined) ? forkBaseDoc(docs, treeDoc(spaceId, branch)) : undefined;
  const head = readPages(headTreeDoc);
  // A tree the change request never wrote is main's as it was: its pages are the base's.
  const base = baseTreeDoc ? readPages(baseTreeDoc) : pairs.some((pair) => pair.pageId === undefined) ? new Map<string, TreePage>() : head;
  // Each page's base body is built once: to tell whether it changed, then to show it.
  const bases = new Map<string, Y.Doc | undefined>();
  const baseOf = (pageId: string) => {
    if (!bases.has(pageId)) bases.set(pageId, forkBaseDoc(docs, pageDoc(spaceId, branch, pageId)));
    return bases.get(pageId);
  };
  const bodyChanged = new Set(
    pairs
      .filter((pair) => pair.pageId !== undefined && bodyDiffers(baseOf(pair.pageId), docs.load(pair.changeRequest), threeWay(docs, pair).since('change-request').changed))
      .map((pair) => pair.pageId!),
  );
  const pages: OwnPageChange[] = [];
  for (const [pageId, after] of head) {
    const before = base.get(pageId);
    if (!before) pages.push({ pageId, kind: 'created', after, bodyChanged: bodyChanged.has(pageId) });
    else if (before.parent !== after.parent) pages.push({ pageId, kind: 'moved', before, after, bodyChanged: bodyChanged.has(pageId) });
    else if (bodyChanged.has(pageId) || fieldsDiffer(before, after)) pages.push({ pageId, kind: 'edited', before, after, bodyChanged: bodyChanged.has(pageId) });
  }
  for (const [pageId, before] of base) if (!head.has(pageId)) pages.push({ pageId, kind: 'deleted', before, bodyChanged: false });
  return {
    base,
    head,
    pages,
    files: baseTreeDoc ? fileChanges(readFiles(baseTreeDoc), readFiles(headTreeDoc)) : [],
    bodies: (pageId) => ({ before: baseOf(pageId), after: docs.load(pageDoc(spaceId, branch, pageId)) }),
  };
}

/**
 * A body a side "changed" (its update is not contained in the base) whose blocks hash the same
 * as the base's changed nothing a reader sees (a word typed and removed): not a change.
 */
function bodyDiffers(base: Y.Doc | undefined, head: Y.Doc, changed: boolean): boolean {
  if (!changed) return false;
  if (!base) return true;
  const [before, after] = [blockIndex(base), blockIndex(head)];
  if (before.size !== after.size) return true;
  const order = (index: Map<string, string>) => [...index].map(([id, hash]) => `${id}:${hash}`).join();
  return order(before) !== order(after);
}

const COMPARED: (keyof TreePage)[] = ['title', 'slug', 'emoji', 'description', 'type', 'hidden', 'position'];

function fieldsDiffer(before: TreePage, after: TreePage): boolean {
  return COMPARED.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

function fileChanges(base: ReadonlyMap<string, TreeFile>, head: ReadonlyMap<string, TreeFile>): OwnFileChange[] {
  const changes: OwnFileChange[] = [];
  for (const [fileId, after] of head) {
    const before = base.get(fileId);
    if (!before) changes.push({ kind: 'created', after });
    else if (JSON.stringify(before) !== JSON.stringify(after)) changes.push({ kind: 'edited', before, after });
  }
  for (const [fileId, before] of base) if (!head.has(fileId)) changes.push({ kind: 'deleted', before });
  return changes;
}
