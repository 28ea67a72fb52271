/**
 * The Yjs doc ids of a space's content (docs/content-design.md); also the y-websocket room names.
 * A branch is the space's main content or one change request's copy of it.
 */
export type Branch = { kind: 'main' } | { kind: 'change-request'; changeRequestId: string };

export const MAIN: Branch = { kind: 'main' };

export const changeRequestBranch = (changeRequestId: string): Branch => ({ kind: 'change-request', changeRequestId });

/** `space/{id}/main/` or `space/{id}/cr/{changeRequestId}/`: every doc of one branch starts with it. */
export const branchDocPrefix = (spaceId: string, branch: Branch) =>
  branch.kind === 'main' ? `space/${spaceId}/main/` : `space/${spaceId}/cr/${branch.changeRequestId}/`;

export const treeDoc = (spaceId: string, branch: Branch) => `${branchDocPrefix(spaceId, branch)}tree`;

export const pageDoc = (spaceId: string, branch: Branch, pageId: string) => `${branchDocPrefix(spaceId, branch)}page/${pageId}`;

export const mainTreeDoc = (spaceId: string) => treeDoc(spaceId, MAIN);

export const changeRequestTreeDoc = (spaceId: string, changeRequestId: string) =>
  treeDoc(spaceId, changeRequestBranch(changeRequestId));

/** The comment threads on a branch: the space's own (main) or a change request's. */
export const commentsDoc = (spaceId: string, branch: Branch) =>
  branch.kind === 'main' ? `space/${spaceId}/comments` : `space/${spaceId}/cr/${branch.changeRequestId}/comments`;

/** Every doc of a space starts with this: its content, its change requests', its comments. */
export const spaceDocPrefix = (spaceId: string) => `space/${spaceId}/`;

export type ParsedDocName =
  | { kind: 'tree'; spaceId: string; branch: Branch }
  | { kind: 'page'; spaceId: string; branch: Branch; pageId: string }
  | { kind: 'comments'; spaceId: string; branch: Branch };

const ID = '([A-Za-z0-9_-]+)';
const DOC_NAME = new RegExp(`^space/${ID}/(?:main|cr/${ID})/(?:(tree)|page/${ID})$|^space/${ID}/(?:cr/${ID}/)?comments$`);

/** The inverse of the names above, for doc ids that arrive from outside (y-websocket rooms, sync). */
export function parseDocName(name: string): ParsedDocName | undefined {
  const match = DOC_NAME.exec(name);
  if (!match) return undefined;
  const [, spaceId, crId, tree, pageId, commentsSpaceId, commentsCrId] = match;
  if (commentsSpaceId) {
    return { kind: 'comments', spaceId: commentsSpaceId, branch: commentsCrId ? changeRequestBranch(commentsCrId) : MAIN };
  }
  const branch = crId ? changeRequestBranch(crId) : MAIN;
  if (tree) return { kind: 'tree', spaceId: spaceId!, branch };
  return { kind: 'page', spaceId: spaceId!, branch, pageId: pageId! };
}
