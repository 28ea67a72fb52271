import type { List, PhrasingContent, RootContent, Table } from 'mdast';
import type { Mark, Node, NodeType } from 'prosemirror-model';
import { readFrontMatter, type PageMeta } from './front-matter.js';
import { IdAllocator } from './ids.js';
import { readOpaque, readTag, type Tag } from './markdown-dialect.js';
import { parseMarkdown } from './markdown-parse.js';
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
const GROUP_OF: Record<string, string> = { doc: 'top', quote: 'quoted', hint: 'hinted', list_item: 'item', task_item: 'item' };

const nodes = pageSchema.nodes;
const marks = pageSchema.marks;

class Reader {
  private readonly ids = new IdAllocator();

  /** A sequence of blocks; hint and file tags gather the blocks between them and their end tag. */
  flow(children: readonly RootContent[]): Node[] {
    const out: Node[] = [];
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const tag = child.type === 'html' ? readTag(child.value) : undefined;
      const end = tag ? closing(children, i, tag) : -1;
      if (tag && end !== -1) {
        out.push(...this.tagged(tag, children.slice(i + 1, end)));
        i = end;
      } else if (tag?.kind === 'file' && tag.caption !== undefined) {
        out.push(this.block(nodes.file!, { fileId: tag.fileId, caption: tag.caption }));
      } else {
        out.push(...this.blockOf(child));
      }
    }
    return out;
  }

  private tagged(tag: Tag, inner: readonly RootContent[]): Node[] {
    if (tag.kind === 'hint') return this.container(nodes.hint!, { style: tag.style }, this.flow(inner));
    const caption = this.flow(inner).map((node) => node.textContent).join('\n');
    return [this.block(nodes.file!, { fileId: tag.kind === 'file' ? tag.fileId : '', caption })];
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
      case 'html': {
        const opaque = readOpaque(node.value);
        if (opaque) {
          const { key, ...block } = opaque;
          return [nodes.opaque!.create({ id: this.ids.claim(key), block })];
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
  private container(type: NodeType, attrs: Record<string, unknown>, children: readonly Node[]): Node[] {
    const group = GROUP_OF[type.name];
    const fits = (child: Node) => (group ? child.type.isInGroup(group) : type.contentMatch.matchType(child.type) !== null);
    const out: Node[] = [];
    let run: Node[] = [];
    const flush = () => {
      if (run.length > 0) out.push(this.filled(type, attrs, run));
      run = [];
    };
    for (const child of children) {
      if (fits(child)) run.push(child);
      else {
        flush();
        out.push(child);
      }
    }
    flush();
    return out.length > 0 ? out : [this.filled(type, attrs, [])];
  }

  private filled(type: NodeType, attrs: Record<string, unknown>, content: readonly Node[]): Node {
    const needsParagraph = content.length === 0 || (type === nodes.task_item && content[0]!.type !== nodes.paragraph);
    return this.block(type, attrs, needsParagraph ? [this.block(nodes.paragraph!, {}), ...content] : content);
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
  const closer = open.kind === 'hint' ? 'endhint' : open.kind === 'file' && open.caption === undefined ? 'endfile' : undefined;
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
