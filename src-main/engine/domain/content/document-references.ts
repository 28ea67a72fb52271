import type { z } from 'zod';
import type { DocumentJson } from '../../../../src-shared/content/index.js';
import type { ContentRef as ContentRefSchema } from '../../../../src-shared/contract/common.js';
import { isDocumentNode as isNode, withChildren } from './document-walk.js';

/** A content reference as documents hold it (`data.ref`), the contract's `ContentRef`. */
export type ContentRef = z.output<typeof ContentRefSchema>;

/**
 * What a reference names, or null when it names nothing that exists; undefined leaves the
 * reference as it is (a kind or a place the resolver does not answer for).
 */
export type ResolveRef = (ref: ContentRef) => unknown;

/**
 * A `Document` with its references resolved (`dereferenced` on page reads): every node whose
 * `data.ref` the resolver answers for keeps its reference and gains `meta.resolved`, what the
 * reference names (null for a broken one).
 */
export function dereferenceDocument(document: DocumentJson, resolve: ResolveRef): DocumentJson {
  return { ...document, nodes: document.nodes.map((node) => dereferenceNode(node, resolve)) as DocumentJson['nodes'] };
}

function dereferenceNode(node: unknown, resolve: ResolveRef): unknown {
  if (!isNode(node)) return node;
  const out = withChildren(node, (children) => children.map((child) => dereferenceNode(child, resolve)));
  const ref = isNode(node.data) ? node.data.ref : undefined;
  if (isNode(ref) && typeof ref.kind === 'string') {
    const resolved = resolve(ref as ContentRef);
    if (resolved !== undefined) out.meta = { ...(isNode(node.meta) ? node.meta : {}), resolved };
  }
  return out;
}
