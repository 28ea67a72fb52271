import { describe, expect, it } from 'vitest';
import type { PmNodeJson } from '../../src-shared/content/index.js';
import { blockChanges } from '../../src-renderer/content/diff.js';

const paragraph = (id: string, text: string): PmNodeJson => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
const doc = (...blocks: PmNodeJson[]): PmNodeJson => ({ type: 'doc', content: blocks });

describe('a page against main, block by block', () => {
  it('marks kept, added, changed and removed blocks, removed ones where they stood', () => {
    const base = doc(paragraph('a', 'Intro'), paragraph('b', 'Old step'), paragraph('c', 'Install'), paragraph('d', 'Outro'));
    const head = doc(paragraph('a', 'Intro'), paragraph('c', 'Install the client'), paragraph('n', 'New step'), paragraph('d', 'Outro'));
    expect(blockChanges(base, head)).toEqual([
      { kind: 'same', id: 'a', text: 'Intro' },
      { kind: 'removed', id: 'b', text: 'Old step' },
      { kind: 'changed', id: 'c', text: 'Install the client', before: 'Install' },
      { kind: 'added', id: 'n', text: 'New step' },
      { kind: 'same', id: 'd', text: 'Outro' },
    ]);
  });

  it('shows every block as added on a page main does not have', () => {
    expect(blockChanges(undefined, doc(paragraph('a', 'Hello')))).toEqual([{ kind: 'added', id: 'a', text: 'Hello' }]);
  });

  it('keeps blocks removed before any kept block at the top', () => {
    expect(blockChanges(doc(paragraph('x', 'Gone'), paragraph('a', 'Kept')), doc(paragraph('a', 'Kept')))).toEqual([
      { kind: 'removed', id: 'x', text: 'Gone' },
      { kind: 'same', id: 'a', text: 'Kept' },
    ]);
  });
});
