import type { BlockContent, ListItem, Parent, PhrasingContent, Root, RootContent, TableCell, TableRow } from 'mdast';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { RuleBlock } from 'markdown-it/lib/parser_block.mjs';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { liquidTags } from './markdown-liquid.js';
import { mathBlocks } from './markdown-math.js';

declare module 'mdast' {
  /** Block math (`$$` … `$$`), as mdast-util-math names it. */
  interface Math extends Literal {
    type: 'math';
  }
  interface RootContentMap {
    math: Math;
  }
  interface BlockContentMap {
    math: Math;
  }
}

/**
 * Markdown to an mdast tree, through markdown-it: CommonMark with GFM tables, strikethrough,
 * task lists and autolink literals, YAML front matter, the service's tag lines and `$$` math blocks. markdown-it
 * reads a 450 KB page in tens of milliseconds where micromark took seconds (and grew faster than
 * the page); the tree it gives is the mdast that `markdown-in` reads, so the reader does not
 * depend on the parser.
 *
 * What differs from micromark's GFM: `~one tilde~` is text (only `~~` strikes through), and
 * footnotes are not a construct (`[^1]` and `[^1]: note` stay text, as footnote markers were
 * already not kept).
 */
export function parseMarkdown(markdown: string): Root {
  const { yaml, body } = splitFrontMatter(markdown);
  const tokens = parser.parse(body, {});
  const children = new TreeBuilder(tokens).flow(0, tokens.length);
  return { type: 'root', children: yaml === undefined ? children : [{ type: 'yaml', value: yaml }, ...children] };
}

const parser = new MarkdownIt('default', { html: true, linkify: true, typographer: false });
parser.use(liquidTags);
parser.use(mathBlocks);
// GFM links only addresses with a scheme, `www.` or an e-mail address, never a bare domain.
parser.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
// Addresses are kept as written: the body stores what the author wrote, and renderers sanitize.
parser.normalizeLink = (url) => url;
parser.normalizeLinkText = (url) => url;
parser.validateLink = () => true;
// Escapes stay apart from the text around them, so `\[ ] a` is not read as a task's checkbox.
parser.core.ruler.disable('text_join');
// `[^1]: note` is a footnote elsewhere, never a link definition.
// (markdown-it keeps a chain's rules in `__rules__`; its typings leave that field out.)
const blockRules = (parser.block.ruler as unknown as { __rules__: { name: string; fn: RuleBlock }[] }).__rules__;
const reference = blockRules.find((rule) => rule.name === 'reference')!.fn;
parser.block.ruler.at('reference', (state: StateBlock, start: number, end: number, silent: boolean) => {
  const at = state.bMarks[start]! + state.tShift[start]!;
  return state.src.startsWith('[^', at) ? false : reference(state, start, end, silent);
});

/** `---` fenced YAML at the very start of the page; without a closing fence it is no front matter. */
function splitFrontMatter(markdown: string): { yaml?: string; body: string } {
  const open = /^---[ \t]*(?:\r\n|\n|\r)/.exec(markdown);
  if (!open) return { body: markdown };
  // The closing fence may directly follow the opening one (empty front matter).
  const rest = markdown.slice(open[0].length);
  const direct = /^---[ \t]*(?:\r\n|\n|\r|$)/.exec(rest);
  if (direct) return { yaml: '', body: rest.slice(direct[0].length) };
  const match = /(?:\r\n|\n|\r)---[ \t]*(?:\r\n|\n|\r|$)/.exec(rest);
  if (!match) return { body: markdown };
  return { yaml: rest.slice(0, match.index), body: rest.slice(match.index + match[0].length) };
}

const ALIGN = /text-align:(left|center|right)/;

/** Reads markdown-it's flat token stream (open, close, inline) into nested mdast nodes. */
class TreeBuilder {
  constructor(private readonly tokens: readonly Token[]) {}

  /** The index of the token closing the one opened at `open`. */
  private closeOf(open: number): number {
    let depth = 0;
    for (let i = open; i < this.tokens.length; i++) {
      depth += this.tokens[i]!.nesting;
      if (depth === 0) return i;
    }
    return this.tokens.length - 1;
  }

  flow(from: number, to: number): RootContent[] {
    const out: RootContent[] = [];
    for (let i = from; i < to; i++) {
      const token = this.tokens[i]!;
      const end = token.nesting === 1 ? this.closeOf(i) : i;
      const node = this.block(token, i, end);
      if (node) out.push(node);
      i = end;
    }
    return out;
  }

  private inlineAt(i: number): PhrasingContent[] {
    const token = this.tokens[i];
    return token?.type === 'inline' ? inline(token.children ?? []) : [];
  }

  private block(token: Token, i: number, end: number): RootContent | undefined {
    switch (token.type) {
      case 'paragraph_open':
        return { type: 'paragraph', children: this.inlineAt(i + 1) };
      case 'heading_open':
        return { type: 'heading', depth: Number(token.tag.slice(1)) as 1, children: this.inlineAt(i + 1) };
      case 'hr':
        return { type: 'thematicBreak' };
      case 'fence': {
        const info = token.info.trim();
        const space = info.search(/\s/);
        const lang = space === -1 ? info : info.slice(0, space);
        const meta = space === -1 ? '' : info.slice(space).trim();
        return { type: 'code', lang: lang || null, meta: meta || null, value: token.content.replace(/\n$/, '') };
      }
      case 'code_block':
        return { type: 'code', lang: null, meta: null, value: token.content.replace(/\n$/, '') };
      case 'math_block':
        return { type: 'math', value: token.content };
      case 'html_block':
        return { type: 'html', value: token.content.replace(/\n+$/, '') };
      case 'blockquote_open':
        return { type: 'blockquote', children: this.flow(i + 1, end) as BlockContent[] };
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const items: ListItem[] = [];
        for (let j = i + 1; j < end; j++) {
          const close = this.closeOf(j);
          items.push(taskItem({ type: 'listItem', spread: false, checked: null, children: this.flow(j + 1, close) as BlockContent[] }));
          j = close;
        }
        return { type: 'list', ordered, start: ordered ? Number(token.attrGet('start') ?? 1) : null, spread: false, children: items };
      }
      case 'table_open':
        return this.table(i, end);
      default:
        return undefined;
    }
  }

  private table(from: number, to: number): RootContent {
    const rows: TableRow[] = [];
    const align: ('left' | 'center' | 'right' | null)[] = [];
    let row: TableRow | undefined;
    for (let i = from + 1; i < to; i++) {
      const token = this.tokens[i]!;
      if (token.type === 'tr_open') rows.push((row = { type: 'tableRow', children: [] }));
      else if (token.type === 'th_open' || token.type === 'td_open') {
        if (token.type === 'th_open') align.push((ALIGN.exec(token.attrGet('style') ?? '')?.[1] as 'left') ?? null);
        const cell: TableCell = { type: 'tableCell', children: this.inlineAt(i + 1) };
        row?.children.push(cell);
      }
    }
    return { type: 'table', align, children: rows };
  }
}

/** GFM's task list item: `[ ]` or `[x]` then white space and more text, at the start of the item's first paragraph. */
function taskItem(item: ListItem): ListItem {
  const first = item.children[0];
  if (first?.type !== 'paragraph') return item;
  const text = first.children[0];
  if (text?.type !== 'text') return item;
  const box = /^\[([ xX])\][ \t]+/.exec(text.value);
  if (!box) return item;
  const after = text.value.slice(box[0].length);
  const next = first.children[1];
  const more = after.split('\n')[0]!.trim() !== '' || (after === '' && next !== undefined && !(next.type === 'text' && next.value.startsWith('\n')));
  if (!more) return item;
  const rest: PhrasingContent[] = after ? [{ type: 'text', value: after }, ...first.children.slice(1)] : first.children.slice(1);
  return { ...item, checked: box[1] !== ' ', children: [{ ...first, children: rest }, ...item.children.slice(1)] };
}

/** markdown-it's inline tokens to mdast phrasing; soft and hard breaks are line breaks in the text. */
function inline(tokens: readonly Token[]): PhrasingContent[] {
  const root: Parent & { children: PhrasingContent[] } = { type: 'paragraph', children: [] } as never;
  const stack: (Parent & { children: PhrasingContent[] })[] = [root];
  const add = (node: PhrasingContent) => {
    const siblings = stack.at(-1)!.children;
    const last = siblings.at(-1);
    if (node.type === 'text' && last?.type === 'text' && !sticky.has(last) && !sticky.has(node)) last.value += node.value;
    else siblings.push(node);
  };
  const open = (node: PhrasingContent & Parent) => {
    add(node);
    stack.push(node as never);
  };
  // An escaped character stays its own text node until the task check has run.
  const sticky = new WeakSet<PhrasingContent>();
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        add({ type: 'text', value: token.content });
        break;
      case 'text_special': {
        const node: PhrasingContent = { type: 'text', value: token.content };
        sticky.add(node);
        add(node);
        break;
      }
      case 'softbreak':
      case 'hardbreak':
        add({ type: 'text', value: '\n' });
        break;
      case 'code_inline':
        add({ type: 'inlineCode', value: token.content });
        break;
      case 'html_inline':
        add({ type: 'html', value: token.content });
        break;
      case 'image':
        add({ type: 'image', url: token.attrGet('src') ?? '', alt: plainText(token.children ?? []), title: token.attrGet('title') || null });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        open({ type: 'link', url: token.attrGet('href') ?? '', title: token.attrGet('title') || null, children: [] });
        break;
      case 'strong_close':
      case 'em_close':
      case 's_close':
      case 'link_close':
        if (stack.length > 1) stack.pop();
        break;
    }
  }
  return root.children;
}

/** The text of an image's description, as its alternative text. */
function plainText(tokens: readonly Token[]): string {
  return tokens.map((token) => (token.type === 'image' ? plainText(token.children ?? []) : token.type === 'softbreak' || token.type === 'hardbreak' ? '\n' : token.content)).join('');
}
