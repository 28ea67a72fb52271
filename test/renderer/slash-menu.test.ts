import { Fragment, Slice } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { ySyncPluginKey } from 'y-prosemirror';
import { pageSchema, type PmNodeJson } from '../../src-shared/content/index.js';
import type { InsertContext } from '../../src-renderer/editor/blocks.js';
import { slashKey, slashMenu } from '../../src-renderer/editor/slash-menu.js';

const context = {} as InsertContext;
const paragraph = (id: string, value: string): PmNodeJson => ({ type: 'paragraph', attrs: { id }, content: value ? [{ type: 'text', text: value }] : [] });

/** A state with the menu opened by a "/" typed at the end of the second paragraph, then `query`. */
function opened(query: string): EditorState {
  const doc = pageSchema.nodeFromJSON({ type: 'doc', content: [paragraph('p1', 'Intro'), paragraph('p2', 'Energy: ')] });
  let state = EditorState.create({ doc, plugins: [slashMenu(context)] });
  const at = doc.content.size - 1;
  state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, at)));
  state = state.apply(state.tr.insertText('/', at).setMeta(slashKey, { open: at }));
  return state.apply(state.tr.insertText(query));
}

/**
 * What y-prosemirror dispatches for a change that came through the Yjs doc: the whole doc replaced
 * by the new one, the selection put back from its relative positions.
 */
function fromYjs(state: EditorState, change: (tr: Transaction) => void, head: (tr: Transaction) => number): EditorState {
  const edited = state.tr;
  change(edited);
  const tr = state.tr.replace(0, state.doc.content.size, new Slice(Fragment.from(edited.doc.content), 0, 0));
  tr.setSelection(TextSelection.create(tr.doc, head(edited)));
  return state.apply(tr.setMeta(ySyncPluginKey, { isChangeOrigin: true }));
}

describe('the / menu', () => {
  it('follows the query typed after its "/"', () => {
    const state = opened('mat');
    expect(slashKey.getState(state)).toMatchObject({ query: 'mat' });
    expect(slashKey.getState(state)!.entries.map((entry) => entry.key)).toContain('math');
  });

  it('stays open, on its "/", when a collaborator’s edit arrives through Yjs', () => {
    const state = opened('mat');
    const before = slashKey.getState(state)!;
    const after = fromYjs(
      state,
      (tr) => tr.insertText('Hello, ', 1),
      (tr) => tr.mapping.map(state.selection.head),
    );
    const menu = slashKey.getState(after);
    expect(menu).toMatchObject({ query: 'mat', from: before.from + 'Hello, '.length });
    expect(after.doc.textBetween(menu!.from, menu!.from + 1)).toBe('/');
  });

  it('closes when the edit from Yjs took its "/" away', () => {
    const state = opened('mat');
    const { from } = slashKey.getState(state)!;
    const after = fromYjs(
      state,
      (tr) => tr.delete(from, from + 1),
      (tr) => tr.mapping.map(state.selection.head),
    );
    expect(slashKey.getState(after)).toBeNull();
  });

  it('closes when the writer deletes the "/"', () => {
    const state = opened('');
    const { from } = slashKey.getState(state)!;
    expect(slashKey.getState(state.apply(state.tr.delete(from, from + 1)))).toBeNull();
  });
});
