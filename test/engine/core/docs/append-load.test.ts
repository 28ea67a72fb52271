import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { DocStore } from '../../../../src-main/engine/core/docs/store.js';
import { Stores, addParagraphs, contentOf, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** An editor's doc with a few changes, each its own update. */
function edited(): { editor: Y.Doc; updates: Uint8Array[] } {
  const editor = new Y.Doc();
  const updates = recordUpdates(editor);
  addParagraphs(editor, 3);
  textOf(editor, 1).insert(0, 'Hello ');
  editor.getXmlFragment('body').delete(0, 1);
  textOf(editor, 0).delete(0, 3);
  return { editor, updates };
}

describe('append and load', () => {
  it('loads what was appended, one row per update, seqs from 1', () => {
    const { store, db } = stores.open();
    const { editor, updates } = edited();
    const seqs = updates.map((update) => {
      const appended = store.append('page', update);
      if (!appended.ok) throw new Error(appended.problem.message);
      return appended.seq;
    });
    expect(seqs).toEqual([1, 2, 3, 4]);
    expect(rowsOf(db, 'page').map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(contentOf(store.load('page'))).toEqual(contentOf(editor));
  });

  it('persists: another connection to the file loads the same doc', () => {
    const { store, file } = stores.open();
    const { editor, updates } = edited();
    for (const update of updates) store.append('page', update);
    const other = new DocStore(openDatabase(file).db);
    expect(contentOf(other.load('page'))).toEqual(contentOf(editor));
  });

  it('answers the state vector from its table, equal to the loaded doc', () => {
    const { store } = stores.open();
    const { editor, updates } = edited();
    for (const update of updates) store.append('page', update);
    expect(Y.decodeStateVector(store.stateVector('page'))).toEqual(Y.decodeStateVector(Y.encodeStateVector(editor)));
    expect(store.cacheSize.docs).toBe(0);
  });

  it('loads an unknown doc as an empty doc', () => {
    const { store } = stores.open();
    expect(store.load('nothing').getXmlFragment('body').length).toBe(0);
    expect(Y.decodeStateVector(store.stateVector('nothing')).size).toBe(0);
  });

  it('refuses bytes that are not an update, storing nothing', () => {
    const { store, db } = stores.open();
    const refused = store.append('page', new Uint8Array([1, 2, 3]));
    expect(refused).toEqual({ ok: false, problem: { kind: 'malformed-update', message: expect.any(String) } });
    expect(rowsOf(db, 'page')).toEqual([]);
  });

  it('keeps docs apart', () => {
    const { store } = stores.open();
    const a = new Y.Doc();
    const b = new Y.Doc();
    addParagraphs(a, 2, 'a');
    addParagraphs(b, 5, 'b');
    store.append('a', Y.encodeStateAsUpdate(a));
    store.append('b', Y.encodeStateAsUpdate(b));
    expect(contentOf(store.load('a'))).toEqual(contentOf(a));
    expect(contentOf(store.load('b'))).toEqual(contentOf(b));
  });
});
