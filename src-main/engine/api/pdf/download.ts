import { contextFor, failureResponse, type PipelineDeps } from '../../core/pipeline/execute.js';
import { Failure, forbidden, isFailure, notFound } from '../../core/pipeline/failure.js';
import type { ApiResponse } from '../../core/pipeline/request.js';
import { MAIN, changeRequestBranch } from '../../../../src-shared/sync/doc-names.js';
import { branchJob } from '../../services/pdf/branch-pages.js';
import type { PdfJob } from '../../services/pdf/tasks.js';
import { requireChangeRequest } from '../../domain/change-requests/rules.js';
import { requireSpace } from '../../domain/spaces/rules.js';
import { PDF_PATH, PDF_URL_LIFETIME_MS, PdfClaims } from '../../domain/pdf/claims.js';
import { can } from '../../domain/pdf/rules.js';
import { findActor } from '../../domain/pdf/sql.js';

/**
 * Serves the PDF behind a signed URL (`GET /v1/pdf/<token>`), undefined for other paths. No bearer
 * token: the signature stands for the user it was issued to, whose access is checked again now,
 * so a URL stops working when they lose it. The content is read in one snapshot (the docs' state,
 * not their bodies), then read and rendered in a worker thread, off the event loop.
 */
export function pdfDownload(deps: PipelineDeps, pathname: string): Promise<ApiResponse> | undefined {
  if (!pathname.startsWith(PDF_PATH)) return undefined;
  const claims = PdfClaims.safeParse(deps.urls.signer.verify(pathname.slice(PDF_PATH.length)));
  if (!claims.success) return Promise.resolve(failureResponse(forbidden('This PDF link is not valid')));
  if (deps.clock.now().getTime() >= claims.data.issued + PDF_URL_LIFETIME_MS) {
    return Promise.resolve(failureResponse(forbidden('This PDF link has expired; ask for a new one')));
  }
  const content = deps.db.transaction(() => {
    deps.db.noticeExternalChanges();
    return readContent(deps, claims.data);
  }, 'read');
  if (isFailure(content)) return Promise.resolve(failureResponse(content));
  return deps.workers.run('renderPdf', content).then((bytes) => ({
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileName(content.title)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
    body: bytes,
  }));
}

function readContent(deps: PipelineDeps, claims: PdfClaims): PdfJob | Failure {
  const actor = findActor(deps.db, claims.user);
  if (!actor) return forbidden('This PDF link is not valid');
  const ctx = contextFor(deps, actor);
  const access = requireSpace(ctx, claims.space, can.view, 'readable');
  if (isFailure(access)) return access;
  const space = access.row;
  let branch = MAIN;
  let heading = { title: space.title, subtitle: undefined as string | undefined };
  if (claims.changeRequest !== undefined) {
    const changeRequest = requireChangeRequest(ctx, space.id, claims.changeRequest);
    if (isFailure(changeRequest)) return changeRequest;
    branch = changeRequestBranch(changeRequest.id);
    const name = `Change request #${changeRequest.number}`;
    heading = { title: changeRequest.subject || name, subtitle: `${name} of ${space.title}` };
  }
  const read = branchJob(deps.docs, space.id, branch, { page: claims.page, only: claims.only });
  if (!read) return notFound('No matching page found for given ID');
  return { ...heading, date: new Date(claims.issued), pages: read.pages, fileNames: read.fileNames };
}

/** A file name any browser keeps: the title's letters and digits. */
function fileName(title: string): string {
  const base = title.normalize('NFD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${base || 'content'}.pdf`;
}
