import type { PmMarkJson, PmNodeJson } from '../../../src-shared/content/pm-json.js';
import { attr, escapeHtml, safeHref } from './html.js';

export const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', strikethrough: 's', code: 'code' };

/** The inline content of a text block: each text in its marks, the link outermost (the schema's mark order). */
export function inlineHtml(nodes: readonly PmNodeJson[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === 'text' ? markedText(node.text ?? '', node.marks ?? []) : '')).join('');
}

function markedText(text: string, marks: readonly PmMarkJson[]): string {
  return [...marks].reverse().reduce((inner, mark) => wrap(inner, mark), escapeHtml(text));
}

function wrap(inner: string, mark: PmMarkJson): string {
  if (mark.type === 'link') return link(inner, String(mark.attrs?.href ?? ''));
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
