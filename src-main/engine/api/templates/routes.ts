import type { templates } from '../../../../src-shared/contract/templates.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, conflict, isFailure, type Failure } from '../../core/pipeline/failure.js';
import type { Handlers } from '../../core/pipeline/index.js';
import { requireSpaceContent, requireWritableChangeRequest, type ContentTarget } from '../../domain/content/rules.js';
import { can, requireSpace } from '../../domain/spaces/rules.js';
import { applyTemplate } from './apply.js';
import { findTemplate, TEMPLATES } from './catalog.js';

export const templatesHandlers: Handlers<typeof templates> = {
  applyTemplateToSpace(ctx, { params, body }) {
    const template = findTemplate(body.id);
    if (!template) return badRequest(`body.id: no built-in template "${body.id}"; the templates are ${TEMPLATES.map((t) => t.id).join(', ')}`);
    const target = body.changeRequestId === undefined
      ? writableMain(ctx, params.spaceId)
      : requireWritableChangeRequest(ctx, { spaceId: params.spaceId, changeRequestId: body.changeRequestId });
    if (isFailure(target)) return target;
    return applyTemplate(ctx, target, template, body.params?.contentRefs ?? {});
  },
};

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
