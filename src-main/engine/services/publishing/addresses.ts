/**
 * Addresses inside a published site. A place is the path segments from the site's root; a page
 * is a directory (`…/page/`), so relative links resolve the same served over HTTP and opened from
 * disk, where a directory has no index and links name `index.html` (`file` style).
 */

export type SitePlace = readonly string[];
export type LinkStyle = 'served' | 'file';

/** The address of the page at `to`, seen from the page at `from`. */
export function pageHref(from: SitePlace, to: SitePlace, style: LinkStyle): string {
  const path = relative(from, to).map((segment) => `${segment}/`).join('');
  if (style === 'file') return `${path}index.html`;
  return path === '' ? './' : path;
}

/** The address of a file (a stylesheet, a published file) at `to`, seen from the page at `from`. */
export function fileHref(from: SitePlace, to: SitePlace): string {
  return relative(from, to).join('/');
}

function relative(from: SitePlace, to: SitePlace): string[] {
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  return [...Array<string>(from.length - common).fill('..'), ...to.slice(common).map(encodeURIComponent)];
}

/** The place a request path names below the site's root; undefined when a segment is not valid percent-encoding. */
export function placeOf(path: string): string[] | undefined {
  try {
    return path.split('/').filter((segment) => segment !== '').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** Where the site keeps what is not a page: its stylesheet and scripts, and the spaces' files. */
export const ASSETS = '~assets';
export const FILES = '~files';
