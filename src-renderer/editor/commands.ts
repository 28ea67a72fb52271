import type { NodeType } from 'prosemirror-model';
import { TextSelection, type Command } from 'prosemirror-state';
import { canSplit } from 'prosemirror-transform';
import { pageSchema } from '../../src-shared/content/schema.js';

const { paragraph, list_item: listItem, task_item: taskItem, expandable_title: expandableTitle } = pageSchema.nodes;

/**
 * Turns the blocks of the selection into headings of a level, or back into paragraphs, keeping
 * each block's id: prosemirror-commands' `setBlockType` replaces the attributes, id included, and
 * a block's id is what comments and the changes against main follow.
 */
export function setBlock(type: 'paragraph' | 'heading', level?: number): Command {
  return (state, dispatch) => {
    const { from, to } = state.selection;
    const nodeType = pageSchema.nodes[type]!;
    const tr = state.tr;
    state.doc.nodesBetween(from, to, (node, pos) => {
      if (!node.isTextblock || node.type.spec.code) return;
      tr.setNodeMarkup(pos, nodeType, { id: node.attrs.id as string | null, ...(level ? { level } : {}) });
    });
    if (!tr.docChanged) return false;
    dispatch?.(tr);
    return true;
  };
}

const ITEMS: ReadonlySet<NodeType> = new Set([listItem!, taskItem!]);

/**
 * Enter in the text of a list item: the item splits in two (a new task starts unchecked, and
 * gets its own id from the block-ids plugin). An empty line is left to `liftEmptyBlock`, which
 * takes it out of the list.
 */
export const splitListItem: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  if ($from.depth < 2 || !$from.sameParent($to) || !$from.parent.isTextblock || $from.parent.content.size === 0) return false;
  const item = $from.node(-1);
  if (!ITEMS.has(item.type)) return false;
  const tr = state.tr.delete($from.pos, $to.pos);
  const atEnd = $from.parentOffset === tr.doc.resolve($from.pos).parent.content.size;
  const types = [{ type: item.type }, atEnd ? { type: paragraph! } : null];
  if (!canSplit(tr.doc, $from.pos, 2, types)) return false;
  dispatch?.(tr.split($from.pos, 2, types).scrollIntoView());
  return true;
};

/**
 * Enter in an expandable's title goes on into its body: the title's text after the cursor starts a
 * new first paragraph there (a title is one line).
 */
export const leaveTitle: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  if ($from.parent.type !== expandableTitle || $to.parent !== $from.parent) return false;
  if (dispatch) {
    const tr = state.tr.deleteSelection();
    const $cursor = tr.selection.$from;
    const end = $cursor.end();
    const rest = tr.doc.slice($cursor.pos, end).content;
    tr.delete($cursor.pos, end);
    const after = tr.mapping.map($from.after());
    tr.insert(after, paragraph!.create(null, rest));
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
  }
  return true;
};
