import { attr, escapeHtml } from './html.js';
import { link } from './inline-html.js';
import { hrefTo, linkTarget, placeOfPage, type RenderContext } from './render-context.js';
import { variantsOf, type NavNode, type PublishedSpace } from './site-map.js';
import type { SitePage } from './space-pages.js';

/** The site's sections, gathered in their groups; the section being read is marked current. */
export function sectionsHtml(context: RenderContext, current: PublishedSpace): string {
  if (context.map.nav.length === 0) return '';
  return `<nav class="sections" aria-label="Sections">${nodesHtml(context, context.map.nav, current)}</nav>`;
}

function nodesHtml(context: RenderContext, nodes: NavNode[], current: PublishedSpace): string {
  const items = nodes.map((node) => {
    if (node.kind === 'group') {
      return `<li class="group"><span>${escapeHtml(node.title)}</span>${nodesHtml(context, node.children, current)}</li>`;
    }
    const here = node.id === current.sectionId ? ' aria-current="true"' : '';
    return `<li><a href="${escapeHtml(hrefTo(context, node.place))}"${here}>${escapeHtml(node.title)}</a></li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

/** The other site spaces of the section (its variants), when there is more than one. */
export function variantsHtml(context: RenderContext, current: PublishedSpace): string {
  const variants = variantsOf(context.map, current);
  if (variants.length < 2) return '';
  const items = variants.map((space) => {
    const here = space.id === current.id ? ' aria-current="true"' : '';
    return `<li><a href="${escapeHtml(hrefTo(context, space.place))}"${here}>${escapeHtml(space.title)}</a></li>`;
  });
  return `<nav class="variants" aria-label="Variants"><ul>${items.join('')}</ul></nav>`;
}

/** The space's page tree: hidden pages left out, groups as headings, links to where they point. */
export function pageTreeHtml(context: RenderContext, space: PublishedSpace, current: SitePage): string {
  const pages = context.contentOf(space).pages.filter((page) => !page.hidden);
  const children = new Map<string | null, SitePage[]>();
  const shown = new Set(pages.map((page) => page.id));
  for (const page of pages) {
    const parent = page.parentId !== null && shown.has(page.parentId) ? page.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  const list = (parent: string | null): string => {
    const items = (children.get(parent) ?? []).map((page) => `<li${attr('class', page.type === 'group' ? 'group' : undefined)}>${entry(context, space, page, current)}${list(page.id)}</li>`);
    return items.length ? `<ul>${items.join('')}</ul>` : '';
  };
  return `<nav class="pages" aria-label="Pages">${list(null)}</nav>`;
}

function entry(context: RenderContext, space: PublishedSpace, page: SitePage, current: SitePage): string {
  const title = escapeHtml(`${page.emoji ? `${page.emoji} ` : ''}${page.title}`);
  if (page.type === 'group') return `<span>${title}</span>`;
  if (page.type === 'link') return link(title, linkTarget(context, space, page));
  const here = page.id === current.id ? ' aria-current="page"' : '';
  return `<a href="${escapeHtml(hrefTo(context, placeOfPage(space, page)))}"${here}>${title}</a>`;
}
