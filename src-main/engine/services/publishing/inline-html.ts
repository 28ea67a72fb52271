import type { PmMarkJson, PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { refOf } from '../../../../src-shared/content/link-refs.js';
import { type BodyLinks, refHref } from './body-links.js';
import { attr, escapeHtml, safeHref } from './html.js';

export const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', strikethrough: 's', code: 'code' };

/** The inline content of a text block: each text in its marks, the link outermost (the schema's mark order). */
export function inlineHtml(nodes: readonly PmNodeJson[] | undefined, links: BodyLinks): string {
  return (nodes ?? []).map((node) => (node.type === 'text' ? markedText(node.text ?? '', node.marks ?? [], links) : '')).join('');
}

function markedText(text: string, marks: readonly PmMarkJson[], links: BodyLinks): string {
  return [...marks].reverse().reduce((inner, mark) => wrap(inner, mark, links), escapeHtml(text));
}

/** A link mark's href may be a `folio:` reference to a page, anchor or file, published at its own address. */
function wrap(inner: string, mark: PmMarkJson, links: BodyLinks): string {
  if (mark.type === 'link') return link(inner, refHref(refOf(String(mark.attrs?.href ?? '')), links));
  const tag = MARK_TAGS[mark.type];
  return tag ? `<${tag}>${inner}</${tag}>` : inner;
}

/** A link whose address is not one a browser may follow keeps its text and loses the link. */
export function link(innerHtml: string, href: string | undefined): string {
  const safe = href === undefined ? undefined : safeHref(href);
  if (safe === undefined || safe === '') return innerHtml;
  const external = /^https?:/i.test(safe);
  return `<a${attr('href', safe)}${external ? ' rel="noopener noreferrer"' : ''}>${innerHtml}</a>`;
}
