import { paginate } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { Failure, isFailure, notFound } from '../../core/pipeline/failure.js';
import { Reply } from '../../core/pipeline/reply.js';
import { presentPage, type PageReadOptions } from './page-read-options.js';
import type { ContentTarget } from './rules.js';
import { nestPages, toFile, toPage, toRevision } from './serialize.js';
import {
  allFilesOfBranch, blobBytes, fileOfBranch, filesOfBranch, findRevision, pageIdByPath, pagesOfBranch, subtreeOf, type ContentFileRow,
} from './sql.js';

type Target = ContentTarget | Failure;

export function revisionOf(ctx: RequestContext, target: Target) {
  if (isFailure(target)) return target;
  const revision = findRevision(ctx.db, target.revisionId);
  if (!revision) return new Failure(500, `revision ${target.revisionId} is missing`);
  const pages = nestPages(ctx, target.place, pagesOfBranch(ctx.db, target.space.id, target.rows));
  return toRevision(ctx, target.place, revision, pages, allFilesOfBranch(ctx.db, target.space.id, target.rows));
}

export function pagesOf(ctx: RequestContext, target: Target) {
  if (isFailure(target)) return target;
  return { pages: nestPages(ctx, target.place, pagesOfBranch(ctx.db, target.space.id, target.rows)) };
}

export function filesPage(ctx: RequestContext, target: Target, request: { page?: string; limit: number }) {
  if (isFailure(target)) return target;
  const page = paginate<ContentFileRow>(ctx.db, filesOfBranch(target.space.id, target.rows), request);
  if (isFailure(page)) return page;
  return { ...page, items: page.items.map((row) => toFile(ctx, target.place, row)) };
}

export function fileOf(ctx: RequestContext, target: Target, fileId: string) {
  if (isFailure(target)) return target;
  const row = findFile(ctx, target, fileId);
  return isFailure(row) ? row : toFile(ctx, target.place, row);
}

/** A file's bytes, as its `downloadURL` serves them: the caller's bearer token, read access to the space. */
export function download(ctx: RequestContext, target: Target, fileId: string) {
  if (isFailure(target)) return target;
  const row = findFile(ctx, target, fileId);
  if (isFailure(row)) return row;
  const bytes = blobBytes(ctx.db, row.blob);
  if (!bytes) return new Failure(500, `the bytes of file ${fileId} are missing`);
  return new Reply(200, new Uint8Array(bytes), {
    'content-type': row.content_type,
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`,
  });
}

export function pageOf(ctx: RequestContext, target: Target, pageId: string, options: PageReadOptions) {
  if (isFailure(target)) return target;
  const rows = subtreeOf(ctx.db, target.space.id, target.rows, pageId);
  const row = rows.find((candidate) => candidate.page_id === pageId);
  if (!row) return notFound('No matching page found for given ID');
  const page = toPage(ctx, target.place, row);
  if ('pages' in page) page.pages = nestPages(ctx, target.place, rows, pageId);
  return presentPage(ctx, target, page, options);
}

export function pageAt(ctx: RequestContext, target: Target, path: string, options: PageReadOptions) {
  if (isFailure(target)) return target;
  // The router has decoded the parameter already; decoding it again threw on `%ED%A0%80` and lost a slug's `%`.
  const pageId = pageIdByPath(ctx.db, target.space.id, target.rows, path.replace(/^\/+|\/+$/g, ''));
  if (!pageId) return notFound('No matching page found for given path');
  return pageOf(ctx, target, pageId, options);
}

function findFile(ctx: RequestContext, target: ContentTarget, fileId: string): ContentFileRow | Failure {
  return fileOfBranch(ctx.db, target.space.id, target.rows, fileId) ?? notFound('No matching file found for given ID');
}
