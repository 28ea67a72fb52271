import { describe, expect, it } from 'vitest';
import type { PmNodeJson } from '../../src-shared/content/index.js';
import { reviewLines } from '../../src-renderer/review/page-diff.js';
import { wordDiff } from '../../src-renderer/review/word-diff.js';

const paragraphs = (blocks: Record<string, string>): PmNodeJson => ({
  type: 'doc',
  content: Object.entries(blocks).map(([id, text]) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] })),
});

describe('a page under review', () => {
  it('marks the words changed inside a block', () => {
    expect(wordDiff('Tip: back up every day.', 'Tip: back up every hour, automatically.')).toEqual([
      { kind: 'same', text: 'Tip: back up every ' },
      { kind: 'removed', text: 'day.' },
      { kind: 'added', text: 'hour, automatically.' },
    ]);
    expect(wordDiff('', 'New.')).toEqual([{ kind: 'added', text: 'New.' }]);
  });

  it('keeps changes in sight and folds long runs of unchanged blocks', () => {
    const base = paragraphs(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`b${i}`, `text ${i}`])));
    const head = paragraphs({ ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`b${i}`, `text ${i}`])), b5: 'text five', n: 'new' });
    const kinds = reviewLines(base, head).map((line) => (line.kind === 'folded' ? `folded ${line.blocks.length}` : line.kind));
    expect(kinds).toEqual(['folded 4', 'same', 'changed', 'same', 'folded 2', 'same', 'added']);
  });

  it('shows a page created as all added, and removed blocks after the one they followed', () => {
    expect(reviewLines(undefined, paragraphs({ a: 'one' })).map((line) => line.kind)).toEqual(['added']);
    expect(reviewLines(paragraphs({ a: 'one', b: 'two' }), paragraphs({ a: 'one' })).map((line) => line.kind)).toEqual(['same', 'removed']);
  });
});
