import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotOf, type ForkBase } from '../../../../src-main/engine/core/docs/fork.js';
import { mergeAll } from '../../../../src-main/engine/core/docs/updates.js';
import { Stores, addParagraphs, contentOf, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

const MAIN = 'space/s/main/';
const CR = 'space/s/cr/c1/';

/** Main with two pages and a tree, forked into one change request. */
function forkedSpace() {
  const opened = stores.open();
  const editors = new Map<string, Y.Doc>();
  for (const name of ['page/a', 'page/b', 'tree']) {
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 2, name);
    for (const update of updates) opened.store.append(MAIN + name, update);
    editors.set(name, editor);
  }
  opened.store.forkBranch(MAIN, CR);
  return { ...opened, editors };
}

function edit(doc: Y.Doc, text: string): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const updates = recordUpdates(copy);
  textOf(copy, 0).insert(0, text);
  return Y.mergeUpdates(updates);
}

describe('forkBranch', () => {
  it('copies a doc before the change request first writes it from a copy state made off the loop, as it would itself', () => {
    const { store } = forkedSpace();
    // Main's page loses a paragraph first, so its copies carry deletions; then two change requests fork it.
    const editor = new Y.Doc();
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(store.load(MAIN + 'page/a')));
    const updates = recordUpdates(editor);
    editor.getXmlFragment('body').delete(1, 1);
    for (const update of updates) store.append(MAIN + 'page/a', update);
    const [planned, inPlace] = ['space/s/cr/c2/', 'space/s/cr/c3/'].map((prefix) => {
      store.forkBranch(MAIN, prefix);
      return `${prefix}page/a`;
    }) as [string, string];
    const rows = store.updatesOf(planned);
    const update = edit(store.load(planned), 'CR: ');
    const merged = mergeAll(rows);
    const copyOf = store.copySourceOf(planned)!;
    expect(copyOf.source).toBe(MAIN + 'page/a');
    const after = new Y.Doc();
    for (const row of rows) Y.applyUpdate(after, row);
    Y.applyUpdate(after, update);
    store.appendNew(planned, update, Y.encodeStateVector(after), store.stateVector(planned), { ...copyOf, update: merged, snapshot: Y.encodeSnapshot(snapshotOf(merged)) });
    store.append(inPlace, update);
    const [a, b] = [planned, inPlace].map((docId) => store.forkBase(docId)!) as [ForkBase, ForkBase];
    expect(Y.equalSnapshots(a.snapshot, b.snapshot)).toBe(true);
    expect(a.stateVector).toEqual(b.stateVector);
    const base = (fork: ForkBase) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, fork.baseUpdate);
      return contentOf(doc);
    };
    expect(base(a)).toEqual(base(b));
    expect(contentOf(store.load(planned))).toEqual(contentOf(store.load(inPlace)));
    expect(store.copySourceOf(planned)).toBeUndefined();
  });

  it('ignores a copy state made before its source moved, and copies the source as it stands', () => {
    const { store } = forkedSpace();
    const docId = CR + 'page/b';
    const copyOf = store.copySourceOf(docId)!;
    const stale = mergeAll(store.updatesOf(docId));
    store.append(MAIN + 'page/b', edit(store.load(MAIN + 'page/b'), 'Main: '));
    const update = edit(store.load(docId), 'CR: ');
    store.appendNew(docId, update, Y.encodeStateVector(store.load(docId)), store.stateVector(docId), { ...copyOf, update: stale, snapshot: Y.encodeSnapshot(snapshotOf(stale)) });
    // The copy was made before main's write (copy-before-write), so it holds main's old text, not 'Main: '.
    expect(textOf(store.load(docId), 0).toString()).toMatch(/^CR: /);
    expect(textOf(store.load(docId), 0).toString()).not.toMatch(/Main: /);
  });

  it('copies nothing: an unwritten copy reads its source', () => {
    const { store, db, editors } = forkedSpace();
    expect(rowsOf(db, CR + 'page/a')).toEqual([]);
    expect(contentOf(store.load(CR + 'page/a'))).toEqual(contentOf(editors.get('page/a')!));
    expect(store.stateVector(CR + 'page/a')).toEqual(store.stateVector(MAIN + 'page/a'));
    expect(store.writtenUnder(CR)).toEqual([]);
  });

  it('copies a doc into the branch just before main changes it, so the change request keeps the fork point', () => {
    const { store, editors } = forkedSpace();
    const before = contentOf(editors.get('page/a')!);
    store.append(MAIN + 'page/a', edit(store.load(MAIN + 'page/a'), 'Main: '));
    expect(contentOf(store.load(CR + 'page/a'))).toEqual(before);
    expect(textOf(store.load(MAIN + 'page/a'), 0).toString()).toMatch(/^Main: /);
    expect(store.writtenUnder(CR)).toEqual([CR + 'page/a']);
    expect(store.forkBase(CR + 'page/a')?.sourceDocId).toBe(MAIN + 'page/a');
  });

  it('copies a doc before the change request first writes it, and main does not see the write', () => {
    const { store } = forkedSpace();
    const mainBefore = contentOf(store.load(MAIN + 'page/b'));
    store.append(CR + 'page/b', edit(store.load(CR + 'page/b'), 'CR: '));
    expect(textOf(store.load(CR + 'page/b'), 0).toString()).toMatch(/^CR: /);
    expect(contentOf(store.load(MAIN + 'page/b'))).toEqual(mainBefore);
    const base = store.forkBase(CR + 'page/b')!;
    const rebuilt = new Y.Doc();
    Y.applyUpdate(rebuilt, base.baseUpdate);
    expect(contentOf(rebuilt)).toEqual(mainBefore);
  });

  it('applies a remote update to an unwritten copy only when it brings something', () => {
    const { store, db } = forkedSpace();
    const same = Y.encodeStateAsUpdate(store.load(MAIN + 'page/a'));
    expect(store.applyRemote(CR + 'page/a', same, 'peer')).toEqual({ ok: true, applied: false });
    expect(rowsOf(db, CR + 'page/a')).toEqual([]);
    expect(store.applyRemote(CR + 'page/a', edit(store.load(CR + 'page/a'), 'Peer: '), 'peer')).toMatchObject({ applied: true });
    expect(textOf(store.load(CR + 'page/a'), 0).toString()).toMatch(/^Peer: /);
  });

  it('gives an unwritten copy its source as fork base, and moves a written copy\'s base to the source\'s state', () => {
    const { store } = forkedSpace();
    const treeBase = store.forkBase(CR + 'tree')!;
    expect(treeBase.sourceDocId).toBe(MAIN + 'tree');
    expect([...treeBase.stateVector]).toEqual([...store.stateVector(MAIN + 'tree')]);
    store.append(CR + 'page/a', edit(store.load(CR + 'page/a'), 'CR: '));
    store.append(MAIN + 'page/a', edit(store.load(MAIN + 'page/a'), 'Main: '));
    expect([...store.forkBase(CR + 'page/a')!.stateVector]).not.toEqual([...store.stateVector(MAIN + 'page/a')]);
    const moved = store.moveForkBase(CR + 'page/a');
    expect(moved.ok && [...moved.base.stateVector]).toEqual([...store.stateVector(MAIN + 'page/a')]);
    expect(store.moveForkBase(CR + 'page/b')).toMatchObject({ ok: false, problem: { kind: 'unknown-doc' } });
  });

  it('leaves docs created on main after the fork out of the branch', () => {
    const { store, db } = forkedSpace();
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 1, 'new');
    for (const update of updates) store.append(MAIN + 'page/new', update);
    expect(rowsOf(db, CR + 'page/new')).toEqual([]);
  });

  it('rolls the copy back with the write that caused it', () => {
    const { store, db } = forkedSpace();
    expect(() =>
      db.transaction(() => {
        store.append(MAIN + 'page/a', edit(store.load(MAIN + 'page/a'), 'Main: '));
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(rowsOf(db, CR + 'page/a')).toEqual([]);
  });

  it('forgets the fork when the space is purged', () => {
    const { store, db } = forkedSpace();
    store.removeUnder('space/s/');
    expect(db.all('SELECT * FROM branch_forks')).toEqual([]);
    expect(store.load(CR + 'page/a').getXmlFragment('body').length).toBe(0);
  });
});

describe('a branch forked or removed inside one transaction', () => {
  it('reads its source from the fork on, and nothing once removed, though the transaction asked before', () => {
    const opened = stores.open();
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 2, 'page/a');
    for (const update of updates) opened.store.append(MAIN + 'page/a', update);
    opened.db.transaction(() => {
      expect(opened.store.isEmpty(CR + 'page/a')).toBe(true);
      opened.store.forkBranch(MAIN, CR);
      expect(opened.store.isEmpty(CR + 'page/a')).toBe(false);
      expect(contentOf(opened.store.load(CR + 'page/a'))).toEqual(contentOf(editor));
      opened.store.removeUnder(MAIN);
      opened.store.removeUnder(CR);
      expect(opened.store.isEmpty(CR + 'page/a')).toBe(true);
    });
  });
});

describe('a source that exists without rows (emptyWithoutRows)', () => {
  /** A change request forked from a main whose tree has no row here; `emptyTrees`: the store knows trees exist empty before their first row. */
  function forkedFromNothing(emptyTrees: boolean) {
    const opened = stores.open(emptyTrees ? { emptyWithoutRows: (docId) => docId.endsWith('/tree') } : {});
    opened.store.forkBranch(MAIN, CR);
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 1, 'CR');
    for (const update of updates) opened.store.append(CR + 'tree', update);
    opened.store.append(CR + 'page/new', Y.encodeStateAsUpdate(editor));
    return opened;
  }

  it('copies the empty doc before the change request first writes it, and records it as the base', () => {
    const { store } = forkedFromNothing(true);
    const fork = store.writtenFork(CR + 'tree')!;
    expect(fork.base.sourceDocId).toBe(MAIN + 'tree');
    expect(fork.base.snapshot.sv.size).toBe(0);
    expect(fork.copyOnly).toBe(false);
    expect(store.forkBase(CR + 'page/new')).toBeUndefined();
  });

  it('leaves a doc without a base when its source does not exist empty', () => {
    const { store } = forkedFromNothing(false);
    expect(store.writtenFork(CR + 'tree')).toBeUndefined();
    expect(store.forkBase(CR + 'tree')).toBeUndefined();
  });
});

describe('freezeBranch', () => {
  it('stops copying main into a closed branch, whose unwritten docs then read main as it is', () => {
    const { store, db } = forkedSpace();
    store.freezeBranch(CR);
    store.append(MAIN + 'page/a', edit(store.load(MAIN + 'page/a'), 'Main: '));
    expect(rowsOf(db, CR + 'page/a')).toEqual([]);
    expect(textOf(store.load(CR + 'page/a'), 0).toString()).toMatch(/^Main: /);
  });
});
