import * as Y from 'yjs';
import { documentToMarkdown, pmToDocument, readBody, type DocumentJson, type Result } from '../../../../src-shared/content/index.js';
import { ok } from '../../../../src-shared/content/result.js';
import { describeContentError, presentPageBody } from '../../content/page-body.js';
import { dereferenceDocument, type ContentRef } from '../../content/document-references.js';
import { evaluateDocument } from '../../content/document-evaluation.js';
import type { Scope } from '../../content/expressions.js';
import { isDocumentNode, withChildren } from '../../content/document-walk.js';
import type { RequestContext } from '../../pipeline/context.js';
import { Failure, isFailure } from '../../pipeline/failure.js';
import { pageDoc } from '../../revisions/doc-names.js';
import type { ContentTarget } from './rules.js';
import { toFile, toPage, type PageJson } from './serialize.js';
import { fileOfBranch, pageOfBranch } from './sql.js';

/** The query of a page read (Part B "Change request content"; docs/content-design.md, "Page reads"). */
export interface PageReadOptions {
  format?: 'document' | 'markdown';
  evaluated?: 'true' | 'false' | 'deterministic-only';
  dereferenced?: 'true' | 'false' | 'reusable-contents';
  metadata?: boolean;
  computed?: boolean;
}

/**
 * What expressions read. Folio keeps no variables (a revision's `variables` is `{}`), and an API
 * read has no visitor, so every name resolves to nothing: literals, comparisons and the rest
 * still evaluate, and a condition on a variable is false.
 */
const SCOPE: Scope = { space: { vars: {} }, page: { vars: {} }, visitor: { claims: {} } };

/** A page as the read options ask for it: its body for a document page, and its metadata or not. */
export function presentPage(ctx: RequestContext, target: ContentTarget, page: PageJson, options: PageReadOptions): PageJson | Failure {
  const shown = options.metadata === false ? withoutMetadata(page) : page;
  // `computed=false`: a computed page answers what it is computed from, not the content computed.
  if (shown.type !== 'document' || (shown.computed && options.computed === false)) return shown;
  const body = presentBody(ctx, target, page.id, options);
  if (!body.ok) return new Failure(500, `page ${page.id} cannot be presented: ${describeContentError(body.error)}`);
  return { ...shown, ...body.value };
}

function presentBody(ctx: RequestContext, target: ContentTarget, pageId: string, options: PageReadOptions) {
  const doc = ctx.docs.load(pageDoc(target.space.id, target.branch, pageId));
  const evaluated = options.evaluated === 'true' || options.evaluated === 'deterministic-only';
  const dereferenced = options.dereferenced === 'true';
  if (!evaluated && !dereferenced) return presentPageBody(doc, options.format);
  const document = transformedDocument(ctx, target, pageId, doc, options);
  if (!document.ok) return document;
  if (options.format !== 'markdown') return ok({ document: document.value });
  const markdown = documentToMarkdown(dereferenced ? resolvedLinksAsUrls(document.value) : document.value);
  return markdown.ok ? ok({ markdown: markdown.value }) : markdown;
}

function transformedDocument(ctx: RequestContext, target: ContentTarget, pageId: string, doc: Y.Doc, options: PageReadOptions): Result<DocumentJson> {
  const read = pmToDocument(readBody(doc));
  if (!read.ok) return read;
  let document = read.value;
  if (options.evaluated === 'true' || options.evaluated === 'deterministic-only') {
    document = evaluateDocument(document, SCOPE, options.evaluated === 'deterministic-only');
  }
  if (options.dereferenced === 'true') document = dereferenceDocument(document, (ref) => resolveRef(ctx, target, pageId, ref));
  return ok(document);
}

/**
 * What a reference to this space's content names, in the branch read: a page (`page`, or the
 * page of an `anchor`, this one when it names none) as the page reads give it without its
 * children, or a file as the file reads give it; null when it names nothing there. References to
 * other spaces, URLs, users and the rest are left as they are.
 */
function resolveRef(ctx: RequestContext, target: ContentTarget, pageId: string, ref: ContentRef): unknown {
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
function resolvedLinksAsUrls(document: DocumentJson): DocumentJson {
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

/** A page list or a revision as `metadata` asks: `false` leaves out every page's edit times. */
export function pagesAsAsked<T extends { pages: PageJson[] } | Failure>(answer: T, metadata: boolean | undefined): T {
  if (metadata !== false || isFailure(answer)) return answer;
  return { ...answer, pages: answer.pages.map(withoutMetadata) };
}

/** `metadata=false`: the page and its children without what changes as it is edited (`createdAt`, `updatedAt`). */
function withoutMetadata(page: PageJson): PageJson {
  const { createdAt: _created, updatedAt: _updated, ...rest } = page;
  if (!('pages' in rest)) return rest as PageJson;
  return { ...rest, pages: (rest.pages as PageJson[]).map(withoutMetadata) } as PageJson;
}
