/**
 * What a link mark points at. The mark keeps one `href`; a link to a page, an anchor of a page or a
 * file of the space is written there as a `folio:` address, so that every representation that
 * carries the href (Yjs, Markdown) carries the reference, and the `Document` gets its
 * `{kind: 'page' | 'anchor' | 'file'}` ref back.
 */
export type LinkRef =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page?: string }
  | { kind: 'file'; file: string };

const PAGE = 'folio:page/';
const FILE = 'folio:file/';

export function hrefOf(ref: LinkRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'page':
      return PAGE + ref.page;
    case 'anchor':
      return `${PAGE}${ref.page ?? ''}#${ref.anchor}`;
    case 'file':
      return FILE + ref.file;
  }
}

export function refOf(href: string): LinkRef {
  if (href.startsWith(FILE)) return { kind: 'file', file: href.slice(FILE.length) };
  if (!href.startsWith(PAGE)) return { kind: 'url', url: href };
  const rest = href.slice(PAGE.length);
  const hash = rest.indexOf('#');
  if (hash === -1) return { kind: 'page', page: rest };
  const page = rest.slice(0, hash);
  return { kind: 'anchor', anchor: rest.slice(hash + 1), ...(page ? { page } : {}) };
}
