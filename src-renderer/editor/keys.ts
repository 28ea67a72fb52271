import { baseKeymap, chainCommands, lift, toggleMark, wrapIn } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import type { Command, Plugin } from 'prosemirror-state';
import { redoCommand, undoCommand } from 'y-prosemirror';
import { pageSchema } from '../../src-shared/content/index.js';
import { setBlock, splitListItem } from './commands.js';

const { marks, nodes } = pageSchema;

/** The editor's commands by key; `Mod` is Cmd on a Mac and Ctrl elsewhere. */
export const EDITOR_KEYS: Record<string, Command> = {
  Enter: chainCommands(splitListItem, baseKeymap.Enter!),
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
  'Shift-Ctrl-8': wrapIn(nodes.bullet_list!),
  'Shift-Ctrl-9': wrapIn(nodes.ordered_list!),
  'Ctrl->': wrapIn(nodes.quote!),
  'Mod-[': lift,
};

/** Ours first; prosemirror-commands' base keymap (Backspace, Delete, joins, select all…) after. */
export function editorKeymaps(): Plugin[] {
  return [keymap(EDITOR_KEYS), keymap(baseKeymap)];
}
