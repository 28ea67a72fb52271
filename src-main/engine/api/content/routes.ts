import type { content } from '../../../../src-shared/contract/content.js';
import type { Handlers } from '../../pipeline/index.js';
import { contentWrite } from './write.js';
import { requireChangeRequestContent, requireSpaceContent } from './rules.js';
import { download, fileOf, filesPage, pageAt, pageOf, pagesOf, revisionOf } from './reads.js';

export const contentHandlers: Handlers<typeof content> = {
  getCurrentRevision: (ctx, { params }) => revisionOf(ctx, requireSpaceContent(ctx, params.spaceId)),
  listPages: (ctx, { params }) => pagesOf(ctx, requireSpaceContent(ctx, params.spaceId)),
  listFiles: (ctx, { params, query }) => filesPage(ctx, requireSpaceContent(ctx, params.spaceId), query),
  getFileById: (ctx, { params }) => fileOf(ctx, requireSpaceContent(ctx, params.spaceId), params.fileId),
  downloadFile: (ctx, { params }) => download(ctx, requireSpaceContent(ctx, params.spaceId), params.fileId),
  getPageById: (ctx, { params, query }) => pageOf(ctx, requireSpaceContent(ctx, params.spaceId), params.pageId, query.format),
  getPageByPath: (ctx, { params, query }) => pageAt(ctx, requireSpaceContent(ctx, params.spaceId), params.pagePath, query.format),

  getRevisionOfChangeRequestById: (ctx, { params }) => revisionOf(ctx, requireChangeRequestContent(ctx, params)),
  listPagesInChangeRequest: (ctx, { params }) => pagesOf(ctx, requireChangeRequestContent(ctx, params)),
  listFilesInChangeRequestById: (ctx, { params, query }) => filesPage(ctx, requireChangeRequestContent(ctx, params), query),
  getFileInChangeRequestById: (ctx, { params }) => fileOf(ctx, requireChangeRequestContent(ctx, params), params.fileId),
  downloadFileInChangeRequest: (ctx, { params }) => download(ctx, requireChangeRequestContent(ctx, params), params.fileId),
  getPageInChangeRequestById: (ctx, { params, query }) =>
    pageOf(ctx, requireChangeRequestContent(ctx, params), params.pageId, query.format),
  getPageInChangeRequestByPath: (ctx, { params, query }) =>
    pageAt(ctx, requireChangeRequestContent(ctx, params), params.pagePath, query.format),

  updateChangeRequestContent: (ctx, { params, query, body }) => contentWrite(ctx, params, body.changes, query.compat),
};
