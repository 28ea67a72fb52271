import { createHash } from 'node:crypto';
import { sections, type PmNodeJson } from '../../../src-shared/content/index.js';
import { refOf, type LinkRef } from '../../../src-shared/content/link-refs.js';

export interface BodyLink {
  kind: 'url' | 'page' | 'file' | 'anchor';
  /** A URL, a page id, a file id, or for an anchor `pageId#anchor` (`#anchor`: on the page itself). */
  target: string;
}

/** What the projections keep of a body: its hash, its search sections, the links it holds. */
export function bodyFacts(body: PmNodeJson) {
  return {
    hash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
    sections: sections(body),
    links: bodyLinks(body),
  };
}

/** Links of a body: URL marks, file blocks, and the page and file references opaque blocks hold. */
export function bodyLinks(body: PmNodeJson): BodyLink[] {
  const found = new Map<string, BodyLink>();
  const add = (link: BodyLink) => found.set(`${link.kind} ${link.target}`, link);
  const visit = (node: PmNodeJson) => {
    for (const mark of node.marks ?? []) {
      if (mark.type === 'link' && typeof mark.attrs?.href === 'string') add(linkOf(refOf(mark.attrs.href)));
    }
    if (node.type === 'file' && typeof node.attrs?.fileId === 'string') add({ kind: 'file', target: node.attrs.fileId });
    if (node.type === 'opaque') referencesIn(node.attrs?.block, add);
    node.content?.forEach(visit);
  };
  visit(body);
  return [...found.values()];
}

function linkOf(ref: LinkRef): BodyLink {
  switch (ref.kind) {
    case 'url':
      return { kind: 'url', target: ref.url };
    case 'page':
      return { kind: 'page', target: ref.page };
    case 'file':
      return { kind: 'file', target: ref.file };
    case 'anchor':
      return { kind: 'anchor', target: `${ref.page ?? ''}#${ref.anchor}` };
  }
}

/** Content references (`{kind: 'page', page}`, `{kind: 'file', file}`, `{kind: 'anchor', anchor, page?}`) anywhere in a verbatim block. */
function referencesIn(value: unknown, add: (link: BodyLink) => void): void {
  if (Array.isArray(value)) return value.forEach((item) => referencesIn(item, add));
  if (typeof value !== 'object' || value === null) return;
  const object = value as Record<string, unknown>;
  if (object.kind === 'page' && typeof object.page === 'string') add({ kind: 'page', target: object.page });
  if (object.kind === 'file' && typeof object.file === 'string') add({ kind: 'file', target: object.file });
  if (object.kind === 'anchor' && typeof object.anchor === 'string') {
    add({ kind: 'anchor', target: `${typeof object.page === 'string' ? object.page : ''}#${object.anchor}` });
  }
  for (const child of Object.values(object)) referencesIn(child, add);
}
