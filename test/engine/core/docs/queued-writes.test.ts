import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriteOrder, WriteOutcome } from '../../../../src-main/engine/core/db/database.js';
import type { DocUpdate } from '../../../../src-main/engine/core/docs/observers.js';
import { Stores, addParagraphs, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

class Refused extends Error {}

/**
 * What a hub process's order sees of a database's transactions (`WriteOrder`, docs/hub.md): the
 * turns, and whether each committed. Its `commit` fails when told to, as PostgreSQL going away would.
 */
class RecordedOrder implements WriteOrder {
  readonly turns: string[] = [];
  failNextCommit = false;
  begin(): void {
    this.turns.push('begin');
  }
  commit(): void {
    if (this.failNextCommit) {
      this.failNextCommit = false;
      throw new Error('PostgreSQL went away');
    }
    this.turns.push('commit');
  }
  end(committed: boolean): void {
    this.turns.push(committed ? 'end' : 'rolled back');
  }
  checkUnwritten(): void {}
}

/** A store with a one-paragraph page, an editor's three keystrokes on it, and a recorded order. */
function orderedPage() {
  const opened = stores.open();
  const editor = new Y.Doc();
  addParagraphs(editor, 1);
  opened.store.append('page', Y.encodeStateAsUpdate(editor));
  const updates = recordUpdates(editor);
  for (const word of ['a ', 'b ', 'c ']) textOf(editor, 0).insert(0, word);
  const order = new RecordedOrder();
  opened.db.useWriteOrder(order);
  const heard: DocUpdate[] = [];
  opened.store.onUpdate('*', (event) => heard.push(event));
  return { ...opened, updates, order, heard };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('queued writes (group commit on a hub process)', () => {
  it('share one transaction and one turn, and are told only after it committed', async () => {
    const { db, store, updates, order, heard } = orderedPage();
    const told: WriteOutcome<number>[] = [];
    for (const update of updates) {
      db.queueWrite(() => {
        store.append('page', update);
        return update.length;
      }, (outcome) => told.push(outcome));
    }
    expect(told).toEqual([]);
    await settled();
    expect(order.turns).toEqual(['begin', 'commit', 'end']);
    expect(told).toEqual(updates.map((update) => ({ ok: true, value: update.length })));
    expect(heard.map((event) => event.update)).toEqual(updates);
    expect(textOf(store.load('page'), 0).toString()).toBe('c b a Paragraph 0');
  });

  it('rolls back a write that throws alone: the others commit, observers hear only them, the loaded doc drops its rows', async () => {
    const { db, store, updates, order, heard } = orderedPage();
    const told: WriteOutcome<string>[] = [];
    db.queueWrite(() => {
      store.append('page', updates[0]!);
      return 'first';
    }, (outcome) => told.push(outcome));
    db.queueWrite(() => {
      store.append('page', updates[1]!);
      // The refused write's own rows were read into the loaded doc before it threw.
      expect(textOf(store.load('page'), 0).toString()).toBe('b a Paragraph 0');
      throw new Refused();
    }, (outcome) => told.push(outcome));
    await settled();
    expect(told[0]).toEqual({ ok: true, value: 'first' });
    expect(told[1]).toMatchObject({ ok: false, error: expect.any(Refused) });
    expect(order.turns).toEqual(['begin', 'commit', 'end']);
    expect(heard.map((event) => event.update)).toEqual([updates[0]]);
    expect(rowsOf(db, 'page')).toHaveLength(2);
    expect(textOf(store.load('page'), 0).toString()).toBe('a Paragraph 0');
  });

  it('tells every write of the turn that it failed when the turn does not commit, and keeps nothing', async () => {
    const { db, store, updates, order, heard } = orderedPage();
    order.failNextCommit = true;
    const told: WriteOutcome<void>[] = [];
    for (const update of updates) db.queueWrite(() => void store.append('page', update), (outcome) => told.push(outcome));
    await settled();
    expect(told).toHaveLength(3);
    expect(told.every((outcome) => !outcome.ok && (outcome.error as Error).message === 'PostgreSQL went away')).toBe(true);
    expect(order.turns).toEqual(['begin', 'rolled back']);
    expect(heard).toEqual([]);
    expect(rowsOf(db, 'page')).toHaveLength(1);
  });

  it('commits what is queued before any other transaction, so writes keep their order of arrival', () => {
    const { db, store, updates, order } = orderedPage();
    const told: string[] = [];
    db.queueWrite(() => store.append('page', updates[0]!), () => told.push('queued'));
    const rows = db.transaction(() => rowsOf(db, 'page').length, 'read');
    expect(told).toEqual(['queued']);
    expect(rows).toBe(2);
    expect(order.turns).toEqual(['begin', 'commit', 'end']);
  });

  it('runs at once on a file with no write order (a data dir)', () => {
    const { db, store } = stores.open();
    const told: WriteOutcome<number>[] = [];
    db.queueWrite(() => store.append('page', Y.encodeStateAsUpdate(new Y.Doc())) && 1, (outcome) => told.push(outcome));
    expect(told).toEqual([{ ok: true, value: 1 }]);
  });
});
