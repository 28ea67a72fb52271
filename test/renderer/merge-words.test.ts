import { describe, expect, it } from 'vitest';
import { mergeWords } from '../../src-renderer/changes/merge-words.js';

describe('a merge or an update, in words', () => {
  it('says what happened and where conflicts are to be checked', () => {
    expect(mergeWords('merge', { revision: 'r', result: 'merge' })).toBe('Merged into main.');
    expect(mergeWords('merge', { revision: 'r', result: 'conflicts' })).toMatch(/^Merged into main\. With conflicts: .* check them in main\.$/);
    expect(mergeWords('update', { revision: 'r', result: 'update' })).toBe('Main’s changes are now in this change request.');
    expect(mergeWords('update', { revision: 'r', result: 'conflicts' })).toMatch(/check them in this change request\.$/);
  });
});
