import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sliceRows } from '../../../../src-main/engine/core/docs/slices.js';
import { Stores, addParagraphs, contentOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** A page written by one writer, then edited by two others (text typed in, paragraphs deleted), as rows. */
function editedPage(paragraphs: number): Uint8Array[] {
  const first = new Y.Doc();
  addParagraphs(first, paragraphs);
  const rows = [Y.encodeStateAsUpdate(first)];
  let previous = first;
  for (const at of [3, paragraphs - 5]) {
    const editor = new Y.Doc();
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(previous));
    const before = Y.encodeStateVector(editor);
    const body = editor.getXmlFragment('body');
    ((body.get(at) as Y.XmlElement).get(0) as Y.XmlText).insert(2, `typed at ${at} `);
    body.delete(at + 1, 2);
    rows.push(Y.encodeStateAsUpdate(editor, before));
    previous = editor;
  }
  return rows;
}

function built(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  Y.transact(doc, () => updates.forEach((update) => Y.applyUpdate(doc, update)));
  return doc;
}

describe('a doc cut into slices', () => {
  it('builds, slice after slice, what its rows build, each slice integrating at once', () => {
    const rows = editedPage(300);
    const slices = sliceRows(rows, 50);
    expect(slices.length).toBeGreaterThan(10);
    const doc = new Y.Doc();
    for (const slice of slices) {
      Y.applyUpdate(doc, slice);
      expect(doc.store.pendingStructs).toBeNull();
    }
    expect(doc.store.pendingDs).toBeNull();
    const whole = built(rows);
    expect(contentOf(doc)).toEqual(contentOf(whole));
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(whole));
    expect(Y.encodeStateAsUpdate(doc)).toEqual(Y.encodeStateAsUpdate(whole));
  });

  it('comes back as one update when its rows wait for structs they do not hold', () => {
    const first = new Y.Doc();
    addParagraphs(first, 20);
    const editor = new Y.Doc();
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(first));
    textOf(editor, 1).insert(0, 'one ');
    const before = Y.encodeStateVector(editor);
    textOf(editor, 1).insert(0, 'two ');
    const rows = [Y.encodeStateAsUpdate(first), Y.encodeStateAsUpdate(editor, before)];
    const slices = sliceRows(rows, 5);
    expect(slices).toHaveLength(1);
    expect(contentOf(built(slices))).toEqual(contentOf(built(rows)));
  });
});

describe('loading a doc ahead', () => {
  const slicer = (updates: Uint8Array[]) => Promise.resolve(sliceRows(updates, 50));

  it('caches the doc its rows build, brought up to a row written while it loaded', async () => {
    const { store } = stores.open({ slice: slicer });
    const [first, ...later] = editedPage(3000);
    store.append('page', first!);
    const loading = store.loadAhead('page', 1);
    for (const row of later) store.append('page', row);
    await loading;
    const loaded = store.load('page');
    expect(contentOf(loaded)).toEqual(contentOf(built([first!, ...later])));
    expect(store.load('page')).toBe(loaded);
    expect(contentOf(loaded).body).toContain('typed at 3');
  });

  it('leaves a doc replaced while it loaded for `load` to build', async () => {
    const { store } = stores.open({ slice: slicer });
    const rows = editedPage(3000);
    for (const row of rows) store.append('page', row);
    const loading = store.loadAhead('page', 1);
    const other = new Y.Doc();
    addParagraphs(other, 1, 'other');
    store.replaceWith('page', Y.encodeStateAsUpdate(other));
    await loading;
    expect(contentOf(store.load('page'))).toEqual(contentOf(other));
  });

  it('hands what was worked out from its rows over with the doc as those rows build it, before a row written meanwhile', async () => {
    const { store } = stores.open({ slice: slicer });
    const [first, ...later] = editedPage(3000);
    store.append('page', first!);
    const read: Uint8Array[][] = [];
    const handedOver: { doc: ReturnType<typeof contentOf>; worked: ReturnType<typeof contentOf> }[] = [];
    const loading = store.loadAhead('page', 1, {
      read: (updates) => (read.push(updates), Promise.resolve(contentOf(built(updates)))),
      built: (doc, worked) => handedOver.push({ doc: contentOf(doc), worked }),
    });
    for (const row of later) store.append('page', row);
    await loading;
    expect(read.map((updates) => updates.map((update) => Buffer.from(update)))).toEqual([[Buffer.from(first!)]]);
    expect(handedOver).toEqual([{ doc: contentOf(built([first!])), worked: contentOf(built([first!])) }]);
    expect(contentOf(store.load('page'))).toEqual(contentOf(built([first!, ...later])));
  });

  it('loads the doc without what was to be worked out alongside when that fails', async () => {
    const { store } = stores.open({ slice: slicer });
    const rows = editedPage(3000);
    for (const row of rows) store.append('page', row);
    const handedOver: unknown[] = [];
    await store.loadAhead('page', 1, { read: () => Promise.reject(new Error('worker gone')), built: (doc) => handedOver.push(doc) });
    expect(handedOver).toEqual([]);
    expect(contentOf(store.load('page'))).toEqual(contentOf(built(rows)));
  });
});
