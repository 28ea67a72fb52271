import { ASSETS, fileHref } from './addresses.js';
import { bodyHtml } from './body-html.js';
import { attr, escapeHtml } from './html.js';
import { pageTreeHtml, sectionsHtml, variantsHtml } from './navigation-html.js';
import { pageLinks } from './page-links.js';
import { hrefTo, type RenderContext } from './render-context.js';
import type { PublishedSpace } from './site-map.js';
import type { SitePage } from './space-pages.js';

/** A published page: the site's title and sections, the space's variants and page tree, the page itself. */
export function pageHtml(context: RenderContext, space: PublishedSpace, page: SitePage): string {
  const content = context.contentOf(space);
  const asset = (name: string) => escapeHtml(fileHref(context.from, [ASSETS, name]));
  const title = `${page.title} · ${context.map.title}`;
  const description = page.description ? `<p class="description">${escapeHtml(page.description)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${page.description ? `<meta name="description"${attr('content', page.description)}>\n` : ''}${context.noindex ? '<meta name="robots" content="noindex">\n' : ''}<link rel="icon" href="data:,">
<link rel="stylesheet" href="${asset('site.css')}">
</head>
<body>
<header class="site-header">
<a class="site-title" href="${escapeHtml(hrefTo(context, []))}">${escapeHtml(context.map.title)}</a>
${sectionsHtml(context, space)}
<div class="search" role="search"><input type="search" placeholder="Search" aria-label="Search"><ol class="results"></ol></div>
</header>
<div class="site-body">
<aside>
${variantsHtml(context, space)}
${pageTreeHtml(context, space, page)}
</aside>
<main>
<article>
<h1>${escapeHtml(`${page.emoji ? `${page.emoji} ` : ''}${page.title}`)}</h1>
${description}
${bodyHtml(content.body(page), pageLinks(context, space))}
</article>
</main>
</div>
<script src="${asset('search-index.js')}"></script>
<script src="${asset('search.js')}" data-root="${escapeHtml(hrefTo(context, []).replace(/index\.html$/, ''))}" data-style="${context.style}"></script>
</body>
</html>
`;
}
