import { z } from 'zod';
import { ChangeRequestParams } from './change-requests.js';
import { EntityId, QueryBoolean, Url } from './common.js';
import { defineOperation } from './operation.js';

/** Without `page`, the PDF holds every page; with it, that page and its subpages, or that page alone with `only`. */
const PdfQuery = z.object({
  only: QueryBoolean.optional(),
  page: EntityId.optional(),
});

export const PdfUrl = z
  .object({ url: Url.meta({ description: 'Temporary URL of the PDF, opened without a token. The URL works for 1h.' }) })
  .meta({ id: 'PdfUrl' });

export const pdf = {
  getChangeRequestPDF: defineOperation({
    id: 'getChangeRequestPDF',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
    summary: 'Get a URL of the content of a change request as PDF',
    params: ChangeRequestParams,
    query: PdfQuery,
    success: 200,
    response: PdfUrl,
  }),
  getSpacePDF: defineOperation({
    id: 'getSpacePDF',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/pdf',
    summary: 'Get a URL of the content of a space as PDF',
    params: ChangeRequestParams.pick({ spaceId: true }),
    query: PdfQuery,
    success: 200,
    response: PdfUrl,
  }),
};
