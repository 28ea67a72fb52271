import type { Urls } from '../../core/urls.js';
import type { SiteRow } from './sql.js';

/** The path under the engine's origin where a site is served (docs/sites.md, "Addresses"). */
export function sitePath(siteId: string): string {
  return `/sites/${siteId}/`;
}

/**
 * The published address of a site, or of a section or site space in it (`segments`: the paths
 * of the non-default section and site space on the way). A share-link site's addresses carry
 * its key as `shareKey`; an unpublished site has none.
 */
export function publishedUrl(urls: Urls, site: SiteRow, segments: string[] = []): string | undefined {
  if (site.published !== 1) return undefined;
  const path = sitePath(site.id) + segments.map((segment) => `${encodeURIComponent(segment)}/`).join('');
  const key = site.visibility === 'share-link' ? `?shareKey=${site.share_key}` : '';
  return `${urls.origin}${path}${key}`;
}

/** The segment a section or site space adds to the address: none for the default of its set. */
export function segmentOf(item: { path: string; is_default: number }): string[] {
  return item.is_default === 1 ? [] : [item.path];
}
