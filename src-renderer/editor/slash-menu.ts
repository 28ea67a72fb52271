import { Plugin, PluginKey, TextSelection, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { ySyncPluginKey } from 'y-prosemirror';
import { pageSchema } from '../../src-shared/content/schema.js';
import { findEntries, queryArgument, type BlockEntry, type InsertContext } from './blocks.js';

/** The open `/` menu: where its "/" is, what was typed after it, which entry is chosen. */
export interface SlashState {
  from: number;
  query: string;
  index: number;
  entries: BlockEntry[];
}

type SlashMeta = { open: number } | { close: true } | { index: number };

export const slashKey = new PluginKey<SlashState | null>('slash-menu');

/** The longest query the menu follows; past it the "/" was text after all. */
const MAX_QUERY = 40;

/**
 * The `/` menu (docs/editor.md): a "/" typed at the start of a block or after a space opens it; the
 * words typed after it filter the block entries; arrows choose, Enter or Tab inserts, Escape
 * closes it and leaves the text. `context` lends the screen's file picker and link editor.
 */
export function slashMenu(context: InsertContext): Plugin<SlashState | null> {
  return new Plugin<SlashState | null>({
    key: slashKey,
    state: {
      init: () => null,
      apply(tr, value, _old, state) {
        const meta = tr.getMeta(slashKey) as SlashMeta | undefined;
        if (meta && 'close' in meta) return null;
        if (meta && 'open' in meta) return follow(state, meta.open, 0, '');
        if (!value) return null;
        // A change from the Yjs doc (a collaborator, the engine) replaces the whole ProseMirror doc,
        // so mapping would lose the "/"; the selection comes back through Yjs' relative positions,
        // and the "/" is where the query typed after it ends.
        const remote = (tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin === true;
        const from = remote ? state.selection.head - 1 - value.query.length : tr.mapping.map(value.from);
        return follow(state, from, meta && 'index' in meta ? meta.index : value.index, value.query);
      },
    },
    props: {
      handleTextInput(view, from, to, text) {
        if (text !== '/' || !opensMenu(view.state, from)) return false;
        view.dispatch(view.state.tr.insertText('/', from, to).setMeta(slashKey, { open: from }));
        return true;
      },
      handleKeyDown(view, event) {
        const menu = slashKey.getState(view.state);
        if (!menu) return false;
        const count = menu.entries.length;
        if (event.key === 'Escape') {
          view.dispatch(view.state.tr.setMeta(slashKey, { close: true }));
          return true;
        }
        if (count === 0) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          view.dispatch(view.state.tr.setMeta(slashKey, { index: (menu.index + step + count) % count }));
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          chooseEntry(view, menu.entries[menu.index]!, context);
          return true;
        }
        return false;
      },
    },
  });
}

/** The menu state for a "/" at `from`, or null when the text there no longer makes one. */
function follow(state: EditorState, from: number, index: number, previousQuery: string): SlashState | null {
  const { selection, doc } = state;
  if (!selection.empty || from < 0 || from >= doc.content.size) return null;
  const head = selection.head;
  const $from = doc.resolve(from);
  if (head <= from || head - from > MAX_QUERY + 1 || !$from.parent.isTextblock || $from.parent !== selection.$head.parent) return null;
  if (doc.textBetween(from, from + 1) !== '/') return null;
  const query = doc.textBetween(from + 1, head);
  const entries = findEntries(query);
  const kept = query === previousQuery ? index : 0;
  return { from, query, index: Math.min(kept, Math.max(entries.length - 1, 0)), entries };
}

/** A "/" opens the menu at the start of a block or after a space, outside code. */
function opensMenu(state: EditorState, at: number): boolean {
  const $at = state.doc.resolve(at);
  if (!$at.parent.isTextblock || $at.parent.type.spec.code || $at.parent.type !== pageSchema.nodes.paragraph) return false;
  const before = $at.parent.textBetween(0, $at.parentOffset);
  return before === '' || /\s$/.test(before);
}

/** Takes the "/query" out and inserts the entry's block, as one step to undo. */
export function chooseEntry(view: EditorView, entry: BlockEntry, context: InsertContext): void {
  const menu = slashKey.getState(view.state);
  if (menu) view.dispatch(view.state.tr.delete(menu.from, view.state.selection.head).setMeta(slashKey, { close: true }));
  entry.run(context, menu ? queryArgument(menu.query) : '')(view.state, view.dispatch, view);
  view.focus();
}

/**
 * Opens the menu for the block at `pos` (the `+` handle): in that block when it is an empty
 * paragraph, else in a new paragraph after it.
 */
export function openMenuAt(view: EditorView, pos: number): void {
  const { doc } = view.state;
  const block = doc.nodeAt(pos);
  if (!block) return;
  const tr = view.state.tr;
  let at: number;
  if (block.type === pageSchema.nodes.paragraph && block.content.size === 0) {
    at = pos + 1;
  } else {
    const after = pos + block.nodeSize;
    tr.insert(after, pageSchema.nodes.paragraph!.create());
    at = after + 1;
  }
  tr.insertText('/', at).setSelection(TextSelection.create(tr.doc, at + 1));
  view.dispatch(tr.setMeta(slashKey, { open: at }).scrollIntoView());
  view.focus();
}
