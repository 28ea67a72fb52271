import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Stores, addParagraphs, contentOf, recordUpdates, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

function pageUpdate(paragraphs: number): Uint8Array {
  const editor = new Y.Doc();
  addParagraphs(editor, paragraphs);
  return Y.encodeStateAsUpdate(editor);
}

describe('loaded docs', () => {
  it('are served from memory until evicted, least recently used first, by count', () => {
    const { store } = stores.open({ cache: { docs: 2 } });
    for (const id of ['a', 'b', 'c']) store.append(id, pageUpdate(1));
    const a = store.load('a');
    const b = store.load('b');
    expect(store.load('a')).toBe(a);
    store.load('c');
    expect(store.cacheSize.docs).toBe(2);
    expect(store.load('a')).toBe(a);
    expect(store.load('b')).not.toBe(b);
  });

  it('are bounded by the bytes of their updates, and a doc over the whole budget is not kept', () => {
    const small = pageUpdate(1);
    const big = pageUpdate(200);
    const { store } = stores.open({ cache: { bytes: small.byteLength * 2 + 10 } });
    store.append('s1', small);
    store.append('s2', small);
    store.append('big', big);
    const s1 = store.load('s1');
    store.load('s2');
    expect(store.cacheSize).toEqual({ docs: 2, bytes: small.byteLength * 2 });
    const loadedBig = store.load('big');
    expect(contentOf(loadedBig)).toEqual(contentOf(store.load('big')));
    expect(store.load('big')).not.toBe(loadedBig);
    expect(store.load('s1')).toBe(s1);
  });

  it('stay loaded while someone keeps them (a doc edited live), outside the limits, however many others are read', () => {
    const big = pageUpdate(200);
    const { store } = stores.open({ cache: { docs: 2, bytes: big.byteLength - 1 } });
    store.append('live', big);
    for (const id of ['a', 'b', 'c', 'd']) store.append(id, pageUpdate(1));
    const release = store.keepLoaded('live');
    const live = store.load('live');
    for (const id of ['a', 'b', 'c', 'd']) store.load(id);
    expect(store.load('live')).toBe(live);
    expect(store.cacheSize.docs).toBe(3);
    release();
    expect(store.load('live')).not.toBe(live);
  });

  it('leave the cache when someone edits them directly: they no longer match the database', () => {
    const { store } = stores.open();
    store.append('page', pageUpdate(2));
    const doc = store.load('page');
    doc.getXmlFragment('body').toString();
    expect(store.load('page')).toBe(doc);
    textOf(doc, 0).insert(0, 'not through the store ');
    const reloaded = store.load('page');
    expect(reloaded).not.toBe(doc);
    expect(textOf(reloaded, 0).toString()).toBe('Paragraph 0');
  });

  it('catch up with rows another connection committed, compacted ones included', () => {
    const { store, file } = stores.open();
    const other = stores.open({}, file).store;
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 1);
    store.append('page', updates[0]!);
    const doc = store.load('page');

    textOf(editor, 0).insert(0, 'One ');
    other.append('page', updates[1]!);
    expect(store.load('page')).toBe(doc);
    expect(textOf(doc, 0).toString()).toBe('One Paragraph 0');

    textOf(editor, 0).insert(0, 'Two ');
    other.append('page', updates[2]!);
    expect(other.compact('page')).toMatchObject({ status: 'compacted', rowsMerged: 3 });
    expect(store.load('page')).toBe(doc);
    expect(contentOf(doc)).toEqual(contentOf(editor));
  });
});
