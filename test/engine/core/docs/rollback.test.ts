import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocUpdate } from '../../../../src-main/engine/core/docs/observers.js';
import { Stores, addParagraphs, contentOf, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

class Refused extends Error {}

/** A store holding a one-paragraph page, loaded (so cached), and the editor that wrote it. */
function loadedPage() {
  const opened = stores.open();
  opened.db.raw.exec('CREATE TABLE projection (doc_id TEXT, title TEXT)');
  const editor = new Y.Doc();
  addParagraphs(editor, 1);
  opened.store.append('page', Y.encodeStateAsUpdate(editor));
  const updates = recordUpdates(editor);
  const doc = opened.store.load('page');
  return { ...opened, editor, updates, doc };
}

describe('the enclosing transaction', () => {
  it('rolls back the row and the projection together, and the loaded doc stays at the commit', () => {
    const { db, store, editor, updates, doc } = loadedPage();
    const before = contentOf(doc);
    const heard: DocUpdate[] = [];
    store.onUpdate('*', (event) => heard.push(event));
    textOf(editor, 0).insert(0, 'Draft ');

    expect(() =>
      db.transaction(() => {
        db.run('INSERT INTO projection VALUES (?, ?)', 'page', 'Draft');
        store.append('page', updates[0]!);
        throw new Refused();
      }),
    ).toThrow(Refused);

    expect(db.all('SELECT * FROM projection')).toEqual([]);
    expect(rowsOf(db, 'page')).toHaveLength(1);
    expect(store.load('page')).toBe(doc);
    expect(contentOf(doc)).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('shows the open transaction its own rows in the loaded doc, which keeps them on commit', () => {
    const { db, store, editor, updates, doc } = loadedPage();
    textOf(editor, 0).insert(0, 'Saved ');

    db.transaction(() => {
      store.append('page', updates[0]!);
      const inside = store.load('page');
      expect(inside).toBe(doc);
      expect(textOf(inside, 0).toString()).toBe('Saved Paragraph 0');
    });

    expect(store.load('page')).toBe(doc);
    expect(textOf(doc, 0).toString()).toBe('Saved Paragraph 0');
    expect(rowsOf(db, 'page')).toHaveLength(2);
  });

  it('drops a loaded doc that read rows of a transaction that then rolled back', () => {
    const { db, store, editor, updates, doc } = loadedPage();
    textOf(editor, 0).insert(0, 'Draft ');

    expect(() =>
      db.transaction(() => {
        store.append('page', updates[0]!);
        expect(textOf(store.load('page'), 0).toString()).toBe('Draft Paragraph 0');
        throw new Refused();
      }),
    ).toThrow(Refused);

    const after = store.load('page');
    expect(after).not.toBe(doc);
    expect(textOf(after, 0).toString()).toBe('Paragraph 0');
    expect(rowsOf(db, 'page')).toHaveLength(1);
  });

  it('after a rollback, the next commit publishes only its own rows', () => {
    const { db, store, editor, updates, doc } = loadedPage();
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(editor));
    const otherUpdates = recordUpdates(other);
    textOf(editor, 0).insert(0, 'Lost ');
    textOf(other, 0).insert(11, ' kept');
    const heard: number[] = [];
    store.onUpdate('page', (event) => heard.push(event.seq));

    expect(() =>
      db.transaction(() => {
        store.append('page', updates[0]!);
        throw new Refused();
      }),
    ).toThrow(Refused);
    const kept = store.append('page', otherUpdates[0]!);

    // Seq 2 is handed out again, now to the update that committed.
    expect(kept).toEqual({ ok: true, seq: 2 });
    expect(heard).toEqual([2]);
    expect(store.load('page')).toBe(doc);
    expect(textOf(doc, 0).toString()).toBe('Paragraph 0 kept');
  });

  it('tells observers after the commit, in order, with the origin', () => {
    const { db, store, editor, updates } = loadedPage();
    const heard: { seq: number; origin: unknown; inTransaction: boolean }[] = [];
    store.onUpdate('page', (event) => heard.push({ seq: event.seq, origin: event.origin, inTransaction: db.raw.inTransaction }));
    textOf(editor, 0).insert(0, 'A');
    textOf(editor, 0).insert(0, 'B');

    db.transaction(() => {
      store.append('page', updates[0]!, 'first');
      store.append('page', updates[1]!, 'second');
      expect(heard).toEqual([]);
    });

    expect(heard).toEqual([
      { seq: 2, origin: 'first', inTransaction: false },
      { seq: 3, origin: 'second', inTransaction: false },
    ]);
  });
});
