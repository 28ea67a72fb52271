/** The endpoint's address for a page served from `origin` (http → ws, https → wss). */
export function yjsEndpoint(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}/v1/yjs`;
}

