import { rowsBranch } from './projection-sql.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, isFailure, type Failure } from '../../core/pipeline/failure.js';
import { requireChangeRequest } from '../change-requests/rules.js';
import { can, requireSpace } from '../spaces/rules.js';
import { blobBytes, fileOfBranch } from './sql.js';

const DOWNLOAD = /^\/v1\/spaces\/([A-Za-z0-9_-]+)\/(?:change-requests\/([A-Za-z0-9_-]+)\/)?content\/files\/([A-Za-z0-9_-]+)\/download$/;

/**
 * The bytes behind a file URL given to `insert_files`: only a Folio `downloadURL` on this engine's
 * loopback origin, for a file the caller may read. Anything else is refused (a 400 on the field).
 */
export function sourceFileAt(ctx: RequestContext, url: string): { bytes: Buffer; contentType: string } | Failure {
  const parsed = new URL(url);
  const match = DOWNLOAD.exec(parsed.pathname);
  if (parsed.origin !== ctx.urls.origin || !match) return badRequest("only the downloadURL of a file Folio serves on this loopback address can be read");
  const [, spaceId, changeRequestId, fileId] = match;
  const access = requireSpace(ctx, spaceId!, can.view, 'readable');
  if (isFailure(access)) return badRequest('the file is not readable');
  let branch = 'main';
  if (changeRequestId) {
    const cr = requireChangeRequest(ctx, access.row.id, changeRequestId);
    if (isFailure(cr)) return badRequest('the file is not readable');
    branch = rowsBranch(ctx.db, access.row.id, cr.id);
  }
  const file = fileOfBranch(ctx.db, access.row.id, branch, fileId!);
  const bytes = file && blobBytes(ctx.db, file.blob);
  if (!file || !bytes) return badRequest('no such file');
  return { bytes, contentType: file.content_type };
}
