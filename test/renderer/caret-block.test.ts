import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import type { DecorationSet } from 'prosemirror-view';
import { caretBlockPlugin } from '../../src-renderer/editor/caret-block.js';
import { pageSchema } from '../../src-shared/content/schema.js';

/** The top-level blocks the browser must never skip rendering: those holding the selection's ends (caret-block.ts). */
const paragraphs = (count: number) =>
  pageSchema.nodeFromJSON({ type: 'doc', content: Array.from({ length: count }, (_, index) => ({ type: 'paragraph', attrs: { id: `p${index}` }, content: [{ type: 'text', text: `Block ${index}` }] })) });

const marks = (state: EditorState) => caretBlockPlugin().spec.key!.getState(state) as DecorationSet;
const marked = (state: EditorState) => marks(state).find().map((decoration) => state.doc.nodeAt(decoration.from)!.attrs.id as string);

const at = (state: EditorState, anchor: number, head = anchor) => state.apply(state.tr.setSelection(TextSelection.create(state.doc, anchor, head)));
/** A position inside the text of the top-level block `index`. */
function inside(state: EditorState, index: number): number {
  let pos = 0;
  for (let child = 0; child < index; child++) pos += state.doc.child(child).nodeSize;
  return pos + 2;
}

describe('the blocks under the caret', () => {
  it('are the block holding the caret, and both ends of a selection across blocks', () => {
    let state = EditorState.create({ doc: paragraphs(50), plugins: [caretBlockPlugin()] });
    state = at(state, inside(state, 20));
    expect(marked(state)).toEqual(['p20']);
    state = at(state, inside(state, 3), inside(state, 40));
    expect(marked(state)).toEqual(['p3', 'p40']);
  });

  it('follow the caret into a block a transaction has just made, in that transaction', () => {
    let state = EditorState.create({ doc: paragraphs(5), plugins: [caretBlockPlugin()] });
    state = at(state, inside(state, 4));
    // Enter at the end of the last block: the new, empty block holds the caret at once.
    const end = state.doc.content.size - 1;
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, end)).split(end).scrollIntoView());
    expect(state.doc.childCount).toBe(6);
    expect(marked(state)).toEqual(['p4']);
    // The split copies the id (the block-ids plugin renews it in the editor): the block marked is the last one.
    const last = state.doc.content.size - state.doc.lastChild!.nodeSize;
    expect(marks(state).find().map((decoration) => decoration.from)).toEqual([last]);
  });
});
