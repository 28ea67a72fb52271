import { hrefOf, refOf, type PmNodeJson } from '../../../../../src-shared/content/index.js';
import { isMarkdown, linkPath, pathOfLink, relativeFrom, resolveFrom } from './paths.js';

/**
 * Links between files of a repository and references between pages of a space. On the way in, a
 * relative link to a Markdown file of the repository becomes a page reference, to another file
 * a file reference, anchors kept; on the way out, references become relative paths again. Links
 * that resolve to nothing stay the addresses they were (the links report calls a relative link
 * to a Markdown file `broken`).
 */
export interface RepositoryIndex {
  /** Page id by the repository path of its file. */
  pages: ReadonlyMap<string, string>;
  /** File id by repository path. */
  files: ReadonlyMap<string, string>;
}

export interface SpacePaths {
  /** Repository path of each page's file, by page id. */
  pages: ReadonlyMap<string, string>;
  files: ReadonlyMap<string, string>;
}

const hasScheme = (address: string) => /^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith('//');

/** The reference an address written in the file at `from` names, as a `folio:` address; undefined when it names nothing of the repository. */
export function resolveAddress(address: string, from: string, index: RepositoryIndex): string | undefined {
  if (!address || hasScheme(address) || address.startsWith('#')) return undefined;
  const hash = address.indexOf('#');
  const pathPart = pathOfLink(hash === -1 ? address : address.slice(0, hash));
  const anchor = hash === -1 ? undefined : address.slice(hash + 1);
  const path = resolveFrom(from, pathPart.split('?')[0]!);
  if (path === undefined) return undefined;
  const page = index.pages.get(path) ?? index.pages.get(path ? `${path}/README.md` : 'README.md');
  if (page) return hrefOf(anchor ? { kind: 'anchor', page, anchor } : { kind: 'page', page });
  const file = index.files.get(path);
  if (file && !isMarkdown(path)) return hrefOf({ kind: 'file', file });
  return undefined;
}

/** The relative address, from the file at `from`, of what a `folio:` address names; undefined for other addresses or what has no path. */
export function addressOf(href: string, from: string, paths: SpacePaths): string | undefined {
  const ref = refOf(href);
  switch (ref.kind) {
    case 'page': {
      const path = paths.pages.get(ref.page);
      return path === undefined ? undefined : linkPath(relativeFrom(from, path));
    }
    case 'anchor': {
      if (!ref.page) return `#${ref.anchor}`;
      const path = paths.pages.get(ref.page);
      return path === undefined ? undefined : `${path === from ? '' : linkPath(relativeFrom(from, path))}#${ref.anchor}`;
    }
    case 'file': {
      const path = paths.files.get(ref.file);
      return path === undefined ? undefined : linkPath(relativeFrom(from, path));
    }
    default:
      return undefined;
  }
}

/** A body with every address passed through `map` (undefined keeps it): link marks, image sources, file blocks and references inside opaque blocks. */
export function mapAddresses(body: PmNodeJson, map: (address: string) => string | undefined): PmNodeJson {
  const visit = (node: PmNodeJson): PmNodeJson => {
    let out = node;
    if (node.marks?.some((mark) => mark.type === 'link')) {
      out = { ...out, marks: node.marks.map((mark) => (mark.type === 'link' ? { ...mark, attrs: { ...mark.attrs, href: map(String(mark.attrs?.href ?? '')) ?? mark.attrs?.href } } : mark)) };
    }
    if (node.type === 'image' && typeof node.attrs?.src === 'string') out = { ...out, attrs: { ...out.attrs, src: map(node.attrs.src) ?? node.attrs.src } };
    if (node.type === 'file' && typeof node.attrs?.fileId === 'string') {
      // A file block names a path in a repository and a file id in a space.
      const id = node.attrs.fileId;
      const mapped = map(id) ?? map(hrefOf({ kind: 'file', file: id }));
      if (mapped !== undefined) {
        const ref = refOf(mapped);
        out = { ...out, attrs: { ...out.attrs, fileId: ref.kind === 'file' ? ref.file : mapped } };
      }
    }
    if (node.type === 'opaque') out = { ...out, attrs: { ...out.attrs, block: mapRefs(node.attrs?.block, map) } };
    if (node.content) out = { ...out, content: node.content.map(visit) };
    return out;
  };
  return visit(body);
}

/** `{kind: 'url' | 'page' | 'anchor' | 'file'}` refs anywhere in a verbatim `Document` block, mapped through their addresses. */
function mapRefs(value: unknown, map: (address: string) => string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map));
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  const kind = object.kind;
  if (kind === 'url' || kind === 'page' || kind === 'anchor' || kind === 'file') {
    const mapped = map(hrefOf(object as never));
    if (mapped !== undefined) return refOf(mapped);
  }
  return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, mapRefs(child, map)]));
}
