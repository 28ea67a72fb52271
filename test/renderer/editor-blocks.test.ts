import { Fragment } from 'prosemirror-model';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../src-shared/content/schema.js';
import type { PmNodeJson } from '../../src-shared/content/pm-json.js';
import { blockIdsPlugin } from '../../src-renderer/editor/block-ids.js';
import { BLOCK_ENTRIES, findEntries, newTable, placeBlock, queryArgument, turnInto } from '../../src-renderer/editor/blocks.js';
import { leaveTitle } from '../../src-renderer/editor/commands.js';
import { looksLikeAddress, normalHref, refusedHref } from '../../src-renderer/editor/link-address.js';
import { linkTarget, setLink } from '../../src-renderer/editor/links.js';
import { wholeTables } from '../../src-renderer/editor/paste.js';
import { addColumnAfter, addRowAfter, goToCell, largestTable, removeColumn, removeRow, verticalCell } from '../../src-renderer/editor/tables.js';

const { nodes } = pageSchema;
const text = (value: string) => (value ? [{ type: 'text', text: value }] : []);
const paragraph = (id: string, value = ''): PmNodeJson => ({ type: 'paragraph', attrs: { id }, content: text(value) });

function stateOf(content: PmNodeJson[], from: number, to = from): EditorState {
  const doc = pageSchema.nodeFromJSON({ type: 'doc', content });
  const state = EditorState.create({ doc, plugins: [blockIdsPlugin()] });
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
}

function run(state: EditorState, command: Command): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.applyTransaction(tr).state))).toBe(true);
  return next;
}

const context = { pickFile: () => undefined, editLink: () => undefined };
const types = (state: EditorState) => state.doc.content.content.map((node) => node.type.name);
const table = (rows: string[][]): PmNodeJson => ({
  type: 'table',
  attrs: { id: 't' },
  content: [
    ...rows[0]!.map((title, index) => ({ type: 'table_header', attrs: { id: `h${index}` }, content: text(title) })),
    ...rows.slice(1).map((row, r) => ({ type: 'table_row', attrs: { id: `r${r}` }, content: row.map((cell, c) => ({ type: 'table_cell', attrs: { id: `c${r}${c}` }, content: text(cell) })) })),
  ],
});
const cells = (state: EditorState) => {
  const found: string[] = [];
  state.doc.firstChild!.descendants((node) => void (node.isTextblock && found.push(node.textContent || '·')));
  return found;
};

describe('the / menu’s entries', () => {
  it('cover every block of the content model', () => {
    const made = new Set([
      'paragraph', 'heading', 'bullet_list', 'ordered_list', 'task_list', 'quote', 'hint', 'code_block', 'table', 'divider', 'image', 'file',
      'expandable', 'tabs', 'embed', 'math',
    ]);
    expect(BLOCK_ENTRIES.map((entry) => entry.key)).toEqual([
      'paragraph', 'heading1', 'heading2', 'heading3', 'bullet', 'ordered', 'task', 'quote',
      'hint-info', 'hint-success', 'hint-warning', 'hint-danger', 'code', 'table', 'divider', 'expandable', 'tabs', 'embed', 'math', 'image', 'file', 'link',
    ]);
    const parts = ['doc', 'text', 'list_item', 'task_item', 'table_header', 'table_row', 'table_cell', 'expandable_title', 'tab', 'opaque'];
    const schemaBlocks = Object.keys(pageSchema.nodes).filter((name) => !parts.includes(name));
    expect(new Set(schemaBlocks)).toEqual(made);
  });

  it('are found by label first, then by their words; the words after the first are an argument', () => {
    expect(findEntries('h2')[0]!.label).toBe('Heading 2');
    expect(findEntries('head').map((entry) => entry.label).slice(0, 3)).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
    expect(findEntries('warn')[0]!.label).toBe('Hint: Warning');
    expect(findEntries('code python')[0]!.label).toBe('Code block');
    expect(queryArgument('code  Python ')).toBe('Python');
    expect(findEntries('zzz')).toEqual([]);
    expect(findEntries('')).toHaveLength(BLOCK_ENTRIES.length);
  });

  it('turn a block into a heading or code keeping its id, dropping marks code may not hold', () => {
    const bold = { type: 'paragraph', attrs: { id: 'p1' }, content: [{ type: 'text', text: 'x = 1', marks: [{ type: 'bold' }] }] };
    const heading = run(stateOf([bold], 2), turnInto(nodes.heading!, { level: 2 }));
    expect(heading.doc.firstChild!.toJSON()).toMatchObject({ type: 'heading', attrs: { id: 'p1', level: 2 } });
    const code = run(stateOf([bold], 2), findEntries('code js')[0]!.run(context, 'JS'));
    expect(code.doc.firstChild!.toJSON()).toEqual({ type: 'code_block', attrs: { id: 'p1', language: 'js' }, content: [{ type: 'text', text: 'x = 1' }] });
  });

  it('put an expandable (cursor in its title), tabs, an embed (its address typed after "embed") or math at the top, after the list holding the cursor', () => {
    const expandable = run(stateOf([paragraph('p1')], 1), findEntries('expandable')[0]!.run(context, ''));
    expect(types(expandable)).toEqual(['expandable', 'paragraph']);
    expect(expandable.selection.$head.parent.type.name).toBe('expandable_title');
    const list = { type: 'bullet_list', attrs: { id: 'l1' }, content: [{ type: 'list_item', attrs: { id: 'i1' }, content: [paragraph('p1', 'x')] }] };
    const tabs = run(stateOf([list], 4), findEntries('tabs')[0]!.run(context, ''));
    expect(types(tabs)).toEqual(['bullet_list', 'tabs', 'paragraph']);
    expect(tabs.doc.child(1).toJSON()).toMatchObject({ content: [{ type: 'tab', attrs: { title: 'Tab 1' }, content: [{ type: 'paragraph' }] }] });
    const embed = run(stateOf([paragraph('p1')], 1), findEntries('embed https://video.example/1')[0]!.run(context, queryArgument('embed https://video.example/1')));
    expect(embed.doc.firstChild!.toJSON()).toMatchObject({ type: 'embed', attrs: { url: 'https://video.example/1' } });
    // Math may stand in a list item: it goes after the paragraph holding the cursor there.
    const math = run(stateOf([list], 4), findEntries('formula')[0]!.run(context, 'x^2'));
    expect(math.doc.firstChild!.firstChild!.toJSON()).toMatchObject({ type: 'list_item', content: [{ type: 'paragraph' }, { type: 'math', attrs: { formula: 'x^2' } }, { type: 'paragraph' }] });
  });

  it('go from an expandable\'s title into its body on Enter, taking the text after the cursor along', () => {
    const expandable = {
      type: 'expandable',
      attrs: { id: 'e1' },
      content: [{ type: 'expandable_title', attrs: { id: 't1' }, content: text('Why this') }, paragraph('p1', 'Body')],
    };
    const next = run(stateOf([expandable], 5), leaveTitle);
    expect(next.doc.firstChild!.content.content.map((node) => [node.type.name, node.textContent])).toEqual([
      ['expandable_title', 'Why'],
      ['paragraph', ' this'],
      ['paragraph', 'Body'],
    ]);
    expect(next.selection.$head.parent.textContent).toBe(' this');
  });

  it('put a table or divider in place of an empty line, else after the block, with a line to write on after', () => {
    const inEmpty = run(stateOf([paragraph('p1', 'Text'), paragraph('p2')], 7), placeBlock(newTable(2, 1), 1));
    expect(types(inEmpty)).toEqual(['paragraph', 'table', 'paragraph']);
    expect(inEmpty.selection.$head.parent.type.name).toBe('table_header');
    const after = run(stateOf([paragraph('p1', 'Text')], 3), placeBlock(nodes.divider!.create()));
    expect(types(after)).toEqual(['paragraph', 'divider', 'paragraph']);
    expect(after.selection.$head.parent.type.name).toBe('paragraph');
    expect(after.selection.$head.index(0)).toBe(2);
  });

  it('put an image asked for in a list after the list, where the model has room for it', () => {
    const list = { type: 'bullet_list', attrs: { id: 'l' }, content: [{ type: 'list_item', attrs: { id: 'i' }, content: [paragraph('p', 'item')] }] };
    const state = stateOf([list], 4);
    expect(placeBlock(nodes.image!.create({ src: 'https://example.org/a.png' }))(state)).toBe(true);
    expect(types(run(state, placeBlock(nodes.image!.create({ src: 'https://example.org/a.png' }))))).toEqual(['bullet_list', 'image', 'paragraph']);
  });
});

describe('the editor’s tables', () => {
  const grid = () => stateOf([table([['A', 'B'], ['a1', 'b1'], ['a2', 'b2']])], 2);

  it('walk cells with Tab and Shift-Tab, titles first, and add a row past the last', () => {
    let state = grid();
    for (let i = 0; i < 5; i++) state = run(state, goToCell(1));
    expect(state.selection.$head.parent.textContent).toBe('b2');
    state = run(state, goToCell(1));
    expect(cells(state)).toEqual(['A', 'B', 'a1', 'b1', 'a2', 'b2', '·', '·']);
    state = run(run(state, goToCell(-1)), goToCell(-1));
    expect(state.selection.$head.parent.textContent).toBe('a2');
  });

  it('move up and down a column, and out of the table past its ends', () => {
    let state = run(grid(), goToCell(1));
    state = run(state, verticalCell(1));
    expect(state.selection.$head.parent.textContent).toBe('b1');
    state = run(run(state, verticalCell(1)), verticalCell(1));
    // The table was the last block: a line to write on is made after it.
    expect(types(state)).toEqual(['table', 'paragraph']);
    expect(state.selection.$head.parent.type.name).toBe('paragraph');
    state = run(stateOf([paragraph('p', 'Above'), table([['A'], ['a']])], 10), verticalCell(-1));
    expect(state.selection.$head.parent.textContent).toBe('Above');
  });

  it('add and remove rows and columns, keeping one cell per column', () => {
    let state = run(run(grid(), goToCell(1)), addColumnAfter);
    expect(cells(state)).toEqual(['A', 'B', '·', 'a1', 'b1', '·', 'a2', 'b2', '·']);
    // The cursor's column (B) goes.
    state = run(state, removeColumn);
    expect(cells(state)).toEqual(['A', '·', 'a1', '·', 'a2', '·']);
    state = run(state, addRowAfter);
    expect(cells(state)).toEqual(['A', '·', '·', '·', 'a1', '·', 'a2', '·']);
    state = run(run(state, verticalCell(1)), removeRow);
    expect(cells(state)).toEqual(['A', '·', '·', '·', 'a2', '·']);
    expect(removeRow(stateOf([table([['A'], ['a']])], 2))).toBe(false);
    expect(removeColumn(stateOf([table([['A'], ['a']])], 2))).toBe(false);
  });

  it('count the cells of a pasted table, and make a pasted table whole', () => {
    expect(largestTable(grid().doc)).toBe(6);
    const ragged = nodes.table!.create(null, [
      nodes.table_header!.create(),
      nodes.table_row!.create(null, [nodes.table_cell!.create(null, pageSchema.text('x')), nodes.table_cell!.create(null, pageSchema.text('y'))]),
      nodes.table_row!.create(null, [nodes.table_cell!.create(null, pageSchema.text('z')), nodes.table_cell!.create(), nodes.table_cell!.create()]),
    ]);
    const whole = wholeTables(Fragment.from(ragged)).firstChild!;
    // No titles pasted: the first row is taken as titles; every row as wide as the widest.
    expect(whole.check()).toBeUndefined();
    expect(whole.toJSON().content.map((node: PmNodeJson) => [node.type, node.content?.length ?? 0])).toEqual([
      ['table_header', 1], ['table_header', 1], ['table_header', 0], ['table_row', 3],
    ]);
  });
});

describe('links', () => {
  it('refuse addresses that could run script, and take a bare domain as https', () => {
    expect(refusedHref('javascript:alert(1)')).toBe('Links to "javascript:" addresses are not allowed: use an http, https or mailto address.');
    expect(refusedHref(' JavaScript:x')).toContain('"javascript:"');
    expect(refusedHref('data:text/html,x')).toContain('"data:"');
    expect(refusedHref('')).toBe('A link needs an address.');
    for (const fine of ['https://example.org', 'http://x', 'mailto:a@b.c', '/docs', '#part', 'page.md']) expect(refusedHref(fine)).toBeUndefined();
    expect(normalHref('example.org/docs')).toBe('https://example.org/docs');
    expect(normalHref('www.example.org')).toBe('https://www.example.org');
    expect(normalHref('#part')).toBe('#part');
  });

  it('tell an address typed in the link field from words to find a page by', () => {
    for (const address of ['https://example.org', 'mailto:a@b.c', 'javascript:alert(1)', 'ftp://x', '/docs', '#part', 'example.org/docs', 'www.example.org']) {
      expect(looksLikeAddress(address), address).toBe(true);
    }
    for (const words of ['install', 'Setup: Linux', 'getting started', 'v2 notes']) expect(looksLikeAddress(words), words).toBe(false);
  });

  it('to a page get its title as their text when nothing was selected', () => {
    const state = stateOf([paragraph('p', 'See ')], 5, 5);
    const linked = state.apply(setLink(state, linkTarget(state), 'folio:page/abc', 'Install'));
    expect(linked.doc.firstChild!.toJSON().content).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'text', text: 'Install', marks: [{ type: 'link', attrs: { href: 'folio:page/abc' } }] },
    ]);
  });

  it('are set over a selection, edited and taken off in place around the cursor', () => {
    const state = stateOf([paragraph('p', 'See the site')], 9, 13);
    const linked = state.apply(setLink(state, linkTarget(state), 'https://example.org'));
    expect(linked.doc.firstChild!.toJSON().content).toEqual([
      { type: 'text', text: 'See the ' },
      { type: 'text', text: 'site', marks: [{ type: 'link', attrs: { href: 'https://example.org' } }] },
    ]);
    const inside = linked.apply(linked.tr.setSelection(TextSelection.create(linked.doc, 11)));
    expect(linkTarget(inside)).toEqual({ from: 9, to: 13, href: 'https://example.org' });
    const edited = inside.apply(setLink(inside, linkTarget(inside), 'https://example.com'));
    expect(edited.doc.textBetween(0, edited.doc.content.size)).toBe('See the site');
    expect(linkTarget(edited.apply(edited.tr.setSelection(TextSelection.create(edited.doc, 10)))).href).toBe('https://example.com');
    const removed = edited.apply(setLink(edited, { from: 9, to: 13 }, ''));
    expect(removed.doc.firstChild!.toJSON().content).toEqual([{ type: 'text', text: 'See the site' }]);
    const typed = stateOf([paragraph('p', 'Go ')], 4);
    expect(typed.apply(setLink(typed, linkTarget(typed), 'https://x.org')).doc.textContent).toBe('Go https://x.org');
  });
});
