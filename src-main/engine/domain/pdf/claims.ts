import { z } from 'zod';
import type { Urls } from '../../core/urls.js';

/** How long a PDF's URL works, as the reference service documents it. */
export const PDF_URL_LIFETIME_MS = 60 * 60 * 1000;

/** What a PDF's signed URL grants: whose view of which content, issued when. */
export const PdfClaims = z.object({
  user: z.string(),
  space: z.string(),
  changeRequest: z.string().optional(),
  page: z.string().optional(),
  only: z.boolean().optional(),
  /** Milliseconds since the epoch. */
  issued: z.number(),
});
export type PdfClaims = z.infer<typeof PdfClaims>;

export const PDF_PATH = '/v1/pdf/';

export function signedPdfUrl(urls: Urls, claims: PdfClaims): string {
  return `${urls.origin}${PDF_PATH}${urls.signer.sign(claims)}`;
}
