import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCompaction, isPlan, planCompaction } from '../../../../src-main/engine/core/docs/compaction.js';
import { UpdateLog } from '../../../../src-main/engine/core/docs/log.js';
import { Stores, addParagraphs, contentOf, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** An editor typing into a page, each keystroke its own update. */
function typing(keystrokes: number): { editor: Y.Doc; updates: Uint8Array[] } {
  const editor = new Y.Doc();
  const updates = recordUpdates(editor);
  addParagraphs(editor, 3);
  for (let i = 0; i < keystrokes; i++) textOf(editor, i % 3).insert(0, String.fromCharCode(97 + (i % 26)));
  editor.getXmlFragment('body').delete(1, 1);
  return { editor, updates };
}

describe('compaction', () => {
  it('merges every row into one, keeping the last seq, the content and the state vector', () => {
    const { store, db } = stores.open();
    const { editor, updates } = typing(20);
    for (const update of updates) store.append('page', update);
    const before = contentOf(store.load('page'));

    const result = store.compact('page');

    expect(result).toMatchObject({ status: 'compacted', rowsMerged: 22 });
    expect(rowsOf(db, 'page').map((row) => row.seq)).toEqual([22]);
    const reloaded = stores.open({}, fileOf(db)).store.load('page');
    expect(contentOf(reloaded)).toEqual(before);
    expect(contentOf(reloaded)).toEqual(contentOf(editor));
    expect(Y.decodeStateVector(store.stateVector('page'))).toEqual(Y.decodeStateVector(Y.encodeStateVector(editor)));
    expect(db.get('SELECT row_count AS rowCount, seq FROM docs WHERE doc_id = ?', 'page')).toEqual({ rowCount: 1, seq: 22 });
  });

  it('keeps deleted content: a merge needs the ids of blocks deleted on one side', () => {
    const { store, db } = stores.open();
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 2);
    textOf(editor, 1).insert(0, 'Doomed ');
    editor.getXmlFragment('body').delete(1, 1);
    for (const update of updates) store.append('page', update);

    expect(store.compact('page')).toMatchObject({ status: 'compacted' });

    const [row] = rowsOf(db, 'page');
    const items = Y.decodeUpdate(row!.update).structs.filter((struct) => struct instanceof Y.Item);
    const text = items.flatMap((item) => (item.content instanceof Y.ContentString ? [item.content.str] : [])).join('');
    const attributes = items.flatMap((item) => (item.content instanceof Y.ContentAny ? item.content.arr : []));
    expect(text).toContain('Paragraph 1');
    expect(text).toContain('Doomed');
    // The deleted paragraph's id.
    expect(attributes).toContain('p1');
  });

  it('deletes exactly the rows it merged: rows appended after it read them stay', () => {
    const { store, db } = stores.open();
    const { editor, updates } = typing(10);
    for (const update of updates.slice(0, 8)) store.append('page', update);
    const log = new UpdateLog(db);

    const plan = planCompaction(db, log, 'page');
    if (!isPlan(plan)) throw new Error(`no plan: ${plan.status}`);
    for (const update of updates.slice(8)) store.append('page', update);
    const result = applyCompaction(db, log, plan);

    expect(result).toMatchObject({ status: 'compacted', rowsMerged: 8 });
    expect(rowsOf(db, 'page').map((row) => row.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(db.get('SELECT row_count AS rowCount FROM docs WHERE doc_id = ?', 'page')).toEqual({ rowCount: 5 });
    expect(contentOf(stores.open({}, fileOf(db)).store.load('page'))).toEqual(contentOf(editor));
  });

  it('writes nothing when another compaction merged some of its rows first', () => {
    const { store, db } = stores.open();
    const { updates } = typing(5);
    for (const update of updates) store.append('page', update);
    const log = new UpdateLog(db);
    const late = planCompaction(db, log, 'page');
    if (!isPlan(late)) throw new Error('no plan');
    expect(store.compact('page')).toMatchObject({ status: 'compacted' });
    const rows = rowsOf(db, 'page');

    expect(applyCompaction(db, log, late)).toEqual({ status: 'superseded' });
    expect(rowsOf(db, 'page')).toEqual(rows);
  });

  it('leaves a single row alone', () => {
    const { store, db } = stores.open();
    store.append('page', Y.encodeStateAsUpdate(typing(1).editor));
    expect(store.compact('page')).toEqual({ status: 'unneeded', rows: 1 });
    expect(store.compact('none')).toEqual({ status: 'unneeded', rows: 0 });
    expect(rowsOf(db, 'page')).toHaveLength(1);
  });

  it('refuses a doc whose rows build on structs it does not hold, until they come', () => {
    const { store, db } = stores.open();
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 1);
    textOf(editor, 0).insert(0, 'Withheld ');
    textOf(editor, 0).insert(0, 'Depends ');
    // The second update is withheld: the third builds on it.
    store.append('page', updates[0]!);
    store.append('page', updates[2]!);
    const rows = rowsOf(db, 'page');

    const refused = store.compact('page');

    expect(refused).toEqual({
      status: 'missing-dependencies',
      missing: { structs: [{ client: editor.clientID, clock: Y.getState(editor.store, editor.clientID) - 'Depends '.length - 1 }], deletions: [] },
    });
    expect(rowsOf(db, 'page')).toEqual(rows);

    store.append('page', updates[1]!);
    expect(store.compact('page')).toMatchObject({ status: 'compacted', rowsMerged: 3 });
    expect(contentOf(store.load('page'))).toEqual(contentOf(editor));
  });

  it('refuses a doc whose deletions refer to a client it has never seen', () => {
    const { store, db } = stores.open();
    const page = new Y.Doc();
    addParagraphs(page, 1);
    const stranger = new Y.Doc();
    const strangerUpdates = recordUpdates(stranger);
    Y.applyUpdate(stranger, Y.encodeStateAsUpdate(page));
    addParagraphs(stranger, 1, 'stranger');
    stranger.getXmlFragment('body').delete(1, 1);
    // The stranger's paragraph is withheld; only its deletion arrives.
    store.append('page', Y.encodeStateAsUpdate(page));
    store.append('page', strangerUpdates.at(-1)!);

    const refused = store.compact('page');

    expect(refused).toEqual({ status: 'missing-dependencies', missing: { structs: [], deletions: [stranger.clientID] } });
    expect(rowsOf(db, 'page')).toHaveLength(2);
  });

  it('runs after the commit that brings a doc to a multiple of the threshold', () => {
    const queued: (() => void)[] = [];
    const { store, db } = stores.open({ compactEveryRows: 10, schedule: (task) => queued.push(task) });
    const { editor, updates } = typing(20);
    store.append('page', updates[0]!);
    const doc = store.load('page');
    for (const update of updates.slice(1, 9)) store.append('page', update);
    expect(queued).toHaveLength(0);
    store.append('page', updates[9]!);
    expect(queued).toHaveLength(1);
    // More appends before it runs: the same doc is not queued twice, and they are merged too.
    for (const update of updates.slice(10, 19)) store.append('page', update);
    queued.shift()!();
    expect(rowsOf(db, 'page').map((row) => row.seq)).toEqual([19]);
    for (const update of updates.slice(19)) store.append('page', update);
    expect(queued).toHaveLength(0);
    expect(rowsOf(db, 'page')).toHaveLength(4);
    // Compaction changes rows, not content: the loaded doc stays.
    expect(store.load('page')).toBe(doc);
    expect(contentOf(doc)).toEqual(contentOf(editor));
  });
});

function fileOf(db: { raw: { name: string } }): string {
  return db.raw.name;
}
