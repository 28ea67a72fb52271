import { documentToMarkdown, pmToDocument, readBody } from '../../../../src-shared/content/index.js';
import { ok } from '../../../../src-shared/content/result.js';
import { describeContentError, presentPageBody } from './page-body.js';
import { dereferenceDocument } from './document-references.js';
import { evaluateDocument } from './document-evaluation.js';
import type { Scope } from './expressions.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { Failure, isFailure } from '../../core/pipeline/failure.js';
import { Later } from '../../core/pipeline/later.js';
import { pageDoc } from '../../../../src-shared/sync/doc-names.js';
import type { ContentTarget } from './rules.js';
import { resolvedLinksAsUrls, resolveRef } from './page-references.js';
import type { PageJson } from './serialize.js';

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

/**
 * Bodies whose doc's rows weigh more than this are presented in a worker, after the read's
 * transaction (a 10,000-block page's Markdown takes seconds to write out). Weighed by their rows
 * (`DocStore.storedBytes`) rather than by blocks: counting blocks meant building the doc here
 * first (~0.2 s for 2,000 blocks, at load 5).
 */
export const LARGE_BODY_BYTES = 48 * 1024;

/** A page as the read options ask for it: its body for a document page, and its metadata or not. */
export function presentPage(ctx: RequestContext, target: ContentTarget, page: PageJson, options: PageReadOptions): PageJson | Failure | Later<PageJson | Failure> {
  const shown = options.metadata === false ? withoutMetadata(page) : page;
  // `computed=false`: a computed page answers what it is computed from, not the content computed.
  if (shown.type !== 'document' || (shown.computed && options.computed === false)) return shown;
  const body = presentBody(ctx, target, page.id, options);
  const answer = (presented: Exclude<typeof body, Later<unknown>>) =>
    presented.ok ? { ...shown, ...presented.value } : new Failure(500, `page ${page.id} cannot be presented: ${describeContentError(presented.error)}`);
  return body instanceof Later ? new Later(() => body.work().then(answer)) : answer(body);
}

function presentBody(ctx: RequestContext, target: ContentTarget, pageId: string, options: PageReadOptions) {
  const docId = pageDoc(target.space.id, target.branch, pageId);
  const evaluated = options.evaluated === 'true' || options.evaluated === 'deterministic-only';
  const dereferenced = options.dereferenced === 'true';
  if (!evaluated && !dereferenced) {
    // A large body's rows as this transaction sees them, read now; built and presented in a worker once the transaction has ended.
    if (ctx.docs.storedBytes(docId) > LARGE_BODY_BYTES) {
      const rows = ctx.docs.updatesOf(docId);
      return new Later(() => ctx.workers.run('presentPageBody', { rows, format: options.format }, { lane: 'request' }));
    }
    return presentPageBody(ctx.docs.load(docId), options.format);
  }
  const doc = ctx.docs.load(docId);
  const read = pmToDocument(readBody(doc));
  if (!read.ok) return read;
  let document = read.value;
  if (evaluated) document = evaluateDocument(document, SCOPE, options.evaluated === 'deterministic-only');
  if (dereferenced) document = dereferenceDocument(document, (ref) => resolveRef(ctx, target, pageId, ref));
  if (options.format !== 'markdown') return ok({ document });
  const markdown = documentToMarkdown(dereferenced ? resolvedLinksAsUrls(document) : document);
  return markdown.ok ? ok({ markdown: markdown.value }) : markdown;
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
