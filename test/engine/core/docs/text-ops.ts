import fc from 'fast-check';
import type * as Y from 'yjs';

/** Random edits of a doc's text `t`, for properties over what writes leave in a doc. */
export type Op = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number; len: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(40), text: fc.stringMatching(/^[a-z]{1,5}$/) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(40), len: fc.integer({ min: 1, max: 6 }) }),
);

export const textOps = (maxLength: number) => fc.array(op, { maxLength });

/** Makes `list`'s edits in the doc's text `t`, each place taken modulo the text's length. */
export function editText(doc: Y.Doc, list: readonly Op[]): void {
  const text = doc.getText('t');
  for (const change of list) {
    if (change.kind === 'insert') text.insert(change.at % (text.length + 1), change.text);
    else if (text.length > 0) {
      const at = change.at % text.length;
      text.delete(at, Math.min(change.len, text.length - at));
    }
  }
}
