import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readBody, writeBody } from '../../../src-shared/content/index.js';
import { DocEdits } from '../../../src-main/engine/content/doc-edits.js';
import { Stores } from '../docs/fixture.js';

let stores: Stores;
afterEach(() => stores.close());

function openStore() {
  stores = new Stores();
  return stores.open();
}

/** A body of one paragraph. */
const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', attrs: { id: 'p1' }, content: [{ type: 'text', text }] }] });

/** A doc's whole update, as a worker thread makes one for a new page (content/built-body.ts). */
function madeElsewhere(text: string): Uint8Array {
  const doc = new Y.Doc();
  const written = writeBody(doc, paragraph(text));
  if (!written.ok) throw new Error('not written');
  return Y.encodeStateAsUpdate(doc);
}

const text = (doc: Y.Doc) => JSON.stringify(readBody(doc));

describe('DocEdits.create', () => {
  it('appends a doc made elsewhere as it is, on save, and says its seq', () => {
    const { db, store } = openStore();
    const seqs: number[] = [];
    db.transaction(() => {
      const edits = new DocEdits(store);
      edits.create('s/main/page/a', madeElsewhere('Made in a worker.'), (seq) => seqs.push(seq));
      expect(store.updatesOf('s/main/page/a')).toEqual([]);
      edits.save();
    });
    expect(seqs).toEqual([1]);
    expect(text(store.load('s/main/page/a'))).toContain('Made in a worker.');
  });

  it('opened after it was created, the copy holds that update and saves it with its own changes in one row', () => {
    const { db, store } = openStore();
    const saved: number[] = [];
    db.transaction(() => {
      const edits = new DocEdits(store);
      edits.create('s/main/page/a', madeElsewhere('First.'), (seq) => saved.push(seq));
      expect(text(edits.read('s/main/page/a'))).toContain('First.');
      const copy = edits.open('s/main/page/a');
      writeBody(copy, paragraph('Second.'));
      edits.save();
    });
    expect(saved).toEqual([]);
    expect(store.updatesOf('s/main/page/a')).toHaveLength(1);
    expect(text(store.load('s/main/page/a'))).toContain('Second.');
    expect(text(store.load('s/main/page/a'))).not.toContain('First.');
  });

  it('writes nothing when the transaction rolls back', () => {
    const { db, store } = openStore();
    expect(() =>
      db.transaction(() => {
        const edits = new DocEdits(store);
        edits.create('s/main/page/a', madeElsewhere('Lost.'), () => undefined);
        edits.save();
        throw new Error('refused later');
      }),
    ).toThrow('refused later');
    expect(store.updatesOf('s/main/page/a')).toEqual([]);
  });
});
