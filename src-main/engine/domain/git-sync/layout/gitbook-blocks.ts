import { documentToMarkdown, documentToPm, markdownToDocument, pageSchema, type DocumentBlockJson } from '../../../../../src-shared/content/index.js';
import { summaryLine } from '../../../../../src-shared/content/summary-html.js';
import { embedLine, opaqueComment, readOpaque, tabOpen } from '../../../../../src-shared/content/markdown-dialect.js';

/**
 * The service's Markdown blocks that the page model keeps as `Document` blocks (opaque here):
 * `{% code title %}` around a fence, `{% content-ref url %}` and `{% swagger %}`/`{% openapi %}`.
 * On the way in, each becomes the `Document` block the service has for it (its inner Markdown read
 * as blocks), written as the opaque comment `markdownToPm` reads; on the way out, the comment of
 * such a block is written back in the service's syntax. Hints, files, tabs, embeds, `<details>`
 * expandables and `$$` math are the model's own (docs/content-model.md). An embed's caption
 * (`{% embed %}` … `{% endembed %}`), which the `Document` has no place for, becomes the blocks
 * after the embed: the writer's text is kept, in the page, rather than dropped. The
 * comments of tabs, embeds and expandables the model keeps opaque (a tab holding a table, a
 * full-width embed) are written back in the service's syntax too.
 */

type Block = DocumentBlockJson & Record<string, unknown>;

const TAG = /^ {0,3}\{%\s*([a-z-]+)((?:\s+[a-zA-Z]+="[^"]*")*)\s*%\}\s*$/;
const ATTR = /([a-zA-Z]+)="([^"]*)"/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function attrsOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(ATTR)].map((match) => [match[1]!, match[2]!]));
}

/** Markdown with the service's blocks replaced by opaque comments of their `Document` blocks. */
export function gitbookBlocksIn(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
      out.push(line);
      continue;
    }
    if (opening) {
      fence = opening;
      out.push(line);
      continue;
    }
    const captionEnd = embedCaptionEnd(lines, i);
    if (captionEnd !== -1) {
      out.push(line, '', gitbookBlocksIn(lines.slice(i + 1, captionEnd).join('\n')), '');
      i = captionEnd;
      continue;
    }
    const read = readBlockAt(lines, i);
    if (!read) {
      out.push(htmlConventionsIn(line));
      continue;
    }
    out.push('', opaqueComment(read.block), '');
    i = read.end;
  }
  return out.join('\n');
}

const FIGURE = /^ {0,3}<figure>\s*<img\s+([^>]*?)\/?>\s*(?:<figcaption>\s*(?:<p>)?([\s\S]*?)(?:<\/p>)?\s*<\/figcaption>)?\s*<\/figure>\s*$/i;
const HEADING_ANCHOR = /^( {0,3}#{1,6}\s.*?)\s*<a href="#([^"]*)" id="\2"><\/a>\s*$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

/**
 * The service's two HTML habits, as Markdown the model reads (raw HTML is otherwise kept as text,
 * and would come back escaped once its page is edited): an image written as
 * `<figure><img src alt><figcaption>caption</figcaption></figure>` becomes `![alt](src "caption")`,
 * and the empty anchor it appends to headings (`<a href="#id" id="id"></a>`, which only pins the
 * heading's own anchor) is dropped.
 */
function htmlConventionsIn(line: string): string {
  const figure = FIGURE.exec(line);
  if (figure) {
    const attrs = Object.fromEntries([...figure[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((match) => [match[1]!.toLowerCase(), decode(match[2]!)]));
    const src = attrs.src;
    if (src === undefined || src === '') return line;
    const caption = decode((figure[2] ?? '').replace(/<[^>]*>/g, '')).trim();
    const alt = (attrs.alt ?? '').replace(/[\\[\]]/g, (char) => `\\${char}`);
    const title = caption ? ` "${caption.replace(/["\\]/g, (char) => `\\${char}`)}"` : '';
    return `![${alt}](<${src.replace(/[<>\\]/g, (char) => `\\${char}`)}>${title})`;
  }
  const heading = HEADING_ANCHOR.exec(line);
  return heading ? heading[1]! : line;
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

interface Read {
  block: Block;
  /** The index of the block's last line. */
  end: number;
}

function readBlockAt(lines: readonly string[], i: number): Read | undefined {
  const line = lines[i]!;
  const tag = TAG.exec(line);
  if (!tag) return undefined;
  const [, name, attrText = ''] = tag;
  const attrs = attrsOf(attrText);
  switch (name) {
    case 'content-ref': {
      const end = closing(lines, i, 'content-ref');
      if (end === -1) return undefined;
      return { block: { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: attrs.url ?? '' } } } as Block, end };
    }
    case 'code': {
      const end = closing(lines, i, 'code');
      if (end === -1) return undefined;
      const inner = blocksOf(lines.slice(i + 1, end).join('\n'));
      const code = inner?.length === 1 && inner[0]!.type === 'code' ? inner[0]! : undefined;
      if (!code) return undefined;
      const data: Record<string, unknown> = { ...(code.data as object) };
      if (attrs.title !== undefined) data.title = attrs.title;
      if (attrs.overflow === 'wrap' || attrs.overflow === 'scroll') data.overflow = attrs.overflow;
      if (attrs.lineNumbers !== undefined) data.lineNumbers = attrs.lineNumbers === 'true';
      return { block: { ...code, data }, end };
    }
    case 'swagger':
    case 'openapi': {
      const end = closing(lines, i, name);
      if (end === -1) return undefined;
      const data = { ref: { kind: 'url', url: attrs.src ?? '' }, method: (attrs.method ?? 'get').toLowerCase(), path: attrs.path ?? '' };
      return { block: { object: 'block', type: 'openapi', isVoid: true, data } as Block, end };
    }
    default:
      return undefined;
  }
}

/** The `{% endembed %}` line of an embed written with a caption; -1 for an embed without one, or another line. */
function embedCaptionEnd(lines: readonly string[], i: number): number {
  return TAG.exec(lines[i]!)?.[1] === 'embed' ? closing(lines, i, 'embed') : -1;
}

/** The line of `{% end<name> %}` closing the tag opened at `start`, counting nested ones; -1 when none. */
function closing(lines: readonly string[], start: number, name: string): number {
  let depth = 0;
  for (let j = start + 1; j < lines.length; j++) {
    const tag = TAG.exec(lines[j]!)?.[1];
    if (tag === name) depth++;
    else if (tag === `end${name}` && depth-- === 0) return j;
  }
  return -1;
}

function blocksOf(markdown: string): Block[] | undefined {
  const read = markdownToDocument(gitbookBlocksIn(markdown));
  return read.ok ? (read.value.document.nodes as Block[]) : undefined;
}

/** Markdown with the opaque comments of the service's blocks written back in its syntax. */
export function gitbookBlocksOut(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => {
      if (!line.startsWith('<!-- folio-block ')) return line;
      const block = readOpaque(line);
      const written = block ? writeBlock(block as Block) : undefined;
      return written ?? line;
    })
    .join('\n');
}

function writeBlock(block: Block): string | undefined {
  const data = (block.data ?? {}) as Record<string, unknown>;
  const ref = data.ref as { kind?: string; url?: string } | undefined;
  switch (block.type) {
    case 'embed':
      return embedLine(String(data.url ?? ''));
    case 'content-ref':
      if (ref?.kind !== 'url') return undefined;
      return `{% content-ref url="${attr(ref.url)}" %}\n[${ref.url!.split('/').at(-1)}](${ref.url})\n{% endcontent-ref %}`;
    case 'openapi':
      if (ref?.kind !== 'url') return undefined;
      return `{% openapi src="${attr(ref.url)}" path="${attr(data.path)}" method="${attr(data.method)}" %}\n[${ref.url}](${ref.url})\n{% endopenapi %}`;
    case 'code': {
      const { title, overflow, lineNumbers, ...rest } = data;
      const fence = blocksMarkdown([{ ...block, data: rest }]);
      if (fence === undefined) return undefined;
      const attrs = [title !== undefined ? `title="${attr(title)}"` : '', overflow ? `overflow="${attr(overflow)}"` : '', lineNumbers !== undefined ? `lineNumbers="${lineNumbers === true}"` : '']
        .filter(Boolean)
        .join(' ');
      return `{% code ${attrs} %}\n${fence}\n{% endcode %}`;
    }
    case 'tabs': {
      const parts = ['{% tabs %}'];
      for (const item of (block.nodes ?? []) as Block[]) {
        const inner = blocksMarkdown((item.nodes ?? []) as Block[]);
        if (inner === undefined) return undefined;
        parts.push(tabOpen((item.data as { title?: string } | undefined)?.title ?? ''), inner, '{% endtab %}');
      }
      parts.push('{% endtabs %}');
      return parts.join('\n');
    }
    case 'expandable': {
      const fragments = (block.fragments ?? []) as { fragment: string; nodes: Block[] }[];
      const title = summaryOf(fragments.find((part) => part.fragment === 'expandable-title')?.nodes ?? []);
      const body = blocksMarkdown(fragments.find((part) => part.fragment === 'expandable-body')?.nodes ?? []);
      if (title === undefined || body === undefined) return undefined;
      return `<details>\n\n${title}\n\n${body}\n\n</details>`;
    }
    default:
      return undefined;
  }
}

/** An expandable's title paragraph as the `<summary>` line, its marks as tags, as the model's own expandables write it. */
function summaryOf(nodes: readonly Block[]): string | undefined {
  const read = documentToPm({ object: 'document', data: {}, nodes });
  const paragraph = read.ok ? pageSchema.nodeFromJSON(read.value).firstChild : null;
  return paragraph?.type.name === 'paragraph' ? summaryLine(paragraph) : undefined;
}

/** Blocks as Markdown, the service's blocks among them in its syntax; no trailing line break. */
function blocksMarkdown(nodes: readonly Block[]): string | undefined {
  const written = documentToMarkdown({ object: 'document', data: {}, nodes });
  return written.ok ? gitbookBlocksOut(written.value).trimEnd() : undefined;
}

const attr = (value: unknown) => String(value ?? '').replace(/"/g, '&quot;');
