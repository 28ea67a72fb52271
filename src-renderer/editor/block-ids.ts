import { Plugin } from 'prosemirror-state';
import { newBlockId } from '../../src-shared/content/ids.js';

/**
 * Every block keeps one id of its own (docs/content-model.md): a block created without one, or a
 * split that copied its source's id, gets a fresh id in the same transaction.
 */
export function blockIdsPlugin(): Plugin {
  return new Plugin({
    appendTransaction(transactions, _old, state) {
      if (!transactions.some((transaction) => transaction.docChanged)) return null;
      const seen = new Set<string>();
      const tr = state.tr;
      state.doc.descendants((node, pos) => {
        if (!Object.hasOwn(node.attrs, 'id')) return;
        const id = node.attrs.id as string | null;
        if (id !== null && !seen.has(id)) {
          seen.add(id);
          return;
        }
        const fresh = newBlockId();
        seen.add(fresh);
        tr.setNodeAttribute(pos, 'id', fresh);
      });
      return tr.docChanged ? tr.setMeta('addToHistory', false) : null;
    },
  });
}
