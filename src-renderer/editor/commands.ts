import type { MarkType } from 'prosemirror-model';
import { TextSelection, type Command } from 'prosemirror-state';
import { pageSchema } from '../../src-shared/content/index.js';

/** Enter: a new line in code, otherwise the block splits in two; a heading continues as a paragraph. */
export const splitBlock: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if (!$from.parent.isTextblock) return false;
  if ($from.parent.type.spec.code) {
    dispatch?.(state.tr.insertText('\n').scrollIntoView());
    return true;
  }
  const tr = state.tr.deleteSelection();
  const $pos = tr.selection.$from;
  const atEnd = $pos.parentOffset === $pos.parent.content.size;
  const next = atEnd && $pos.parent.type !== pageSchema.nodes.paragraph ? [{ type: pageSchema.nodes.paragraph! }] : undefined;
  tr.split($pos.pos, 1, next);
  dispatch?.(tr.setSelection(TextSelection.create(tr.doc, tr.mapping.map($pos.pos))).scrollIntoView());
  return true;
};

/** Bold, italic and code: on when any of the selection lacks the mark, off when all of it has it. */
export function toggleMark(type: MarkType): Command {
  return (state, dispatch) => {
    const { from, to, empty, $from } = state.selection;
    if (empty) {
      const marks = state.storedMarks ?? $from.marks();
      dispatch?.(type.isInSet(marks) ? state.tr.removeStoredMark(type) : state.tr.addStoredMark(type.create()));
      return true;
    }
    const has = state.doc.rangeHasMark(from, to, type);
    dispatch?.(has ? state.tr.removeMark(from, to, type) : state.tr.addMark(from, to, type.create()));
    return true;
  };
}

/** Turns the blocks of the selection into headings of a level, or back into paragraphs. */
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
