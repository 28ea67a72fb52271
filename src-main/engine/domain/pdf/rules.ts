import type { RequestContext } from '../../core/pipeline/context.js';
import { notFound, type Failure } from '../../core/pipeline/failure.js';
import { treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { can as spaceCan } from '../spaces/rules.js';

/** Reading content is all a PDF of it takes. */
export const can = { view: spaceCan.view };

/** A page of the branch's tree, or a 404 naming it. */
export function requirePage(ctx: Pick<RequestContext, 'docs'>, spaceId: string, branch: Branch, pageId: string): Failure | undefined {
  const pages = ctx.docs.load(treeDoc(spaceId, branch)).getMap('pages');
  return pages.has(pageId) ? undefined : notFound('No matching page found for given ID');
}
