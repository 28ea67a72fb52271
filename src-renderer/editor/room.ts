/**
 * The y-websocket room of a change request's page: the engine's doc id for it
 * (`pageDoc` in src-main/engine/revisions/doc-names.ts, which the renderer may not import;
 * test/renderer/room.test.ts holds the two equal).
 */
export function changeRequestPageRoom(spaceId: string, changeRequestId: string, pageId: string): string {
  return `space/${spaceId}/cr/${changeRequestId}/page/${pageId}`;
}

/** The room of a change request's page tree (`changeRequestTreeDoc` in the same file). */
export function changeRequestTreeRoom(spaceId: string, changeRequestId: string): string {
  return `space/${spaceId}/cr/${changeRequestId}/tree`;
}

/** The endpoint's address for a page served from `origin` (http → ws, https → wss). */
export function yjsEndpoint(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}/v1/yjs`;
}

/** The room of a change request's comment threads (`commentsDoc` in the same file). */
export function changeRequestCommentsRoom(spaceId: string, changeRequestId: string): string {
  return `space/${spaceId}/cr/${changeRequestId}/comments`;
}
