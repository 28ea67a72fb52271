import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { pageSchema, type PmNodeJson } from '../../src-shared/content/index.js';
import { blockIdsPlugin } from '../../src-renderer/editor/block-ids.js';
import { EDITOR_KEYS } from '../../src-renderer/editor/keys.js';

function stateOf(content: PmNodeJson[], cursor: number): EditorState {
  const doc = pageSchema.nodeFromJSON({ type: 'doc', content });
  const state = EditorState.create({ doc, plugins: [blockIdsPlugin()] });
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, cursor)));
}

/** Runs a command as a key would, the block-ids plugin's appended transaction included. */
function run(state: EditorState, command: Command): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.applyTransaction(tr).state))).toBe(true);
  return next;
}

const key = (name: string) => EDITOR_KEYS[name]!;
const ids = (state: EditorState) => state.doc.content.content.map((node) => node.attrs.id as string | null);
const allIds = (state: EditorState) => {
  const found: string[] = [];
  state.doc.descendants((node) => void (Object.hasOwn(node.attrs, 'id') && found.push(node.attrs.id as string)));
  return found;
};
const text = (value: string) => [{ type: 'text', text: value }];
const paragraph = (id: string, value: string): PmNodeJson => ({ type: 'paragraph', attrs: { id }, content: text(value) });

describe('the editor’s keys', () => {
  it('split a block on Enter and give the new half an id of its own', () => {
    const split = run(stateOf([paragraph('p1', 'Hello world')], 6), key('Enter'));
    expect(split.doc.content.content.map((node) => node.textContent)).toEqual(['Hello', ' world']);
    const [first, second] = ids(split);
    expect(first).toBe('p1');
    expect(split.selection.$from.parentOffset).toBe(0);
    expect(split.selection.$from.parent.textContent).toBe(' world');
    expect(second).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(second).not.toBe('p1');
  });

  it('continue a heading as a paragraph', () => {
    const heading = { type: 'heading', attrs: { id: 'h1', level: 2 }, content: text('Title') };
    const split = run(stateOf([heading], 6), key('Enter'));
    expect(split.doc.content.content.map((node) => node.type.name)).toEqual(['heading', 'paragraph']);
    expect(split.selection.$from.parent.type.name).toBe('paragraph');
    expect(split.selection.from).toBe(split.doc.firstChild!.nodeSize + 1);
  });

  it('give an id to a block made without one, and to a copy of an existing id', () => {
    const state = stateOf([paragraph('p1', 'One')], 1);
    const next = state.apply(state.tr.insert(state.doc.content.size, pageSchema.nodes.paragraph!.create({ id: 'p1' }, pageSchema.text('Two'))));
    expect(new Set(ids(next)).size).toBe(2);
    expect(ids(next)[0]).toBe('p1');
  });

  it('toggle a mark over a selection, and turn blocks into headings keeping their ids', () => {
    const state = stateOf([paragraph('p1', 'Bold me')], 1);
    const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, 5)));
    const bold = run(selected, key('Mod-b'));
    expect(bold.doc.rangeHasMark(1, 5, pageSchema.marks.bold!)).toBe(true);
    expect(run(bold, key('Mod-b')).doc.rangeHasMark(1, 5, pageSchema.marks.bold!)).toBe(false);
    const heading = run(selected, key('Mod-Alt-1'));
    expect(heading.doc.firstChild!.type.name).toBe('heading');
    expect(heading.doc.firstChild!.attrs).toEqual({ id: 'p1', level: 1 });
  });

  it('wrap a paragraph in a list whose every block has an id, and add items on Enter', () => {
    const listed = run(stateOf([paragraph('p1', 'First')], 6), key('Shift-Ctrl-8'));
    expect(listed.doc.firstChild!.type.name).toBe('bullet_list');
    expect(listed.doc.firstChild!.firstChild!.firstChild!.attrs.id).toBe('p1');
    const twoItems = run(listed, key('Enter'));
    const list = twoItems.doc.firstChild!;
    expect(list.childCount).toBe(2);
    expect(list.child(1).type.name).toBe('list_item');
    expect(twoItems.selection.$from.node(-1)).toBe(list.child(1));
    const every = allIds(twoItems);
    expect(every.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(every).size).toBe(every.length);
  });

  it('take an empty item out of its list on Enter', () => {
    const listed = run(run(stateOf([paragraph('p1', 'First')], 6), key('Shift-Ctrl-8')), key('Enter'));
    const out = run(listed, key('Enter'));
    expect(out.doc.firstChild!.childCount).toBe(1);
    expect(out.doc.child(1).type.name).toBe('paragraph');
  });

  it('start a new task unchecked', () => {
    const task = { type: 'task_item', attrs: { id: 't1', checked: true }, content: [paragraph('p1', 'Done')] };
    const state = stateOf([{ type: 'task_list', attrs: { id: 'l1' }, content: [task] }], 7);
    const split = run(state, key('Enter'));
    const list = split.doc.firstChild!;
    expect(list.childCount).toBe(2);
    expect(list.child(1).attrs.checked).toBe(false);
    expect(list.child(1).attrs.id).not.toBe('t1');
  });
});
