import type { DocumentJson } from '../../../../src-shared/content/index.js';
import type { ContentRef } from './document-references.js';
import { isDocumentNode, withChildren } from './document-walk.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { ContentTarget } from './rules.js';
import { toFile, toPage, type PageJson } from './serialize.js';
import { fileOfBranch, pageOfBranch } from './sql.js';

/**
 * What a reference to this space's content names, in the branch read: a page (`page`, or the
 * page of an `anchor`, this one when it names none) as the page reads give it without its
 * children, or a file as the file reads give it; null when it names nothing there. References to
 * other spaces, URLs, users and the rest are left as they are.
 */
export function resolveRef(ctx: RequestContext, target: ContentTarget, pageId: string, ref: ContentRef): unknown {
  if (typeof ref.space === 'string' && ref.space !== target.space.id) return undefined;
  if (ref.kind === 'file' && typeof ref.file === 'string') {
    const file = fileOfBranch(ctx.db, target.space.id, target.rows, ref.file);
    return file ? toFile(ctx, target.place, file) : null;
  }
  const named = ref.kind === 'page' ? ref.page : ref.kind === 'anchor' ? (ref.page ?? pageId) : undefined;
  if (typeof named !== 'string') return undefined;
  const row = pageOfBranch(ctx.db, target.space.id, target.rows, named);
  if (!row) return null;
  const { pages: _children, ...page } = toPage(ctx, target.place, row) as PageJson & { pages?: unknown };
  return page;
}

/** Markdown has no references: a link whose page was resolved becomes a link to that page in the app. */
export function resolvedLinksAsUrls(document: DocumentJson): DocumentJson {
  const rewrite = (node: unknown): unknown => {
    if (!isDocumentNode(node)) return node;
    const out = withChildren(node, (children) => children.map(rewrite));
    const resolved = isDocumentNode(node.meta) ? node.meta.resolved : undefined;
    const app = isDocumentNode(resolved) && isDocumentNode(resolved.urls) ? resolved.urls.app : undefined;
    if (node.type !== 'link' || typeof app !== 'string') return out;
    const { meta: _meta, ...link } = out;
    const anchor = isDocumentNode(node.data) && isDocumentNode(node.data.ref) && node.data.ref.kind === 'anchor' ? `#${String(node.data.ref.anchor)}` : '';
    return { ...link, data: { ref: { kind: 'url', url: app + anchor } } };
  };
  return { ...document, nodes: document.nodes.map(rewrite) as DocumentJson['nodes'] };
}
