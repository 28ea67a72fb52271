import type { pdf } from '../../../../src-shared/contract/pdf.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, type Handlers } from '../../core/pipeline/index.js';
import { MAIN, changeRequestBranch, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { requireChangeRequest } from '../../domain/change-requests/rules.js';
import { requireSpace } from '../../domain/spaces/rules.js';
import { signedPdfUrl } from '../../domain/pdf/claims.js';
import { can, requirePage } from '../../domain/pdf/rules.js';

/** The PDF itself is rendered when its URL is opened (`download.ts`); these hand out that URL. */
export const pdfHandlers: Handlers<typeof pdf> = {
  getChangeRequestPDF(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    return pdfUrl(ctx, access.row.id, changeRequestBranch(changeRequest.id), query);
  },

  getSpacePDF(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    return pdfUrl(ctx, access.row.id, MAIN, query);
  },
};

function pdfUrl(ctx: RequestContext, spaceId: string, branch: Branch, query: { page?: string; only?: boolean }) {
  if (query.page !== undefined) {
    const missing = requirePage(ctx, spaceId, branch, query.page);
    if (missing) return missing;
  }
  const url = signedPdfUrl(ctx.urls, {
    user: ctx.actor.id,
    space: spaceId,
    ...(branch.kind === 'change-request' ? { changeRequest: branch.changeRequestId } : {}),
    ...(query.page !== undefined ? { page: query.page, only: query.only ?? false } : {}),
    issued: Date.parse(ctx.now),
  });
  return { url };
}
