import { activeRole, findMembership } from '../../domain/access/membership.js';
import { referencePages, type ReferencePage } from '../../services/openapi-reference/pages.js';
import { badRequest, conflict, forbidden } from '../../core/pipeline/failure.js';
import { can } from '../../domain/openapi-specs/rules.js';
import { findSpec, latestVersion } from '../../domain/openapi-specs/sql.js';
import type { GeneratedTemplate, TemplatePage } from './catalog.js';

const FIELD = 'body.params.contentRefs.spec';

/**
 * API-reference pages from an OpenAPI spec of the space's organization, named by
 * `params.contentRefs.spec` (`{kind: "openapi", spec: <slug>}`): an overview page with one page per
 * tag under it, each a computed page whose `computed` field names the spec and what it shows.
 * They are made from the spec's latest version, and follow its newer ones (docs/openapi-specs.md).
 */
export const openapiReferenceTemplate: GeneratedTemplate = {
  id: 'openapi-reference',
  contentRefs: ['spec'],
  pagesFor(ctx, target, refs) {
    const ref = refs.spec;
    if (!ref || ref.kind !== 'openapi' || typeof ref.spec !== 'string') {
      return badRequest(`${FIELD}: the template openapi-reference needs an OpenAPI spec reference, {kind: "openapi", spec: <slug>}`);
    }
    const organizationId = target.space.organization_id;
    if (!can.view(activeRole(findMembership(ctx.db, organizationId, ctx.actor.id)))) return forbidden('Your role does not allow reading the OpenAPI specs of this organization');
    const spec = findSpec(ctx.db, organizationId, ref.spec);
    if (!spec) return badRequest(`${FIELD}: no OpenAPI specification "${ref.spec}" in the organization`);
    const version = latestVersion(ctx.db, spec.id);
    if (!version) return conflict(`${FIELD}: the OpenAPI specification "${spec.slug}" has no version yet (processingState ${spec.processing_state})`);
    return [toTemplatePage(referencePages(spec.slug, JSON.parse(version.document) as Record<string, unknown>))];
  },
};

function toTemplatePage(page: ReferencePage): TemplatePage {
  return { title: page.title, markdown: page.markdown, computed: page.computed, pages: page.pages.map(toTemplatePage) };
}
