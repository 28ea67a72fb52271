import { baseKeymap, chainCommands, lift, toggleMark, wrapIn } from 'prosemirror-commands';
import { undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { Plugin, type Command } from 'prosemirror-state';
import { liftListItem, sinkListItem, wrapInList } from 'prosemirror-schema-list';
import type { EditorView } from 'prosemirror-view';
import { redoCommand, undoCommand } from 'y-prosemirror';
import { pageSchema } from '../../src-shared/content/schema.js';
import { leaveTitle, setBlock, splitListItem } from './commands.js';
import { fenceOnEnter } from './input-rules.js';
import { goToCell, verticalCell } from './tables.js';

const { marks, nodes } = pageSchema;
const ITEMS = [nodes.list_item!, nodes.task_item!];

/** Tab in code: two spaces, as the writer would type them. */
const indentCode: Command = (state, dispatch) => {
  if (!state.selection.$head.parent.type.spec.code) return false;
  dispatch?.(state.tr.insertText('  '));
  return true;
};

/** Views whose last key was Escape: the next Tab leaves the editor (a writer's way out by keyboard). */
const escaped = new WeakSet<EditorView>();

/**
 * Tab and Shift-Tab stay in the editor (indent, next cell, or nothing) so that a writer's Tab never
 * sends focus, and the next key, to a button; Escape then Tab leaves it.
 */
function keepTab(command: Command): Command {
  return (state, dispatch, view) => {
    if (view && escaped.has(view)) return false;
    command(state, dispatch, view);
    return true;
  };
}

/** Remembers an Escape for the Tab that follows it. */
export function escapeThenTab(): Plugin {
  return new Plugin({
    props: {
      handleKeyDown(view, event) {
        if (event.key === 'Escape') escaped.add(view);
        else if (event.key !== 'Shift') escaped.delete(view);
        return false;
      },
    },
  });
}

/** The editor's commands by key; `Mod` is Cmd on a Mac and Ctrl elsewhere. */
export const EDITOR_KEYS: Record<string, Command> = {
  Enter: chainCommands(fenceOnEnter, leaveTitle, splitListItem, liftEmptyItem(), baseKeymap.Enter!),
  Backspace: undoInputRule,
  Tab: keepTab(chainCommands(goToCell(1), sinkListItem(nodes.list_item!), sinkListItem(nodes.task_item!), indentCode)),
  'Shift-Tab': keepTab(chainCommands(goToCell(-1), liftListItem(ITEMS))),
  ArrowDown: verticalCell(1),
  ArrowUp: verticalCell(-1),
  'Mod-b': toggleMark(marks.bold!),
  'Mod-i': toggleMark(marks.italic!),
  'Mod-e': toggleMark(marks.code!),
  'Mod-Shift-s': toggleMark(marks.strikethrough!),
  // Collaborative undo: y-prosemirror's undo manager undoes this person's changes only.
  'Mod-z': undoCommand,
  'Mod-y': redoCommand,
  'Mod-Shift-z': redoCommand,
  'Mod-Alt-0': setBlock('paragraph'),
  'Mod-Alt-1': setBlock('heading', 1),
  'Mod-Alt-2': setBlock('heading', 2),
  'Mod-Alt-3': setBlock('heading', 3),
  // Lists and quotes take the keys of prosemirror-example-setup.
  'Shift-Ctrl-8': wrapInList(nodes.bullet_list!),
  'Shift-Ctrl-9': wrapInList(nodes.ordered_list!),
  'Ctrl->': wrapIn(nodes.quote!),
  'Mod-[': lift,
};

/** Enter on an empty list item takes it out of its list, one level at a time. */
function liftEmptyItem(): Command {
  return (state, dispatch) => {
    const { $from, empty } = state.selection;
    if (!empty || $from.parent.content.size > 0 || $from.depth < 2 || !ITEMS.includes($from.node(-1).type)) return false;
    return liftListItem(ITEMS)(state, dispatch);
  };
}

/** Ours first (`extra`: the screen's, such as Mod-k); prosemirror-commands' base keymap (Delete, joins, select all…) after. */
export function editorKeymaps(extra: Record<string, Command> = {}): Plugin[] {
  return [escapeThenTab(), keymap({ ...EDITOR_KEYS, ...extra }), keymap(baseKeymap)];
}
