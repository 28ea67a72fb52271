import type { Node, NodeType, ResolvedPos } from 'prosemirror-model';
import { wrapIn } from 'prosemirror-commands';
import { TextSelection, type Command } from 'prosemirror-state';
import { wrapInList } from 'prosemirror-schema-list';
import { newBlockId } from '../../src-shared/content/ids.js';
import { HINT_STYLES, pageSchema, type HintStyle } from '../../src-shared/content/schema.js';
import { newExpandable, newTabs, withFocus } from './block-views.js';

const { nodes } = pageSchema;

/**
 * Turns the textblock holding the cursor into another kind of textblock (paragraph, heading, code)
 * keeping its id: prosemirror-commands' `setBlockType` replaces the attributes, id included, and a
 * block's id is what comments and the changes against main follow. Marks the new type does not
 * allow (any, in code) are dropped.
 */
export function turnInto(type: NodeType, attrs: Record<string, unknown> = {}): Command {
  return (state, dispatch) => {
    const { $from, $to } = state.selection;
    const tr = state.tr;
    let changed = false;
    state.doc.nodesBetween($from.pos, $to.pos, (node, pos) => {
      if (!node.isTextblock) return true;
      const $pos = state.doc.resolve(pos);
      const index = $pos.index();
      if (node.type === type && Object.entries(attrs).every(([name, value]) => node.attrs[name] === value)) return false;
      if (!$pos.parent.canReplaceWith(index, index + 1, type)) return false;
      const mapped = tr.mapping.map(pos);
      tr.clearIncompatible(mapped, type);
      tr.setNodeMarkup(mapped, type, { ...attrs, id: node.attrs.id as string | null });
      changed = true;
      return false;
    });
    if (!changed) return false;
    dispatch?.(tr.scrollIntoView());
    return true;
  };
}

/** The depth of the innermost ancestor of `$pos` that may hold `type` after the child at `$pos`, or -1. */
function holderDepth($pos: ResolvedPos, type: NodeType): number {
  for (let depth = $pos.depth - 1; depth >= 0; depth--) {
    const index = $pos.index(depth) + 1;
    if ($pos.node(depth).canReplaceWith(index, index, type)) return depth;
  }
  return -1;
}

/**
 * Puts a block that is not a textblock (a divider, a table, an image, a file, an expandable, tabs,
 * an embed, math) where the cursor is:
 * in place of the empty paragraph holding it, else after the block holding it, in the innermost
 * container that may hold it. `cursorInto` says where the cursor goes, relative to the new
 * block's start; without it the cursor goes to the paragraph after the block (added when none).
 */
export function placeBlock(block: Node, cursorInto?: number): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    const depth = holderDepth($from, block.type);
    if (depth < 0) return false;
    if (!dispatch) return true;
    const tr = state.tr;
    const parent = $from.parent;
    const emptyParagraph = parent.type === nodes.paragraph && parent.content.size === 0 && depth === $from.depth - 1;
    let at: number;
    if (emptyParagraph) {
      at = $from.before();
      tr.replaceWith(at, $from.after(), block);
    } else {
      at = $from.after(depth + 1);
      tr.insert(at, block);
    }
    const after = at + block.nodeSize;
    // A block to write on after it, so that the writer can always go on below.
    const next = tr.doc.resolve(after).nodeAfter;
    if (!next || !next.isTextblock) tr.insert(after, nodes.paragraph!.create());
    tr.setSelection(TextSelection.near(tr.doc.resolve(cursorInto === undefined ? after + 1 : at + cursorInto)));
    dispatch(tr.scrollIntoView());
    return true;
  };
}

/** A table of `columns` empty columns and `rows` empty rows, the cursor in its first column title. */
export function newTable(columns = 2, rows = 2): Node {
  const header = Array.from({ length: columns }, () => nodes.table_header!.create());
  const body = Array.from({ length: rows }, () => nodes.table_row!.create(null, Array.from({ length: columns }, () => nodes.table_cell!.create())));
  return nodes.table!.create(null, [...header, ...body]);
}

/** What the inserter needs from the screen around the editor: a file picker, the link editor. */
export interface InsertContext {
  /** Opens the file picker; images only when `images`. */
  pickFile(images: boolean): void;
  /** Opens the link editor on the selection. */
  editLink(): void;
}

/** One entry of the `/` menu and the `+` handle: every block of docs/content-model.md. */
export interface BlockEntry {
  key: string;
  label: string;
  /** Words that find it besides its label. */
  words: string;
  /** The Markdown habit that makes it, shown beside it. */
  shortcut?: string;
  /** `argument`: what was typed after the entry's first word (a code block's language). */
  run(context: InsertContext, argument: string): Command;
}

const HINT_NAMES: Record<HintStyle, string> = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' };

/** A hint of a style around the block at the cursor. */
export function wrapInHint(style: HintStyle): Command {
  return wrapIn(nodes.hint!, { style });
}

export const BLOCK_ENTRIES: readonly BlockEntry[] = [
  { key: 'paragraph', label: 'Text', words: 'paragraph plain', run: () => turnInto(nodes.paragraph!) },
  ...([1, 2, 3] as const).map((level) => ({
    key: `heading${level}`,
    label: `Heading ${level}`,
    words: `h${level} title`,
    shortcut: `${'#'.repeat(level)} `,
    run: () => turnInto(nodes.heading!, { level }),
  })),
  { key: 'bullet', label: 'Bulleted list', words: 'ul unordered bullet', shortcut: '- ', run: () => wrapInList(nodes.bullet_list!) },
  { key: 'ordered', label: 'Numbered list', words: 'ol ordered numbered', shortcut: '1. ', run: () => wrapInList(nodes.ordered_list!) },
  { key: 'task', label: 'Task list', words: 'todo checkbox check', shortcut: '[ ] ', run: () => wrapInList(nodes.task_list!) },
  { key: 'quote', label: 'Quote', words: 'blockquote citation', shortcut: '> ', run: () => wrapIn(nodes.quote!) },
  ...HINT_STYLES.map((style) => ({
    key: `hint-${style}`,
    label: `Hint: ${HINT_NAMES[style]}`,
    words: `callout hint ${style} note`,
    run: () => wrapInHint(style),
  })),
  {
    key: 'code',
    label: 'Code block',
    words: 'code pre fence snippet',
    shortcut: '```',
    // "/code python": the words after "code" name the language.
    run: (_context, argument) => turnInto(nodes.code_block!, { language: argument.trim().toLowerCase() }),
  },
  { key: 'table', label: 'Table', words: 'grid columns rows', run: () => placeBlock(newTable(), 1) },
  { key: 'divider', label: 'Divider', words: 'hr rule separator line', shortcut: '---', run: () => placeBlock(nodes.divider!.create()) },
  // The cursor goes into the title (the expandable, then its title, hold it).
  { key: 'expandable', label: 'Expandable', words: 'details collapsible toggle accordion summary', run: () => placeBlock(newExpandable(), 2) },
  { key: 'tabs', label: 'Tabs', words: 'tab tabbed panels', run: () => placeBlock(newTabs()) },
  {
    key: 'embed',
    label: 'Embed',
    words: 'link card video youtube url',
    // "/embed https://…": the words after "embed" are the address; the address field takes the focus either way.
    run: (_context, argument) => placeBlock(withFocus(nodes.embed!.create({ id: newBlockId(), url: argument.trim() }))),
  },
  {
    key: 'math',
    label: 'Math',
    words: 'formula tex latex equation',
    run: (_context, argument) => placeBlock(withFocus(nodes.math!.create({ id: newBlockId(), formula: argument }))),
  },
  { key: 'image', label: 'Image', words: 'picture photo img upload', run: (context) => act(() => context.pickFile(true)) },
  { key: 'file', label: 'File', words: 'attachment upload download', run: (context) => act(() => context.pickFile(false)) },
  { key: 'link', label: 'Link', words: 'url page reference href', run: (context) => act(() => context.editLink()) },
];

/** A command that only opens something on the screen. */
function act(open: () => void): Command {
  return (_state, dispatch) => {
    if (dispatch) open();
    return true;
  };
}

/**
 * The entries a query finds, best first: the label starting with it, then a word of the label or
 * of the entry's words starting with it. The query's first word is matched; the rest is the
 * entry's argument (a code block's language).
 */
export function findEntries(query: string, entries: readonly BlockEntry[] = BLOCK_ENTRIES): BlockEntry[] {
  const [first = ''] = query.trim().toLowerCase().split(/\s+/);
  if (!first) return [...entries];
  const scored = entries
    .map((entry) => {
      const label = entry.label.toLowerCase();
      const words = `${label} ${entry.words}`.split(/[\s:]+/);
      const score = label.startsWith(first) ? 0 : words.some((word) => word.startsWith(first)) ? 1 : label.includes(first) ? 2 : -1;
      return { entry, score };
    })
    .filter(({ score }) => score >= 0);
  return scored.sort((a, b) => a.score - b.score).map(({ entry }) => entry);
}

/** The words after a query's first: an entry's argument. */
export function queryArgument(query: string): string {
  return query.trim().split(/\s+/).slice(1).join(' ');
}
