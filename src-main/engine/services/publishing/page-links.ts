import { FILES, fileHref } from './addresses.js';
import type { BodyLinks } from './body-links.js';
import { safeImageSource } from './html.js';
import { hrefTo, placeOfPage, type RenderContext } from './render-context.js';
import type { PublishedSpace } from './site-map.js';

/**
 * A space file's download address as the API gives it (`downloadURL`, of main or of the change
 * request the image was added in), on any port: the file, once merged, is main's.
 */
const DOWNLOAD = /\/v1\/spaces\/([A-Za-z0-9_-]+)\/(?:change-requests\/[A-Za-z0-9_-]+\/)?content\/files\/([A-Za-z0-9_-]+)\/download$/;

/** Where a published file is: under the site's files, by space and file id, with a name safe on any disk. */
export function filePlace(spaceId: string, fileId: string, name: string): string[] {
  const safe = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'file';
  return [FILES, spaceId, fileId, safe];
}

/** A body's references, resolved inside the site space being rendered. */
export function pageLinks(context: RenderContext, space: PublishedSpace): BodyLinks {
  const content = context.contentOf(space);
  const file = (fileId: string) => {
    const row = content.files.get(fileId);
    return row && { href: fileHref(context.from, filePlace(space.spaceId, fileId, row.name)), name: row.name };
  };
  return {
    page: (pageId) => {
      const page = content.page(pageId);
      return page && page.type === 'document' ? hrefTo(context, placeOfPage(space, page)) : undefined;
    },
    file,
    image: (src) => {
      const download = DOWNLOAD.exec(src.split('?')[0] ?? '');
      if (download && download[1] === space.spaceId) return file(download[2]!)?.href;
      return safeImageSource(src);
    },
  };
}
