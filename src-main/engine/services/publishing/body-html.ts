import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { BodyLinks } from './body-links.js';
import { attr, escapeHtml } from './html.js';
import { inlineHtml, link } from './inline-html.js';
import { opaqueHtml } from './opaque-html.js';

/**
 * A page body (the content model's ProseMirror JSON) as semantic HTML. Headings start at `<h2>`:
 * the page title is the page's `<h1>`. Each heading carries its block id as `id`, which search
 * results link to. Pages work without scripts: an expandable is a `<details>`, tabs are sections
 * one after the other, each titled, an embed is a link card (the site never loads the address),
 * and math is its TeX source.
 */
export function bodyHtml(body: PmNodeJson, links: BodyLinks): string {
  return blocks(body.content, links);
}

function blocks(nodes: readonly PmNodeJson[] | undefined, links: BodyLinks): string {
  return (nodes ?? []).map((node) => blockHtml(node, links)).join('\n');
}

function blockHtml(node: PmNodeJson, links: BodyLinks): string {
  const attrs = node.attrs ?? {};
  const inner = () => blocks(node.content, links);
  switch (node.type) {
    case 'paragraph':
      return `<p>${inlineHtml(node.content, links)}</p>`;
    case 'heading': {
      const tag = `h${Number(attrs.level ?? 1) + 1}`;
      return `<${tag}${attr('id', attrs.id as string | null)}>${inlineHtml(node.content, links)}</${tag}>`;
    }
    case 'bullet_list':
      return `<ul>\n${inner()}\n</ul>`;
    case 'ordered_list':
      return `<ol${Number(attrs.start ?? 1) === 1 ? '' : attr('start', Number(attrs.start))}>\n${inner()}\n</ol>`;
    case 'list_item':
      return `<li>${inner()}</li>`;
    case 'task_list':
      return `<ul class="tasks">\n${inner()}\n</ul>`;
    case 'task_item':
      return taskItem(node, links);
    case 'code_block':
      return codeBlock(node);
    case 'quote':
      return `<blockquote>\n${inner()}\n</blockquote>`;
    case 'hint':
      return `<div class="hint hint-${escapeHtml(String(attrs.style ?? 'info'))}" role="note">\n${inner()}\n</div>`;
    case 'table':
      return table(node, links);
    case 'image':
      return image(node, links);
    case 'file':
      return file(node, links);
    case 'divider':
      return '<hr>';
    case 'expandable':
      return expandable(node, links);
    case 'tabs':
      return `<div class="tabs">\n${inner()}\n</div>`;
    case 'tab':
      return tab(node, links);
    case 'embed':
      return embed(node);
    case 'math':
      return `<div class="math"><code class="language-tex">${escapeHtml(String(attrs.formula ?? ''))}</code></div>`;
    case 'opaque':
      return opaqueHtml(attrs.block, links);
    default:
      return '';
  }
}

function taskItem(node: PmNodeJson, links: BodyLinks): string {
  const checked = node.attrs?.checked === true;
  const [first, ...rest] = node.content ?? [];
  const box = `<input type="checkbox" disabled${checked ? ' checked' : ''}>`;
  const line = first ? `<label>${box} ${inlineHtml(first.content, links)}</label>` : box;
  return `<li class="task${checked ? ' done' : ''}">${line}${rest.length ? `\n${blocks(rest, links)}` : ''}</li>`;
}

function codeBlock(node: PmNodeJson): string {
  const language = String(node.attrs?.language ?? '');
  const code = (node.content ?? []).map((text) => text.text ?? '').join('');
  const label = language ? attr('data-language', language) : '';
  return `<pre${label}><code${language ? attr('class', `language-${language}`) : ''}>${escapeHtml(code)}</code></pre>`;
}

function table(node: PmNodeJson, links: BodyLinks): string {
  const children = node.content ?? [];
  const headers = children.filter((child) => child.type === 'table_header');
  const rows = children.filter((child) => child.type === 'table_row');
  const aligns = headers.map((header) => String(header.attrs?.align ?? 'left'));
  const alignment = (column: number) => (aligns[column] && aligns[column] !== 'left' ? attr('class', `align-${aligns[column]}`) : '');
  const head = headers.map((header, column) => `<th${alignment(column)}>${inlineHtml(header.content, links)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${(row.content ?? []).map((cell, column) => `<td${alignment(column)}>${inlineHtml(cell.content, links)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="table"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

function image(node: PmNodeJson, links: BodyLinks): string {
  const src = links.image(String(node.attrs?.src ?? ''));
  const alt = String(node.attrs?.alt ?? '');
  const caption = String(node.attrs?.caption ?? '');
  const picture = src === undefined ? `<span class="missing">${escapeHtml(alt)}</span>` : `<img${attr('src', src)}${attr('alt', alt)}>`;
  return `<figure>${picture}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
}

function file(node: PmNodeJson, links: BodyLinks): string {
  const target = links.file(String(node.attrs?.fileId ?? ''));
  const caption = String(node.attrs?.caption ?? '');
  const name = target ? `<a${attr('href', target.href)} download>${escapeHtml(target.name)}</a>` : '<span class="missing">a file that is not published</span>';
  return `<figure class="file">${name}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
}

function expandable(node: PmNodeJson, links: BodyLinks): string {
  const [title, ...body] = node.content ?? [];
  return `<details class="expandable"><summary>${inlineHtml(title?.content, links)}</summary>\n${blocks(body, links)}\n</details>`;
}

/** A tab as a section labelled by its title, so that the tabs read in order, each under its name. */
function tab(node: PmNodeJson, links: BodyLinks): string {
  const id = node.attrs?.id as string | null | undefined;
  const titleId = id ? `tab-${id}` : null;
  const title = `<p class="tab-title"${attr('id', titleId)}>${escapeHtml(String(node.attrs?.title ?? ''))}</p>`;
  return `<section class="tab"${attr('aria-labelledby', titleId)}>${title}\n${blocks(node.content, links)}\n</section>`;
}

function embed(node: PmNodeJson): string {
  const url = String(node.attrs?.url ?? '');
  return `<figure class="embed">${link(escapeHtml(url), url)}</figure>`;
}
