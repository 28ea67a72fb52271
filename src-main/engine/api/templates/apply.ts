import { newId } from '../../core/ids.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, Failure, isFailure } from '../../core/pipeline/failure.js';
import { pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../../domain/revisions/revisions.js';
import { addContributor, updateChangeRequest } from '../../domain/change-requests/sql.js';
import { Batch } from '../../domain/content/batch.js';
import { insertPage } from '../../domain/content/page-changes.js';
import type { ContentTarget } from '../../domain/content/rules.js';
import { fileOfBranch } from '../../domain/content/sql.js';
import { updateRow } from '../../domain/content-tree/rows.js';
import { setPageFields } from '../../domain/content/tree.js';
import type { ContentRefs, Template, TemplatePage } from './catalog.js';

/**
 * Adds a template's pages to the target's content through the change request write path
 * (`Batch`, `insertPage`: the same slugs, positions, bodies and projections as
 * `updateChangeRequestContent`), appended after the pages already at the root, then cuts one
 * `edits` revision: the change request's, or main's (which becomes the space's revision).
 */
export function applyTemplate(ctx: RequestContext, target: ContentTarget, templateId: string, { pages, markdownRefs }: TemplateContent): Failure | undefined {
  const batch = new Batch(ctx, target);
  const failed = insertPages(batch, pages, null, markdownRefs);
  if (failed) return new Failure(500, `template ${templateId} does not apply: ${failed.message}`);
  batch.save();
  commit(ctx, target, [...batch.outcomes.keys()]);
  return undefined;
}

/** The Markdown of every page the template adds, in the order `applyTemplate` adds them: for the worker threads to read first. */
export function templateMarkdown(content: TemplateContent): string[] {
  const texts: string[] = [];
  const visit = (pages: readonly TemplatePage[]) => {
    for (const page of pages) {
      texts.push(pageMarkdown(page, content.markdownRefs));
      visit(page.pages ?? []);
    }
  };
  visit(content.pages);
  return texts;
}

export interface TemplateContent {
  pages: readonly TemplatePage[];
  markdownRefs: ReadonlyMap<string, string>;
}

/** The template's pages for the target, and its content refs as the Markdown that shows them. */
export function templateContent(ctx: RequestContext, target: ContentTarget, template: Template, refs: ContentRefs): TemplateContent | Failure {
  const unknown = Object.keys(refs).find((name) => !template.contentRefs.includes(name));
  if (unknown) return badRequest(`body.params.contentRefs.${unknown}: the template ${template.id} takes ${listed(template.contentRefs)}`);
  const pages = 'pagesFor' in template ? template.pagesFor(ctx, target, refs) : template.pages;
  if (isFailure(pages)) return pages;
  const markdownRefs = 'pagesFor' in template ? new Map<string, string>() : resolveRefs(ctx, target, refs);
  if (isFailure(markdownRefs)) return markdownRefs;
  return { pages, markdownRefs };
}

const pageMarkdown = (page: TemplatePage, refs: ReadonlyMap<string, string>) => page.markdown.replace(/\{\{(\w+)\}\}\n*/g, (_, name: string) => refs.get(name) ?? '');

function insertPages(batch: Batch, pages: readonly TemplatePage[], into: string | null, refs: ReadonlyMap<string, string>): Failure | void {
  for (const page of pages) {
    const ref = `template-${batch.refs.size}`;
    const markdown = pageMarkdown(page, refs);
    const failed = insertPage(batch, 0, { operation: 'insert_page', title: page.title, ref, ...(into ? { into } : {}), document: { markdown } });
    if (failed) return failed;
    const created = [...batch.outcomes.values()].find((outcome) => outcome.object === 'created_page' && outcome.ref === ref)!;
    if (page.computed !== undefined) setPageFields(batch.tree, created.page, { computed: page.computed });
    const children = insertPages(batch, page.pages ?? [], created.page, refs);
    if (children) return children;
  }
}

/** Each content ref as the Markdown that shows it: a file of the content the template goes into. */
function resolveRefs(ctx: RequestContext, target: ContentTarget, refs: ContentRefs): Map<string, string> | Failure {
  const out = new Map<string, string>();
  for (const [name, ref] of Object.entries(refs)) {
    const field = `body.params.contentRefs.${name}`;
    if (ref.kind !== 'file' || typeof ref.file !== 'string') return badRequest(`${field}: must be a file reference, {kind: "file", file}`);
    if (!fileOfBranch(ctx.db, target.space.id, target.rows, ref.file)) return badRequest(`${field}: no file ${ref.file} in the content`);
    out.set(name, `{% file src="${ref.file}" %}{% endfile %}\n\n`);
  }
  return out;
}

const listed = (names: readonly string[]) => (names.length === 0 ? 'no content refs' : `only the content refs ${names.join(', ')}`);

function commit(ctx: RequestContext, target: ContentTarget, pageIds: string[]): void {
  const revision = newId();
  const { space, changeRequest } = target;
  const docIds = [treeDoc(space.id, target.branch), ...pageIds.map((id) => pageDoc(space.id, target.branch, id))];
  const parents = [changeRequest ? changeRequest.revision : space.revision];
  cutRevision(ctx.db, ctx.docs, { id: revision, spaceId: space.id, parents, type: 'edits', docIds, now: ctx.now });
  if (changeRequest) {
    updateChangeRequest(ctx.db, changeRequest.id, { revision, updated_at: ctx.now });
    addContributor(ctx.db, changeRequest.id, ctx.actor.id, ctx.now);
  } else {
    updateRow(ctx.db, 'spaces', space.id, { revision, updated_at: ctx.now });
  }
}
