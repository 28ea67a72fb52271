import { documentToPm } from '../../src-shared/content/document-in.js';
import { PageBody } from '../content/PageBody.js';

/** An API `Document` (a cluster's summary, an issue's details) drawn for reading. */
export function DocumentText({ document }: { document: unknown }) {
  const body = documentToPm(document);
  return body.ok ? <PageBody body={body.value} /> : null;
}
