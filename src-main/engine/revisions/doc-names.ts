/** The Yjs doc ids of a space's content (docs/content-design.md); also the y-websocket room names. */
export const mainTreeDoc = (spaceId: string) => `space/${spaceId}/main/tree`;

export const changeRequestTreeDoc = (spaceId: string, changeRequestId: string) =>
  `space/${spaceId}/cr/${changeRequestId}/tree`;

/** Every doc of a space starts with this: its content, its change requests', its comments. */
export const spaceDocPrefix = (spaceId: string) => `space/${spaceId}/`;
