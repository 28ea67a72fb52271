import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

const caretBlockKey = new PluginKey<DecorationSet>('caret-block');

/**
 * Marks the top-level blocks that hold the selection's ends (`caret-block`). The browser skips
 * rendering the other blocks while they are far from the viewport (`content-visibility: auto`,
 * styles.css), so a keystroke lays out the lines on screen rather than the whole page; the blocks
 * under the caret are never skipped: a block the browser has not rendered yet (a heading an input
 * rule has just made) cannot take the caret, and the next key typed there was lost.
 */
export function caretBlockPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: caretBlockKey,
    state: {
      init: (_, state) => caretBlocks(state),
      apply: (tr, before, _old, state) => {
        if (!tr.docChanged && !tr.selectionSet) return before;
        const [mapped, after] = [before.map(tr.mapping, tr.doc), caretBlocks(state)];
        return sameBlocks(mapped, after) ? mapped : after;
      },
    },
    props: { decorations: (state) => caretBlockKey.getState(state) },
  });
}

function caretBlocks(state: EditorState): DecorationSet {
  const { doc, selection } = state;
  const starts = new Set<number>();
  for (const pos of [selection.anchor, selection.head]) {
    const resolved = doc.resolve(pos);
    // At the top level (a gap cursor, a node selected), the block after the position.
    starts.add(resolved.depth > 0 ? resolved.before(1) : pos);
  }
  const decorations: Decoration[] = [];
  for (const from of [...starts].sort((x, y) => x - y)) {
    const node = doc.nodeAt(from);
    if (node) decorations.push(Decoration.node(from, from + node.nodeSize, { class: 'caret-block' }));
  }
  return DecorationSet.create(doc, decorations);
}

function sameBlocks(a: DecorationSet, b: DecorationSet): boolean {
  const [left, right] = [a.find(), b.find()];
  return left.length === right.length && left.every((decoration, index) => decoration.from === right[index]!.from && decoration.to === right[index]!.to);
}
