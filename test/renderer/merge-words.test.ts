import { describe, expect, it } from 'vitest';
import { mergeWords } from '../../src-renderer/changes/merge-words.js';

describe('a merge or an update, in words', () => {
  it('says what happened: a conflicting merge changed nothing, a conflicting update left conflicts to resolve', () => {
    expect(mergeWords('merge', { revision: 'r', result: 'merge' })).toBe('Merged into main.');
    expect(mergeWords('merge', { revision: 'r', result: 'conflicts' })).toMatch(/^Not merged: .* Update from main/);
    expect(mergeWords('update', { revision: 'r', result: 'update' })).toBe('Main’s changes are now in this change request.');
    expect(mergeWords('update', { revision: 'r', result: 'conflicts' })).toMatch(/resolve them below, then merge\.$/);
  });
});
