import { pageHref, type LinkStyle, type SitePlace } from './addresses.js';
import type { PublishedSpace, SiteMap } from './site-map.js';
import type { SitePage, SpaceContent } from './space-pages.js';

/** What rendering one page of a site needs: the visitor's site map, the content, and where the page is. */
export interface RenderContext {
  map: SiteMap;
  style: LinkStyle;
  /** Unlisted sites ask search engines not to index them. */
  noindex: boolean;
  contentOf(space: PublishedSpace): SpaceContent;
  /** The place of the page being rendered; every address is relative to it. */
  from: SitePlace;
}

export function placeOfPage(space: PublishedSpace, page: SitePage): SitePlace {
  return [...space.place, ...page.place];
}

/** The address of another place of the site, from the page being rendered. */
export function hrefTo(context: RenderContext, place: SitePlace): string {
  return pageHref(context.from, place, context.style);
}

/** A link page's address: its URL, or the page of the space it points to. */
export function linkTarget(context: RenderContext, space: PublishedSpace, page: SitePage): string | undefined {
  const target = (page.target ?? {}) as { kind?: unknown; url?: unknown; page?: unknown };
  if (target.kind === 'url' && typeof target.url === 'string') return target.url;
  const linked = target.kind === 'page' && typeof target.page === 'string' ? context.contentOf(space).page(target.page) : undefined;
  return linked && hrefTo(context, placeOfPage(space, linked));
}
