import type { Node } from 'prosemirror-model';
import { fail, ok, type Result } from './result.js';

/**
 * The body, or the first table whose rows do not have one cell per column. The schema cannot
 * count, and both outputs need it: the `Document` files a cell under its column's id, Markdown
 * under its column's position.
 */
export function rectangularTables(doc: Node): Result<Node> {
  let ragged: Node | undefined;
  doc.descendants((node) => {
    if (ragged || node.type.name !== 'table') return !ragged;
    let columns = 0;
    node.forEach((child) => {
      if (child.type.name === 'table_header') columns++;
      else if (child.childCount !== columns) ragged ??= node;
    });
    return false;
  });
  return ragged ? fail({ kind: 'ragged-table', blockId: (ragged.attrs.id as string | null) ?? null }) : ok(doc);
}
