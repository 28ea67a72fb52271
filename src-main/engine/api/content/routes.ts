import type { content } from '../../../../src-shared/contract/content.js';
import type { Handlers } from '../../core/pipeline/index.js';
import { pagesAsAsked } from '../../domain/content/page-read-options.js';
import { contentWrite } from '../../domain/content/write.js';
import { requireChangeRequestContent, requireSpaceContent } from '../../domain/content/rules.js';
import { download, fileOf, filesPage, pageAt, pageOf, pagesOf, revisionOf } from '../../domain/content/reads.js';

export const contentHandlers: Handlers<typeof content> = {
  getCurrentRevision: (ctx, { params, query }) => pagesAsAsked(revisionOf(ctx, requireSpaceContent(ctx, params.spaceId)), query.metadata),
  listPages: (ctx, { params, query }) => pagesAsAsked(pagesOf(ctx, requireSpaceContent(ctx, params.spaceId)), query.metadata),
  listFiles: (ctx, { params, query }) => filesPage(ctx, requireSpaceContent(ctx, params.spaceId), query),
  getFileById: (ctx, { params }) => fileOf(ctx, requireSpaceContent(ctx, params.spaceId), params.fileId),
  downloadFile: (ctx, { params }) => download(ctx, requireSpaceContent(ctx, params.spaceId), params.fileId),
  getPageById: (ctx, { params, query }) => pageOf(ctx, requireSpaceContent(ctx, params.spaceId), params.pageId, query),
  getPageByPath: (ctx, { params, query }) => pageAt(ctx, requireSpaceContent(ctx, params.spaceId), params.pagePath, query),

  getRevisionOfChangeRequestById: (ctx, { params, query }) =>
    pagesAsAsked(revisionOf(ctx, requireChangeRequestContent(ctx, params)), query.metadata),
  listPagesInChangeRequest: (ctx, { params, query }) => pagesAsAsked(pagesOf(ctx, requireChangeRequestContent(ctx, params)), query.metadata),
  listFilesInChangeRequestById: (ctx, { params, query }) => filesPage(ctx, requireChangeRequestContent(ctx, params), query),
  getFileInChangeRequestById: (ctx, { params }) => fileOf(ctx, requireChangeRequestContent(ctx, params), params.fileId),
  downloadFileInChangeRequest: (ctx, { params }) => download(ctx, requireChangeRequestContent(ctx, params), params.fileId),
  getPageInChangeRequestById: (ctx, { params, query }) =>
    pageOf(ctx, requireChangeRequestContent(ctx, params), params.pageId, query),
  getPageInChangeRequestByPath: (ctx, { params, query }) =>
    pageAt(ctx, requireChangeRequestContent(ctx, params), params.pagePath, query),

  updateChangeRequestContent: (ctx, { params, query, body }) => contentWrite(ctx, params, body.changes, query.compat),
};
