import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { pageSchema, type PmNodeJson } from '../../src-shared/content/index.js';
import { blockIdsPlugin } from '../../src-renderer/editor/block-ids.js';
import { setBlock, splitBlock, toggleMark } from '../../src-renderer/editor/commands.js';

function stateOf(content: PmNodeJson[], cursor: number): EditorState {
  const doc = pageSchema.nodeFromJSON({ type: 'doc', content });
  const state = EditorState.create({ doc, plugins: [blockIdsPlugin()] });
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, cursor)));
}

function run(state: EditorState, command: typeof splitBlock): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
}

const ids = (state: EditorState) => state.doc.content.content.map((node) => node.attrs.id as string | null);
const paragraph = (id: string, text: string): PmNodeJson => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });

describe('the editor', () => {
  it('splits a block on Enter and gives the new half an id of its own', () => {
    const split = run(stateOf([paragraph('p1', 'Hello world')], 6), splitBlock);
    expect(split.doc.content.content.map((node) => node.textContent)).toEqual(['Hello', ' world']);
    const [first, second] = ids(split);
    expect(first).toBe('p1');
    expect(split.selection.$from.parentOffset).toBe(0);
    expect(split.selection.$from.parent.textContent).toBe(' world');
    expect(second).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(second).not.toBe('p1');
  });

  it('continues a heading as a paragraph', () => {
    const heading = { type: 'heading', attrs: { id: 'h1', level: 2 }, content: [{ type: 'text', text: 'Title' }] };
    const split = run(stateOf([heading], 6), splitBlock);
    expect(split.doc.content.content.map((node) => node.type.name)).toEqual(['heading', 'paragraph']);
    expect(split.selection.$from.parent.type.name).toBe('paragraph');
    expect(split.selection.from).toBe(split.doc.firstChild!.nodeSize + 1);
  });

  it('gives an id to a block made without one, and to a copy of an existing id', () => {
    const state = stateOf([paragraph('p1', 'One')], 1);
    const next = state.apply(state.tr.insert(state.doc.content.size, pageSchema.nodes.paragraph!.create({ id: 'p1' }, pageSchema.text('Two'))));
    expect(new Set(ids(next)).size).toBe(2);
    expect(ids(next)[0]).toBe('p1');
  });

  it('toggles a mark over a selection, and turns blocks into headings', () => {
    const state = stateOf([paragraph('p1', 'Bold me')], 1);
    const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, 5)));
    const bold = run(selected, toggleMark(pageSchema.marks.bold!));
    expect(bold.doc.rangeHasMark(1, 5, pageSchema.marks.bold!)).toBe(true);
    expect(run(bold, toggleMark(pageSchema.marks.bold!)).doc.rangeHasMark(1, 5, pageSchema.marks.bold!)).toBe(false);
    const heading = run(selected, setBlock('heading', 1));
    expect(heading.doc.firstChild!.type.name).toBe('heading');
    expect(heading.doc.firstChild!.attrs).toEqual({ id: 'p1', level: 1 });
  });
});
