import type { templates } from '../../../../src-shared/contract/templates.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, conflict, isFailure, type Failure } from '../../core/pipeline/failure.js';
import type { Handlers } from '../../core/pipeline/index.js';
import { requireSpaceContent, requireWritableChangeRequest, type ContentTarget } from '../../domain/content/rules.js';
import { can, requireSpace } from '../../domain/spaces/rules.js';
import type { OperationInput } from '../../../../src-shared/contract/operation.js';
import { LaterWrite } from '../../core/pipeline/later.js';
import { readInWorkers } from '../../domain/content/request-reading.js';
import { applyTemplate, templateContent, templateMarkdown } from './apply.js';
import { findTemplate, TEMPLATES, type Template } from './catalog.js';

type ApplyInput = OperationInput<typeof templates.applyTemplateToSpace>;

/** Up to this much Markdown in all, a template's pages are read on the loop (a few milliseconds). */
const READ_ON_LOOP_CHARS = 16 * 1024;

export const templatesHandlers: Handlers<typeof templates> = {
  /**
   * A large template's pages (an OpenAPI reference: 26 pages held the loop ~1.2 s) have their
   * Markdown read, and their bodies built, in the worker threads first; the write then runs in a
   * transaction of its own, every check made again, reading on the loop only a text that changed
   * meanwhile. A small one (every static template) is applied at once: the round trip would cost
   * more, and first start applies the welcome template inside its one transaction.
   */
  applyTemplateToSpace(ctx, input) {
    const checked = checkApply(ctx, input);
    if (isFailure(checked)) return checked;
    const refs = input.body.params?.contentRefs ?? {};
    const content = templateContent(ctx, checked.target, checked.template, refs);
    if (isFailure(content)) return content;
    const texts = templateMarkdown(content);
    if (texts.reduce((sum, text) => sum + text.length, 0) <= READ_ON_LOOP_CHARS) return applyTemplate(ctx, checked.target, checked.template.id, content);
    return new LaterWrite(async () => {
      const readMarkdown = await readInWorkers(ctx.workers, texts.map((markdown) => ({ markdown, newPage: true })));
      return (later: RequestContext) => {
        // Everything checked and made again: the space, the spec and the files may have moved meanwhile.
        const again = checkApply(later, input);
        if (isFailure(again)) return again;
        const made = templateContent(later, again.target, again.template, refs);
        return isFailure(made) ? made : applyTemplate({ ...later, readMarkdown }, again.target, again.template.id, made);
      };
    });
  },
};

/** The template named, and the content it goes into if the caller may write there. */
function checkApply(ctx: RequestContext, { params, body }: ApplyInput): { template: Template; target: ContentTarget } | Failure {
  const template = findTemplate(body.id);
  if (!template) return badRequest(`body.id: no built-in template "${body.id}"; the templates are ${TEMPLATES.map((t) => t.id).join(', ')}`);
  const target = body.changeRequestId === undefined
    ? writableMain(ctx, params.spaceId)
    : requireWritableChangeRequest(ctx, { spaceId: params.spaceId, changeRequestId: body.changeRequestId });
  return isFailure(target) ? target : { template, target };
}

/**
 * Main content takes a template directly when the space is live (its editors edit main), as
 * docs/search.md says; a locked space takes none (409, like every content write).
 */
function writableMain(ctx: RequestContext, spaceId: string): ContentTarget | Failure {
  const access = requireSpace(ctx, spaceId, can.edit);
  if (isFailure(access)) return access;
  if (access.row.edit_mode === 'locked') return conflict('editMode: the space is locked and its content cannot be changed');
  return requireSpaceContent(ctx, spaceId);
}
