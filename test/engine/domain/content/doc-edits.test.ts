import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readBody, writeBody } from '../../../../src-shared/content/index.js';
import { DocEdits, type MadeDoc, type PlannedWrite } from '../../../../src-main/engine/domain/content/doc-edits.js';
import { Stores } from '../../core/docs/fixture.js';

let stores: Stores;
afterEach(() => stores.close());

function openStore() {
  stores = new Stores();
  return stores.open();
}

/** A body of one paragraph. */
const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', attrs: { id: 'p1' }, content: [{ type: 'text', text }] }] });

/** A doc's whole update, as a worker thread makes one for a new page (content/built-body.ts). */
function madeElsewhere(text: string): MadeDoc {
  const doc = new Y.Doc();
  const written = writeBody(doc, paragraph(text));
  if (!written.ok) throw new Error('not written');
  return { update: Y.encodeStateAsUpdate(doc), stateVector: Y.encodeStateVector(doc) };
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
    // The state vector came with the update rather than from decoding it: the same as the doc's.
    expect([...store.stateVector('s/main/page/a')]).toEqual([...Y.encodeStateVector(store.load('s/main/page/a'))]);
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

describe('DocEdits.spareSaved', () => {
  const DOC = 's/main/tree';
  const write = (edits: DocEdits, key: string, value: string) => edits.open(DOC).getMap('m').set(key, value);
  const entries = (doc: Y.Doc) => doc.getMap('m').toJSON();

  /** One request's write: opens the doc, sets `key`, saves, and hands its copy back. */
  function request(db: ReturnType<typeof openStore>['db'], store: ReturnType<typeof openStore>['store'], key: string, value: string, fail = false): Y.Doc {
    return db.transaction(() => {
      const edits = new DocEdits(store);
      write(edits, key, value);
      const copy = edits.open(DOC);
      edits.save();
      edits.spareSaved(DOC);
      if (fail) throw new Error('refused later');
      return copy;
    });
  }

  it('gives the next request the copy the last one wrote, and it writes on from the stored state', () => {
    const { db, store } = openStore();
    const first = request(db, store, 'a', '1');
    const second = request(db, store, 'b', '2');
    expect(second).toBe(first);
    expect(entries(store.load(DOC))).toEqual({ a: '1', b: '2' });
    expect(store.updatesOf(DOC)).toHaveLength(2);
  });

  it('is not given once the doc has had a row from elsewhere, a deletion alone included', () => {
    const { db, store } = openStore();
    const first = request(db, store, 'a', '1');
    // Another writer (a live editor, sync) deletes the entry: no new item, only a deletion.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(store.load(DOC)));
    const updates: Uint8Array[] = [];
    other.on('update', (update: Uint8Array) => updates.push(update));
    other.getMap('m').delete('a');
    expect(store.append(DOC, updates[0]!).ok).toBe(true);
    const second = request(db, store, 'b', '2');
    expect(second).not.toBe(first);
    expect(entries(store.load(DOC))).toEqual({ b: '2' });
  });

  it('is dropped when the request that spared it rolls back', () => {
    const { db, store } = openStore();
    const first = request(db, store, 'a', '1');
    expect(() => request(db, store, 'b', 'lost', true)).toThrow('refused later');
    const third = request(db, store, 'c', '3');
    expect(third).not.toBe(first);
    expect(entries(store.load(DOC))).toEqual({ a: '1', c: '3' });
    expect(entries(third)).toEqual({ a: '1', c: '3' });
  });

  it('is dropped when the doc is removed, whose seqs then start over', () => {
    const { db, store } = openStore();
    request(db, store, 'a', '1');
    store.removeUnder('s/');
    const again = request(db, store, 'b', '2');
    expect(entries(again)).toEqual({ b: '2' });
    expect(entries(store.load(DOC))).toEqual({ b: '2' });
  });
});

describe('DocEdits.save', () => {
  const DOC = 's/main/tree';
  const entries = (doc: Y.Doc) => doc.getMap('m').toJSON();
  const saveWith = (db: ReturnType<typeof openStore>['db'], store: ReturnType<typeof openStore>['store'], edit: (doc: Y.Doc) => void) =>
    db.transaction(() => {
      const edits = new DocEdits(store);
      edit(edits.open(DOC));
      return edits.save();
    });

  it('appends new items with the state vector the copy reached, which is the stored doc’s', () => {
    const { db, store } = openStore();
    saveWith(db, store, (doc) => doc.getMap('m').set('a', '1'));
    const saved = saveWith(db, store, (doc) => doc.getMap('m').set('b', '2'));
    expect(saved.get(DOC)?.seq).toBe(2);
    expect(entries(store.load(DOC))).toEqual({ a: '1', b: '2' });
    expect([...store.stateVector(DOC)]).toEqual([...Y.encodeStateVector(store.load(DOC))]);
  });

  it('appends a deletion alone, which brings no new item', () => {
    const { db, store } = openStore();
    saveWith(db, store, (doc) => doc.getMap('m').set('a', '1'));
    const before = store.stateVector(DOC);
    const saved = saveWith(db, store, (doc) => doc.getMap('m').delete('a'));
    expect(saved.get(DOC)?.seq).toBe(2);
    expect(entries(store.load(DOC))).toEqual({});
    expect([...store.stateVector(DOC)]).toEqual([...before]);
  });

  it('appends nothing for a copy opened and left as it was', () => {
    const { db, store } = openStore();
    saveWith(db, store, (doc) => doc.getMap('m').set('a', '1'));
    const saved = saveWith(db, store, () => undefined);
    expect(saved.has(DOC)).toBe(false);
    expect(store.updatesOf(DOC)).toHaveLength(1);
  });

  it('appends on top of a row another writer added while the copy was open, keeping both', () => {
    const { db, store } = openStore();
    saveWith(db, store, (doc) => doc.getMap('m').set('a', '1'));
    db.transaction(() => {
      const edits = new DocEdits(store);
      edits.open(DOC).getMap('m').set('b', '2');
      // Meanwhile, in the same transaction, a peer's update lands: the copy no longer starts where the store stands.
      const other = new Y.Doc();
      Y.applyUpdate(other, Y.encodeStateAsUpdate(store.load(DOC)));
      const updates: Uint8Array[] = [];
      other.on('update', (update: Uint8Array) => updates.push(update));
      other.getMap('m').set('c', '3');
      expect(store.append(DOC, updates[0]!).ok).toBe(true);
      edits.save();
    });
    expect(entries(store.load(DOC))).toEqual({ a: '1', b: '2', c: '3' });
    expect([...store.stateVector(DOC)]).toEqual([...Y.encodeStateVector(store.load(DOC))]);
  });
});

describe('DocEdits.plan', () => {
  const DOC = 's/main/page/a';
  /** A body written into a copy built from the doc's rows, as a worker plans it (planned-body.ts). */
  function planned(store: ReturnType<typeof openStore>['store'], text: string): PlannedWrite {
    const doc = new Y.Doc();
    for (const row of store.updatesOf(DOC)) Y.applyUpdate(doc, row);
    const before = Y.encodeStateVector(doc);
    writeBody(doc, paragraph(text));
    return { update: Y.encodeStateAsUpdate(doc, before), stateVector: Y.encodeStateVector(doc), held: store.stateVector(DOC) };
  }
  /** The doc given a first body, then a body planned from it saved, `meanwhile` run between the plan and the save; answers the seqs `saved` was told. */
  function savePlanned(store: ReturnType<typeof openStore>, body: string, meanwhile: (edits: DocEdits) => void = () => undefined): number[] {
    store.db.transaction(() => {
      const edits = new DocEdits(store.store);
      writeBody(edits.open(DOC), paragraph('First.'));
      edits.save();
    });
    const plan = planned(store.store, body);
    const seqs: number[] = [];
    store.db.transaction(() => {
      const edits = new DocEdits(store.store);
      expect(edits.plan(DOC, plan, (seq) => seqs.push(seq))).toBe(true);
      meanwhile(edits);
      edits.save();
    });
    return seqs;
  }

  it('appends the planned update as it is and says its seq, the doc then reading as planned', () => {
    const opened = openStore();
    expect(savePlanned(opened, 'Second.')).toEqual([2]);
    const { store } = opened;
    expect(text(store.load(DOC))).toContain('Second.');
    expect(text(store.load(DOC))).not.toContain('First.');
    expect([...store.stateVector(DOC)]).toEqual([...Y.encodeStateVector(store.load(DOC))]);
  });

  it('opened after it was planned, the copy holds the planned write and saves it with its own changes', () => {
    const opened = openStore();
    const seqs = savePlanned(opened, 'Second.', (edits) => {
      expect(text(edits.read(DOC))).toContain('Second.');
      writeBody(edits.open(DOC), paragraph('Third.'));
    });
    expect(seqs).toEqual([]);
    expect(text(opened.store.load(DOC))).toContain('Third.');
  });

  it('merges a plan whose doc moved since, without saying its seq: what it was planned from no longer describes the doc', () => {
    const opened = openStore();
    // Another writer's row lands in the same transaction, before the save.
    const seqs = savePlanned(opened, 'Planned.', () => {
      const other = new DocEdits(opened.store);
      other.open(DOC).getMap('meta').set('note', 'meanwhile');
      other.save();
    });
    expect(seqs).toEqual([]);
    const doc = opened.store.load(DOC);
    expect(text(doc)).toContain('Planned.');
    expect(doc.getMap('meta').get('note')).toBe('meanwhile');
  });
});
