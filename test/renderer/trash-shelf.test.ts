import { describe, expect, it } from 'vitest';
import { TrashShelf } from '../../src-renderer/tree/trash-shelf.js';
import { memoryStorage } from './fake-page.js';

describe('TrashShelf', () => {
  it('keeps what was deleted per organization, newest first, each once', () => {
    const storage = memoryStorage();
    const shelf = new TrashShelf(storage, 'o1');
    shelf.add(['a']);
    shelf.add(['b', 'a']);
    expect(shelf.list()).toEqual(['b', 'a']);
    expect(new TrashShelf(storage, 'o2').list()).toEqual([]);
    shelf.drop(['b']);
    expect(shelf.list()).toEqual(['a']);
  });

  it('reads anything else stored under its key as empty', () => {
    const storage = memoryStorage();
    storage.setItem('folio.trash.o1', '{not json');
    expect(new TrashShelf(storage, 'o1').list()).toEqual([]);
    storage.setItem('folio.trash.o1', '[1,"s1",null]');
    expect(new TrashShelf(storage, 'o1').list()).toEqual(['s1']);
  });
});
