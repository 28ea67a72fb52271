import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRestorations, recordRestorations } from '../../../../src-main/engine/core/docs/fork.js';
import type { DocStore } from '../../../../src-main/engine/core/docs/store.js';
import { Stores, addParagraphs, contentOf, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** Main's page, written as several rows by an editor that keeps editing it. */
function mainPage() {
  const opened = stores.open();
  const editor = new Y.Doc();
  const updates = recordUpdates(editor);
  addParagraphs(editor, 3);
  textOf(editor, 0).insert(0, 'Intro: ');
  textOf(editor, 2).insert(0, 'Outro: ');
  for (const update of updates) opened.store.append('main:page', update);
  updates.length = 0;
  return { ...opened, editor, updates };
}

/** A change request's editor, starting from the fork. */
function crEditor(doc: Y.Doc): { editor: Y.Doc; updates: Uint8Array[] } {
  const editor = new Y.Doc();
  Y.applyUpdate(editor, Y.encodeStateAsUpdate(doc));
  return { editor, updates: recordUpdates(editor) };
}

describe('fork', () => {
  it('copies the doc as one row and records the state it copied', () => {
    const { store, db, editor } = mainPage();
    const sourceRows = rowsOf(db, 'main:page');
    const heard: unknown[] = [];
    store.onUpdate('cr-1:page', (event) => heard.push(event.origin));

    expect(store.fork('main:page', 'cr-1:page', 'fork')).toEqual({ ok: true, seq: 1 });

    expect(rowsOf(db, 'cr-1:page')).toHaveLength(1);
    expect(rowsOf(db, 'main:page')).toEqual(sourceRows);
    expect(contentOf(store.load('cr-1:page'))).toEqual(contentOf(editor));
    const base = store.forkBase('cr-1:page')!;
    expect(base.sourceDocId).toBe('main:page');
    expect(Y.decodeStateVector(base.stateVector)).toEqual(Y.decodeStateVector(store.stateVector('main:page')));
    expect(Y.decodeStateVector(store.stateVector('cr-1:page'))).toEqual(Y.decodeStateVector(base.stateVector));
    expect(heard).toEqual(['fork']);
    expect(store.forkBase('main:page')).toBeUndefined();
  });

  it('lets a merge take the changes made since the base on either side', () => {
    const { store, editor, updates } = mainPage();
    store.fork('main:page', 'cr-1:page');
    const base = store.forkBase('cr-1:page')!;
    const copied = Y.encodeStateAsUpdate(store.load('cr-1:page'));
    const cr = crEditor(store.load('cr-1:page'));

    textOf(editor, 1).insert(0, 'Main edit: ');
    for (const update of updates) store.append('main:page', update);
    textOf(cr.editor, 0).insert(0, 'CR edit: ');
    for (const update of cr.updates) store.append('cr-1:page', update);

    const mainSince = store.diff('main:page', base.stateVector);
    const crSince = store.diff('cr-1:page', base.stateVector);
    if (!mainSince.ok || !crSince.ok) throw new Error('no diff');
    const atBase = (update: Uint8Array) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, copied);
      Y.applyUpdate(doc, update);
      return doc.getXmlFragment('body').toString();
    };
    expect(atBase(mainSince.update)).toContain('Main edit: Paragraph 1');
    expect(atBase(mainSince.update)).not.toContain('CR edit');
    expect(atBase(crSince.update)).toContain('CR edit: Intro: Paragraph 0');
    expect(atBase(crSince.update)).not.toContain('Main edit');

    expect(store.applyRemote('main:page', crSince.update, 'merge')).toMatchObject({ ok: true, applied: true });
    const merged = store.load('main:page').getXmlFragment('body').toString();
    expect(merged).toContain('CR edit: Intro: Paragraph 0');
    expect(merged).toContain('Main edit: Paragraph 1');
  });

  it('keeps the delete set of the base, so that deletions since the fork are told apart', () => {
    const { store } = mainPage();
    store.fork('main:page', 'cr-1:page');
    const base = store.forkBase('cr-1:page')!;
    const unchanged = store.diff('cr-1:page', base.stateVector);
    if (!unchanged.ok) throw new Error('no diff');
    expect(Y.snapshotContainsUpdate(base.snapshot, unchanged.update)).toBe(true);

    const cr = crEditor(store.load('cr-1:page'));
    cr.editor.getXmlFragment('body').delete(1, 1);
    for (const update of cr.updates) store.append('cr-1:page', update);
    const deleted = store.diff('cr-1:page', base.stateVector);
    if (!deleted.ok) throw new Error('no diff');

    // No struct is new since the base: only the delete set says what changed.
    expect(Y.decodeUpdate(deleted.update).structs).toEqual([]);
    expect(Y.snapshotContainsUpdate(base.snapshot, deleted.update)).toBe(false);
  });

  it('refuses to overwrite a doc, or to copy one that does not exist', () => {
    const { store, db } = mainPage();
    store.append('cr-1:page', Y.encodeStateAsUpdate(new Y.Doc()));
    expect(store.fork('main:page', 'cr-1:page')).toMatchObject({ ok: false, problem: { kind: 'doc-exists' } });
    expect(store.fork('nothing', 'cr-2:page')).toMatchObject({ ok: false, problem: { kind: 'unknown-doc' } });
    expect(rowsOf(db, 'cr-1:page')).toHaveLength(1);
    expect(rowsOf(db, 'cr-2:page')).toEqual([]);
    expect(store.forkBase('cr-1:page')).toBeUndefined();
  });

  it('keeps what the hub put back, each block with its newest copy, and reads the list an earlier version wrote as blocks with no copy known', () => {
    const { store, db } = mainPage();
    store.fork('main:page', 'cr-1:page');
    expect(readRestorations(db, 'cr-1:page')).toEqual({ blocks: new Map(), analysed: new Map() });
    recordRestorations(db, 'cr-1:page', new Map([['1:4', '9:0'], ['1:7', undefined]]), Y.encodeStateVector(new Map([[1, 12]])));
    expect(readRestorations(db, 'cr-1:page')).toEqual({ blocks: new Map([['1:4', '9:0'], ['1:7', undefined]]), analysed: new Map([[1, 12]]) });
    db.run('UPDATE doc_forks SET restored_blocks = ? WHERE doc_id = ?', JSON.stringify(['1:4']), 'cr-1:page');
    expect(readRestorations(db, 'cr-1:page').blocks).toEqual(new Map([['1:4', undefined]]));
  });

  it('records the same base whether the source is loaded (snapshot taken from the doc) or read from its rows', () => {
    const { store, file, editor, updates } = mainPage();
    textOf(editor, 1).delete(0, 3);
    for (const update of updates) store.append('main:page', update);
    store.load('main:page');
    expect(store.fork('main:page', 'cr-loaded:page').ok).toBe(true);
    const fromRows = stores.open({}, file).store;
    expect(fromRows.fork('main:page', 'cr-rows:page').ok).toBe(true);
    const [loaded, rows] = [store.forkBase('cr-loaded:page')!, fromRows.forkBase('cr-rows:page')!];
    expect(Y.equalSnapshots(loaded.snapshot, rows.snapshot)).toBe(true);
    expect(loaded.stateVector).toEqual(rows.stateVector);
    expect(store.stateVector('cr-loaded:page')).toEqual(fromRows.stateVector('cr-rows:page'));
  });
});

/** Main's page and two copies of it made at different moments: `early` before main's latest edit, `late` after. */
function twoCopies() {
  const opened = mainPage();
  const early = Y.encodeStateAsUpdate(opened.store.load('main:page'));
  textOf(opened.editor, 1).insert(0, 'Later: ');
  for (const update of opened.updates) opened.store.append('main:page', update);
  return { ...opened, early, late: Y.encodeStateAsUpdate(opened.store.load('main:page')) };
}

const bytesOf = (update: Uint8Array) => [...update];
const earlyText = (early: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, early);
  return textOf(doc, 1).toString();
};

describe("a peer's fork base", () => {
  it('becomes an unwritten doc, as a copy made here would: its content and its recorded base', () => {
    const { store, early } = twoCopies();
    expect(store.adoptForkBase('cr-1:page', 'main:page', early, 'peer', 'copy')).toEqual({ ok: true, adopted: true });
    expect(textOf(store.load('cr-1:page'), 1).toString()).toBe(earlyText(early));
    expect(textOf(store.load('main:page'), 1).toString()).not.toBe(earlyText(early));
    expect(bytesOf(store.forkBase('cr-1:page')!.baseUpdate)).toEqual(bytesOf(early));
    expect(store.writtenFork('cr-1:page')).toMatchObject({ copyOnly: true });
  });

  it('replaces a copy nobody wrote since, and leaves a doc written after its copy as it is', () => {
    const { store, db, early, late } = twoCopies();
    store.fork('main:page', 'cr-copy:page');
    expect(store.isForkCopy('cr-copy:page', rowsOf(db, 'cr-copy:page')[0]!.update)).toBe(true);
    const heard: unknown[] = [];
    store.onUpdate('cr-copy:page', (event) => heard.push({ origin: event.origin, replaced: event.replaced }));
    expect(store.adoptForkBase('cr-copy:page', 'main:page', early, 'peer', 'copy')).toEqual({ ok: true, adopted: true });
    // Its editors' copies held the copy it replaced: a room's clients join again.
    expect(heard).toEqual([{ origin: 'peer', replaced: true }]);
    expect(rowsOf(db, 'cr-copy:page').map((row) => bytesOf(row.update))).toEqual([bytesOf(early)]);
    expect(textOf(store.load('cr-copy:page'), 1).toString()).toBe(earlyText(early));

    store.fork('main:page', 'cr-edited:page');
    const editor = crEditor(store.load('cr-edited:page'));
    textOf(editor.editor, 0).insert(0, 'Mine: ');
    for (const update of editor.updates) store.append('cr-edited:page', update);
    expect(store.writtenFork('cr-edited:page')).toMatchObject({ copyOnly: false });
    expect(store.adoptForkBase('cr-edited:page', 'main:page', early, 'peer', 'copy')).toEqual({ ok: true, adopted: false });
    expect(bytesOf(store.forkBase('cr-edited:page')!.baseUpdate)).toEqual(bytesOf(late));
  });

  it("with 'earlier-copy', replaces a copy only by an older one", () => {
    const { store, early, late } = twoCopies();
    expect(store.adoptForkBase('cr-1:page', 'main:page', early, 'peer', 'copy').ok).toBe(true);
    expect(store.adoptForkBase('cr-1:page', 'main:page', late, 'peer', 'earlier-copy')).toEqual({ ok: true, adopted: false });
    expect(store.adoptForkBase('cr-2:page', 'main:page', late, 'peer', 'copy').ok).toBe(true);
    expect(store.adoptForkBase('cr-2:page', 'main:page', early, 'peer', 'earlier-copy')).toEqual({ ok: true, adopted: true });
    expect(bytesOf(store.forkBase('cr-2:page')!.baseUpdate)).toEqual(bytesOf(early));
  });

  it('is refused, changing nothing, when it is not an update', () => {
    const { store, db } = twoCopies();
    expect(store.adoptForkBase('cr-1:page', 'main:page', new Uint8Array([1, 2, 3]), 'peer', 'copy')).toMatchObject({ ok: false, problem: { kind: 'malformed-update' } });
    expect(rowsOf(db, 'cr-1:page')).toEqual([]);
  });
});

/** A change request doc written here on its own copy of `base` (an early or a late copy of main). */
function writtenOn(store: DocStore, docId: string, base: Uint8Array, paragraph = 2) {
  expect(store.adoptForkBase(docId, 'main:page', base, 'peer', 'copy').ok).toBe(true);
  const editor = crEditor(store.load(docId));
  textOf(editor.editor, paragraph).insert(0, 'Mine: ');
  for (const update of editor.updates) store.append(docId, update);
  return () => contentOf(store.load(docId));
}

describe("a peer's fork base, for a doc written here", () => {
  it('is taken when it is the earlier of two copies, by the hub and by a replica, and the content stays', () => {
    const { store, early, late } = twoCopies();
    const content = writtenOn(store, 'cr-late:page', late);
    const before = content();
    expect(store.preferForkBase('cr-late:page', 'main:page', early, undefined, 'hub')).toEqual({ ok: true, taken: true });
    expect(bytesOf(store.forkBase('cr-late:page')!.baseUpdate)).toEqual(bytesOf(early));
    expect(content()).toEqual(before);

    writtenOn(store, 'cr-early:page', early);
    for (const by of ['hub', 'replica'] as const) {
      expect(store.preferForkBase('cr-early:page', 'main:page', late, undefined, by)).toEqual({ ok: true, taken: false });
    }
    expect(bytesOf(store.forkBase('cr-early:page')!.baseUpdate)).toEqual(bytesOf(early));
  });

  it('is taken when it is the earlier of two copies that hold the same structs, the later deleting more (main only deleted between them)', () => {
    const opened = mainPage();
    const early = Y.encodeStateAsUpdate(opened.store.load('main:page'));
    opened.editor.getXmlFragment('body').delete(1, 1);
    for (const update of opened.updates) opened.store.append('main:page', update);
    const late = Y.encodeStateAsUpdate(opened.store.load('main:page'));
    writtenOn(opened.store, 'cr-late:page', late, 0);
    expect(opened.store.preferForkBase('cr-late:page', 'main:page', early, undefined, 'hub')).toEqual({ ok: true, taken: true });
    writtenOn(opened.store, 'cr-early:page', early, 0);
    expect(opened.store.preferForkBase('cr-early:page', 'main:page', late, undefined, 'hub')).toEqual({ ok: true, taken: false });
  });

  it('is taken when an update moved it, once the doc holds its structs, and no copy replaces it then', () => {
    const { store, early, late } = twoCopies();
    writtenOn(store, 'cr-1:page', early);
    const movedFrom = store.forkBase('cr-1:page')!.stateVector;
    expect(store.preferForkBase('cr-1:page', 'main:page', late, movedFrom, 'hub')).toEqual({ ok: true, taken: false });
    // What the update pulled in arrives with it.
    store.append('cr-1:page', Y.diffUpdate(late, movedFrom));
    expect(store.preferForkBase('cr-1:page', 'main:page', late, movedFrom, 'hub')).toEqual({ ok: true, taken: true });
    expect(bytesOf(store.forkBase('cr-1:page')!.movedFrom!)).toEqual(bytesOf(movedFrom));
    for (const by of ['hub', 'replica'] as const) {
      expect(store.preferForkBase('cr-1:page', 'main:page', early, undefined, by)).toEqual({ ok: true, taken: false });
    }
    expect(bytesOf(store.forkBase('cr-1:page')!.baseUpdate)).toEqual(bytesOf(late));
  });

  it('is recorded as moved by an update here, and the rows of that transaction say so to observers', () => {
    const { store, db, early, late } = twoCopies();
    writtenOn(store, 'cr-1:page', early);
    const movedFrom = store.forkBase('cr-1:page')!.stateVector;
    const heard: unknown[] = [];
    store.onUpdate('cr-1:page', (event) => heard.push(event.baseMoved ?? false));
    db.transaction(() => {
      store.append('cr-1:page', Y.diffUpdate(late, movedFrom));
      expect(store.moveForkBase('cr-1:page').ok).toBe(true);
    });
    store.append('cr-1:page', Y.encodeStateAsUpdate(new Y.Doc()));
    expect(heard).toEqual([true, false]);
    expect(bytesOf(store.forkBase('cr-1:page')!.movedFrom!)).toEqual(bytesOf(movedFrom));
  });

  it('is refused, changing nothing, when its base or where it moved from is not well formed', () => {
    const { store, early } = twoCopies();
    writtenOn(store, 'cr-1:page', early);
    expect(store.preferForkBase('cr-1:page', 'main:page', new Uint8Array([1, 2, 3]), undefined, 'hub')).toMatchObject({ ok: false, problem: { kind: 'malformed-update' } });
    expect(store.preferForkBase('cr-1:page', 'main:page', early, new Uint8Array([9]), 'hub')).toMatchObject({ ok: false, problem: { kind: 'malformed-state-vector' } });
    expect(bytesOf(store.forkBase('cr-1:page')!.baseUpdate)).toEqual(bytesOf(early));
  });
});
