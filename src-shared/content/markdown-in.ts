import type { List, PhrasingContent, RootContent, Table } from 'mdast';
import type { Mark, Node, NodeType } from 'prosemirror-model';
import { readFrontMatter, type PageMeta } from './front-matter.js';
import { IdAllocator } from './ids.js';
import { blockFromDocument } from './document-in.js';
import { CLOSERS, readDetails, readOpaque, readTag, type Tag } from './markdown-dialect.js';
import { parseMarkdown } from './markdown-parse.js';
import { readSummary } from './summary-html.js';
import type { PmNodeJson } from './pm-json.js';
import { markdownNestingProblem, markdownTreeProblem } from './limits.js';
import { fail, ok, type Result } from './result.js';
import { ALIGNMENTS, pageSchema, type Alignment } from './schema.js';

export interface MarkdownPage {
  meta: PageMeta;
  body: PmNodeJson;
}

/**
 * Markdown to a page body, with the front matter's page fields apart. Every block gets a fresh id
 * (Markdown carries none; `reconcileIds` restores those of blocks that did not change), except
 * opaque blocks, whose comment carries their key.
 *
 * Markdown nests more freely than the `Document`: a block that may not stand in its container
 * here (an image in a list item, code in a hint or a quote) is lifted out of it, splitting the
 * container around it, so its content is kept and the body stays valid. Headings deeper than 3
 * become level 3; raw HTML is kept as text.
 *
 * Text nested past the content limits is refused before it is parsed or read (docs/content-model.md,
 * "Limits"), as is a page of more than `maxBlocks` blocks.
 */
export function markdownToPm(markdown: string, maxBlocks = Infinity): Result<MarkdownPage> {
  const nesting = markdownNestingProblem(markdown);
  if (nesting) return fail({ kind: 'over-limit', message: nesting });
  const tree = parseMarkdown(markdown);
  // The reader below recurses into the tree: it is measured first, without recursion.
  const problem = markdownTreeProblem(tree, maxBlocks);
  if (problem) return fail({ kind: 'over-limit', message: problem });
  const yaml = tree.children.find((child) => child.type === 'yaml');
  const meta = yaml ? readFrontMatter(yaml.value) : ok<PageMeta>({});
  if (!meta.ok) return meta;
  const reader = new Reader();
  const body = pageSchema.topNodeType.create(null, reader.flow(tree.children));
  return ok({ meta: meta.value, body: body.toJSON() as PmNodeJson });
}

/** Where each container's children must belong; lists take only their own item type. */
const GROUP_OF: Record<string, string> = {
  doc: 'top',
  quote: 'quoted',
  hint: 'hinted',
  list_item: 'item',
  task_item: 'item',
  expandable: 'expanded',
  tab: 'tabbed',
};

const nodes = pageSchema.nodes;
const marks = pageSchema.marks;

class Reader {
  private readonly ids = new IdAllocator();
  /** The `Document` block of each node read from an opaque comment, should it not fit where it stands. */
  private readonly commented = new WeakMap<Node, Record<string, unknown>>();

  /**
   * A sequence of blocks; hint and tabs tags and `<details>` gather the blocks between them and
   * their end, a file tag its caption.
   */
  flow(children: readonly RootContent[], inTabs = false): Node[] {
    const out: Node[] = [];
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const tag = child.type === 'html' ? readTag(child.value) : undefined;
      const details = child.type === 'html' && !tag ? readDetails(child.value) : undefined;
      const end = tag ? closing(children, i, tag) : details?.kind === 'open' ? detailsEnd(children, i) : -1;
      if (tag && end !== -1) {
        out.push(...this.tagged(tag, children.slice(i + 1, end), inTabs));
        i = end;
      } else if (details?.kind === 'open' && end !== -1) {
        out.push(...this.expandable(details.title, children.slice(i + 1, end)));
        i = end;
      } else if (tag?.kind === 'file' && tag.caption !== undefined) {
        out.push(this.block(nodes.file!, { fileId: tag.fileId, caption: tag.caption }));
      } else if (tag?.kind === 'embed') {
        out.push(this.block(nodes.embed!, { url: tag.url }));
      } else {
        out.push(...this.blockOf(child));
      }
    }
    return out;
  }

  private tagged(tag: Tag, inner: readonly RootContent[], inTabs: boolean): Node[] {
    if (tag.kind === 'hint') return this.container(nodes.hint!, { style: tag.style }, this.flow(inner));
    if (tag.kind === 'tabs') return this.tabs(inner);
    if (tag.kind === 'tab') {
      const tab = this.container(nodes.tab!, { title: tag.title }, this.flow(inner));
      // A tab outside tabs is read as tabs of its own.
      return inTabs ? tab : this.container(nodes.tabs!, {}, tab);
    }
    const caption = this.flow(inner).map((node) => node.textContent).join('\n');
    return [this.block(nodes.file!, { fileId: tag.kind === 'file' ? tag.fileId : '', caption })];
  }

  /** The tabs between `{% tabs %}` and `{% endtabs %}`; a block between two tabs splits them. */
  private tabs(inner: readonly RootContent[]): Node[] {
    return this.container(nodes.tabs!, {}, this.flow(inner, true));
  }

  /**
   * `<details>` up to its `</details>`: the `<summary>` (on the open tag's lines, or the first
   * block) titles it, the rest is its body. A body block an expandable may not hold splits it,
   * the first part keeping the title.
   */
  private expandable(title: string | undefined, inner: readonly RootContent[]): Node[] {
    let rest = inner;
    const first = inner[0];
    const summary = title === undefined && first?.type === 'html' ? readDetails(first.value) : undefined;
    if (summary?.kind === 'summary') rest = inner.slice(1);
    const inlines = readSummary(title ?? (summary?.kind === 'summary' ? summary.title : ''));
    let titled = false;
    const lead = () => {
      const heading = this.block(nodes.expandable_title!, {}, titled ? [] : inlines);
      titled = true;
      return heading;
    };
    return this.container(nodes.expandable!, {}, this.flow(rest), lead);
  }

  private blockOf(node: RootContent): Node[] {
    switch (node.type) {
      case 'paragraph':
        return this.textBlock(nodes.paragraph!, {}, node.children);
      case 'heading':
        return this.textBlock(nodes.heading!, { level: Math.min(node.depth, 3) }, node.children);
      case 'thematicBreak':
        return [this.block(nodes.divider!, {})];
      case 'code': {
        const language = [node.lang, node.meta].filter(Boolean).join(' ');
        return [this.block(nodes.code_block!, { language }, node.value ? [pageSchema.text(node.value)] : [])];
      }
      case 'blockquote':
        return this.container(nodes.quote!, {}, this.flow(node.children));
      case 'list':
        return this.list(node);
      case 'table':
        return [this.table(node)];
      case 'math':
        return [this.block(nodes.math!, { formula: node.value })];
      case 'html': {
        const opaque = readOpaque(node.value);
        if (opaque) {
          const read = blockFromDocument(opaque, this.ids);
          this.commented.set(read, opaque);
          return [read];
        }
        return [this.block(nodes.paragraph!, {}, [pageSchema.text(node.value)])];
      }
      default:
        // Front matter is read apart.
        return [];
    }
  }

  private block(type: NodeType, attrs: Record<string, unknown>, content: readonly Node[] = []): Node {
    return type.createChecked({ ...attrs, id: this.ids.claim() }, content);
  }

  /**
   * `type` around `children`, split where a child may not stand in it: that child is passed up
   * between the pieces. Empty content gets an empty paragraph, and a task its leading paragraph.
   */
  private container(type: NodeType, attrs: Record<string, unknown>, children: readonly Node[], lead?: () => Node): Node[] {
    const group = GROUP_OF[type.name];
    const fits = (child: Node) => (group ? child.type.isInGroup(group) : type.contentMatch.matchType(child.type) !== null);
    const out: Node[] = [];
    let run: Node[] = [];
    const flush = () => {
      if (run.length > 0) out.push(this.filled(type, attrs, run, lead));
      run = [];
    };
    for (const read of children) {
      // A block from a comment stays the block it was, opaque, where the model's own may not stand.
      const comment = this.commented.get(read);
      const child = fits(read) || !comment ? read : opaqueOf(read, comment);
      if (fits(child)) run.push(child);
      else {
        flush();
        out.push(child);
      }
    }
    flush();
    // Empty tabs are nothing; other containers keep their place (and an expandable its title)
    // with an empty paragraph.
    if (type === nodes.tabs || (out.length > 0 && !lead) || out.some((node) => node.type === type)) return out;
    return [this.filled(type, attrs, [], lead), ...out];
  }

  /** `lead` makes the node a container starts with (an expandable's title). */
  private filled(type: NodeType, attrs: Record<string, unknown>, content: readonly Node[], lead?: () => Node): Node {
    const needsParagraph = content.length === 0 || (type === nodes.task_item && content[0]!.type !== nodes.paragraph);
    const body = needsParagraph ? [this.block(nodes.paragraph!, {}), ...content] : content;
    return this.block(type, attrs, lead ? [lead(), ...body] : body);
  }

  /** GFM marks tasks per item: a bullet list with any checkbox is a task list; numbering wins over checkboxes. */
  private list(list: List): Node[] {
    const tasks = !list.ordered && list.children.some((item) => typeof item.checked === 'boolean');
    const itemType = tasks ? nodes.task_item! : nodes.list_item!;
    const items = list.children.flatMap((item) =>
      this.container(itemType, tasks ? { checked: item.checked === true } : {}, this.flow(item.children)),
    );
    if (list.ordered) return this.container(nodes.ordered_list!, { start: list.start ?? 1 }, items);
    return this.container(tasks ? nodes.task_list! : nodes.bullet_list!, {}, items);
  }

  /** Paragraphs and headings; an image among their text stands as its own block between the text around it. */
  private textBlock(type: NodeType, attrs: Record<string, unknown>, phrasing: readonly PhrasingContent[]): Node[] {
    const parts = this.inline(phrasing, [], 'block');
    if (parts.every((part) => part.isText)) return [this.block(type, attrs, parts)];
    const out: Node[] = [];
    let run: Node[] = [];
    // Text around images is kept in blocks of its own, without the line breaks and spaces that
    // separated it from them.
    const flush = () => {
      const texts = trimmed(run);
      if (texts.length > 0) out.push(this.block(type, attrs, texts));
      run = [];
    };
    for (const part of parts) {
      if (part.isText) run.push(part);
      else {
        flush();
        out.push(part);
      }
    }
    flush();
    return out;
  }

  /**
   * Phrasing content to marked text; images become image blocks, or inside a table cell (which
   * holds text only) a link on their alternative text.
   */
  private inline(phrasing: readonly PhrasingContent[], outer: readonly Mark[], images: 'block' | 'link'): Node[] {
    const text = (value: string, extra: readonly Mark[] = []) =>
      value ? [pageSchema.text(value, extra.reduce((set, mark) => mark.addToSet(set), outer))] : [];
    return phrasing.flatMap((node): Node[] => {
      switch (node.type) {
        case 'text':
          return text(node.value);
        case 'inlineCode':
          return text(node.value, [marks.code!.create()]);
        case 'strong':
          return this.inline(node.children, marks.bold!.create().addToSet(outer), images);
        case 'emphasis':
          return this.inline(node.children, marks.italic!.create().addToSet(outer), images);
        case 'delete':
          return this.inline(node.children, marks.strikethrough!.create().addToSet(outer), images);
        case 'link':
          return this.inline(node.children, marks.link!.create({ href: node.url }).addToSet(outer), images);
        case 'image': {
          const src = node.url;
          if (images === 'link') return text(node.alt || src, [marks.link!.create({ href: src })]);
          return [this.block(nodes.image!, { src, alt: node.alt ?? '', caption: node.title ?? '' })];
        }
        case 'break':
          return text('\n');
        case 'html':
          return text(node.value);
        default:
          return [];
      }
    });
  }

  /** The first row is the header: its cells' text titles the columns. Rows are cut or padded to the header's width, as GFM renders them. */
  private table(table: Table): Node {
    const [head, ...body] = table.children;
    const headers = (head?.children ?? []).map((cell, i) => {
      const align = table.align?.[i];
      const title = this.inline(cell.children, [], 'link').map((text) => text.text ?? '').join('');
      return this.block(nodes.table_header!, { align: ALIGNMENTS.includes(align as Alignment) ? align : 'left' }, title ? [pageSchema.text(title)] : []);
    });
    const rows = body.map((row) => {
      const cells = headers.map((_, i) => this.block(nodes.table_cell!, {}, this.inline(row.children[i]?.children ?? [], [], 'link')));
      return this.block(nodes.table_row!, {}, cells);
    });
    return this.block(nodes.table!, {}, [...headers, ...rows]);
  }
}

/** The opaque node for a block read from a comment: its key was claimed as `read`'s id. */
function opaqueOf(read: Node, raw: Record<string, unknown>): Node {
  const { key: _key, ...block } = raw;
  return nodes.opaque!.create({ id: read.attrs.id as string, block });
}

/** Texts without the white space at their two ends; texts left empty are dropped. */
function trimmed(texts: readonly Node[]): Node[] {
  const out = texts.map((text, i) => {
    let value = text.text ?? '';
    if (i === 0) value = value.trimStart();
    if (i === texts.length - 1) value = value.trimEnd();
    return value === text.text ? text : value ? pageSchema.text(value, text.marks) : undefined;
  });
  return out.filter((text) => text !== undefined);
}

/** The index of the end tag closing the open tag at `start`, counting nested tags of its kind; -1 when there is none. */
function closing(children: readonly RootContent[], start: number, open: Tag): number {
  const closer = open.kind === 'file' ? (open.caption === undefined ? 'endfile' : undefined) : CLOSERS[open.kind as keyof typeof CLOSERS];
  if (!closer) return -1;
  let depth = 0;
  for (let i = start + 1; i < children.length; i++) {
    const child = children[i]!;
    const tag = child.type === 'html' ? readTag(child.value) : undefined;
    if (tag?.kind === open.kind && (tag.kind !== 'file' || tag.caption === undefined)) depth++;
    else if (tag?.kind === closer && depth-- === 0) return i;
  }
  return -1;
}

/** The index of the `</details>` closing the `<details>` at `start`, counting nested ones; -1 when there is none. */
function detailsEnd(children: readonly RootContent[], start: number): number {
  let depth = 0;
  for (let i = start + 1; i < children.length; i++) {
    const child = children[i]!;
    const part = child.type === 'html' ? readDetails(child.value) : undefined;
    if (part?.kind === 'open') depth++;
    else if (part?.kind === 'close' && depth-- === 0) return i;
  }
  return -1;
}
