import type { RequestContext } from '../../core/pipeline/context.js';
import { Reply } from '../../core/pipeline/reply.js';
import type { SiteRow } from './sql.js';

/** The API address of an item of a site, e.g. `site-spaces/ID`. */
export function siteItemLocation(ctx: RequestContext, site: SiteRow, item: string): string {
  return ctx.urls.api(`/orgs/${site.organization_id}/sites/${site.id}/${item}`);
}

/** A creation answers 201 with the new item's API address in `Location`. */
export function createdAt<T>(body: T, location: string): Reply<T> {
  return new Reply(201, body, { location });
}

/**
 * The answer of a deprecated move: the moved item, with a `Deprecation` header and a link to the
 * structure sort that replaces it (RFC 9745, RFC 8288).
 */
export function deprecatedMove<T>(ctx: RequestContext, site: SiteRow, body: T): Reply<T> {
  const sort = siteItemLocation(ctx, site, 'structure/sort');
  return new Reply(200, body, { deprecation: 'true', link: `<${sort}>; rel="successor-version"` });
}
