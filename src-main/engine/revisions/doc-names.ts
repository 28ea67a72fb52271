/** The Yjs doc ids of a space's content (docs/content-design.md); also the y-websocket room names. */
export const mainTreeDoc = (spaceId: string) => `space/${spaceId}/main/tree`;

export const changeRequestTreeDoc = (spaceId: string, changeRequestId: string) =>
  `space/${spaceId}/cr/${changeRequestId}/tree`;
