import type { LinkRef } from '../../../../src-shared/content/link-refs.js';

/**
 * How a page body's references become addresses in the published site, relative to the page being
 * rendered (so that the same HTML works served and opened from disk).
 */
export interface BodyLinks {
  /** Another page of the site space, or undefined when it is not published. */
  page(pageId: string): string | undefined;
  /** A file of the site space: where its bytes are published, and its name. */
  file(fileId: string): { href: string; name: string } | undefined;
  /** An image address as the body holds it; a space file's download address becomes the published file. */
  image(src: string): string | undefined;
}

/** A content reference's address: a URL as it is, a page, anchor or file of the space where it is published. */
export function refHref(ref: LinkRef, links: BodyLinks): string | undefined {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'page':
      return links.page(ref.page);
    case 'anchor': {
      const page = ref.page === undefined ? '' : links.page(ref.page);
      return page === undefined ? undefined : `${page}#${encodeURIComponent(ref.anchor)}`;
    }
    case 'file':
      return links.file(ref.file)?.href;
  }
}
