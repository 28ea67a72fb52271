import { type BodyLinks, refHref } from './body-links.js';
import { attr, escapeHtml } from './html.js';
import { link, MARK_TAGS } from './inline-html.js';

/**
 * A block the content model keeps verbatim (`opaque`: the API `Document` block as it came) as HTML:
 * its text with marks, its links (a link to a page becomes that page's published address), its
 * nested blocks. Types without an HTML counterpart become a `div` named after the type.
 */

const TAGS: Record<string, string> = {
  paragraph: 'p', 'heading-1': 'h2', 'heading-2': 'h3', 'heading-3': 'h4', 'list-unordered': 'ul', 'list-ordered': 'ol',
  'list-tasks': 'ul', 'list-item': 'li', blockquote: 'blockquote', divider: 'hr',
};

type Json = Record<string, unknown>;

export function opaqueHtml(block: unknown, links: BodyLinks): string {
  return nodeHtml(block, links);
}

function nodeHtml(value: unknown, links: BodyLinks): string {
  if (typeof value !== 'object' || value === null) return '';
  const node = value as Json;
  switch (node.object) {
    case 'block':
      return blockHtml(node, links);
    case 'inline':
      return inlineHtml(node, links);
    case 'text':
      return listOf(node.leaves).map(leafHtml).join('');
    default:
      return childrenHtml(node, links);
  }
}

function blockHtml(node: Json, links: BodyLinks): string {
  const type = typeof node.type === 'string' ? node.type : 'block';
  const tag = TAGS[type] ?? 'div';
  if (tag === 'hr') return '<hr>';
  const className = TAGS[type] ? '' : attr('class', `block block-${type}`);
  return `<${tag}${className}>${childrenHtml(node, links)}</${tag}>`;
}

function childrenHtml(node: Json, links: BodyLinks): string {
  return [...listOf(node.nodes), ...listOf(node.fragments)].map((child) => nodeHtml(child, links)).join('');
}

function inlineHtml(node: Json, links: BodyLinks): string {
  const inner = childrenHtml(node, links);
  return node.type === 'link' ? link(inner, hrefOf((node.data as Json | undefined)?.ref, links)) : inner;
}

/** An opaque link's `data.ref`, checked field by field: it comes from stored JSON. */
function hrefOf(ref: unknown, links: BodyLinks): string | undefined {
  if (typeof ref !== 'object' || ref === null) return undefined;
  const { kind, url, page, file, anchor } = ref as Json;
  if (kind === 'url' && typeof url === 'string') return refHref({ kind, url }, links);
  if (kind === 'page' && typeof page === 'string') return typeof anchor === 'string' ? refHref({ kind: 'anchor', page, anchor }, links) : refHref({ kind, page }, links);
  if (kind === 'file' && typeof file === 'string') return refHref({ kind, file }, links);
  if (kind === 'anchor' && typeof anchor === 'string') return refHref({ kind, anchor }, links);
  return undefined;
}

function leafHtml(leaf: unknown): string {
  const { text, marks } = (leaf ?? {}) as Json;
  const types = listOf(marks).map((mark) => (mark as Json | null)?.type);
  return types.reduce<string>((inner, type) => {
    const tag = typeof type === 'string' ? MARK_TAGS[type] : undefined;
    return tag ? `<${tag}>${inner}</${tag}>` : inner;
  }, escapeHtml(typeof text === 'string' ? text : ''));
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
