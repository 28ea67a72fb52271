/** A node of a `Document` as plain JSON: blocks, inlines, texts and fragments alike. */
export type DocumentNode = Record<string, unknown>;

export const isDocumentNode = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `node` whose children (`nodes`, and the `fragments` of tables, images and files) went through `map`. */
export function withChildren(node: DocumentNode, map: (children: unknown[]) => unknown[]): DocumentNode {
  const out: DocumentNode = { ...node };
  if (Array.isArray(node.nodes)) out.nodes = map(node.nodes);
  if (Array.isArray(node.fragments)) out.fragments = map(node.fragments);
  return out;
}
