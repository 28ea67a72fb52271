import fc from 'fast-check';
import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocStore } from '../../../../src-main/engine/core/docs/store.js';
import { Stores, addParagraphs, contentOf, paragraph, recordUpdates, rowsOf, textOf } from './fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** Sync steps 1 and 2 of y-protocols: `to` says what it has, `from` answers what it lacks. */
function pull(to: DocStore, from: DocStore, docId: string): boolean {
  const answer = from.diff(docId, to.stateVector(docId));
  if (!answer.ok) throw new Error(answer.problem.message);
  const applied = to.applyRemote(docId, answer.update, 'peer');
  if (!applied.ok) throw new Error(applied.problem.message);
  return applied.applied;
}

describe('sync helpers', () => {
  it('converge two stores edited apart, and a second exchange appends nothing', () => {
    const a = stores.open();
    const b = stores.open();
    const base = new Y.Doc();
    addParagraphs(base, 3);
    a.store.append('page', Y.encodeStateAsUpdate(base));
    pull(b.store, a.store, 'page');
    const editorA = new Y.Doc();
    Y.applyUpdate(editorA, Y.encodeStateAsUpdate(base));
    const editorB = new Y.Doc();
    Y.applyUpdate(editorB, Y.encodeStateAsUpdate(base));
    const updatesA = recordUpdates(editorA);
    const updatesB = recordUpdates(editorB);
    textOf(editorA, 0).insert(0, 'A was here. ');
    editorA.getXmlFragment('body').delete(2, 1);
    textOf(editorB, 1).insert(0, 'B too. ');
    editorB.getXmlFragment('body').insert(0, [paragraph('b', 'From B')]);
    for (const update of updatesA) a.store.append('page', update);
    for (const update of updatesB) b.store.append('page', update);

    expect(pull(a.store, b.store, 'page')).toBe(true);
    expect(pull(b.store, a.store, 'page')).toBe(true);
    const rows = [rowsOf(a.db, 'page').length, rowsOf(b.db, 'page').length];
    expect(pull(a.store, b.store, 'page')).toBe(false);
    expect(pull(b.store, a.store, 'page')).toBe(false);

    expect([rowsOf(a.db, 'page').length, rowsOf(b.db, 'page').length]).toEqual(rows);
    expect(contentOf(a.store.load('page'))).toEqual(contentOf(b.store.load('page')));
    expect(a.store.load('page').getXmlFragment('body').toString()).toContain('A was here. ');
    expect(b.store.load('page').getXmlFragment('body').toString()).toContain('B too. ');
  });

  it('appends a deletion it has not seen, and only once', () => {
    const { store, db } = stores.open();
    const editor = new Y.Doc();
    addParagraphs(editor, 2);
    store.append('page', Y.encodeStateAsUpdate(editor));
    const updates = recordUpdates(editor);
    editor.getXmlFragment('body').delete(0, 1);

    expect(store.applyRemote('page', updates[0]!, 'peer')).toEqual({ ok: true, applied: true, seq: 2 });
    expect(store.applyRemote('page', updates[0]!, 'peer')).toEqual({ ok: true, applied: false });
    // What a reconnecting peer sends: everything past our state vector (nothing) and its whole delete set.
    expect(store.applyRemote('page', Y.encodeStateAsUpdate(editor, store.stateVector('page')), 'peer')).toEqual({ ok: true, applied: false });
    expect(rowsOf(db, 'page')).toHaveLength(2);
  });

  it('answers a diff from the rows without loading the doc, the same as from the loaded doc', () => {
    const { store } = stores.open();
    const editor = new Y.Doc();
    const updates = recordUpdates(editor);
    addParagraphs(editor, 4);
    const halfway = Y.encodeStateVector(editor);
    textOf(editor, 3).insert(0, 'Later ');
    editor.getXmlFragment('body').delete(0, 1);
    for (const update of updates) store.append('page', update);
    // A replica holding nothing (a new device) lacks the whole doc.
    const nothing = Y.encodeStateVector(new Y.Doc());

    const fromRows = [store.diff('page', halfway), store.diff('page', nothing)];
    expect(store.cacheSize.docs).toBe(0);
    store.load('page');
    const fromDoc = [store.diff('page', halfway), store.diff('page', nothing)];

    const replica = (update: Uint8Array, held: Uint8Array[]) => {
      const doc = new Y.Doc();
      for (const row of held) Y.applyUpdate(doc, row);
      Y.applyUpdate(doc, update);
      return contentOf(doc);
    };
    for (const [halfwayDiff, wholeDiff] of [fromRows, fromDoc]) {
      if (!halfwayDiff?.ok || !wholeDiff?.ok) throw new Error('no diff');
      expect(replica(halfwayDiff.update, [updates[0]!])).toEqual(contentOf(editor));
      expect(replica(wholeDiff.update, [])).toEqual(contentOf(editor));
    }
  });

  it('refuses malformed input as values', () => {
    const { store } = stores.open();
    expect(store.applyRemote('page', new Uint8Array([9, 9, 9]), 'peer')).toMatchObject({ ok: false, problem: { kind: 'malformed-update' } });
    expect(store.diff('page', new Uint8Array([5]))).toMatchObject({ ok: false, problem: { kind: 'malformed-state-vector' } });
  });

  it('tells observers of applied remote updates with their origin, and of nothing else', () => {
    const { store } = stores.open();
    const editor = new Y.Doc();
    addParagraphs(editor, 1);
    const heard: unknown[] = [];
    const stop = store.onUpdate('page', (event) => heard.push(event.origin));
    store.onUpdate('other', () => heard.push('wrong doc'));
    store.applyRemote('page', Y.encodeStateAsUpdate(editor), 'peer-1');
    store.applyRemote('page', Y.encodeStateAsUpdate(editor), 'peer-2');
    stop();
    addParagraphs(editor, 1);
    store.applyRemote('page', Y.encodeStateAsUpdate(editor), 'peer-3');
    expect(heard).toEqual(['peer-1']);
  });
});

/** One replica: a store, and an editor's doc bound to it as the y-websocket endpoint will bind one. */
interface Replica {
  store: DocStore;
  editor: Y.Doc;
  /** Local updates not yet delivered to the other replica. */
  outbox: Uint8Array[];
}

function replica(files: Stores): Replica {
  const { store } = files.open();
  const editor = new Y.Doc();
  const self: Replica = { store, editor, outbox: [] };
  editor.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === store) return;
    store.append('page', update, editor);
    self.outbox.push(update);
  });
  store.onUpdate('page', (event) => {
    if (event.origin !== editor) Y.applyUpdate(editor, event.update, store);
  });
  return self;
}

type Step =
  | { kind: 'edit'; replica: number; op: number; at: number; length: number; text: string }
  | { kind: 'deliver'; replica: number; pick: number }
  | { kind: 'pull'; replica: number }
  | { kind: 'compact'; replica: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('edit' as const), replica: fc.nat(1), op: fc.nat(4), at: fc.nat(1000), length: fc.integer({ min: 1, max: 4 }), text: fc.string({ minLength: 1, maxLength: 6 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), replica: fc.nat(1), pick: fc.nat(1000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pull' as const), replica: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const), replica: fc.nat(1) }) },
);

/** A random edit of the page's paragraphs, wherever `at` falls. */
function edit(doc: Y.Doc, step: Extract<Step, { kind: 'edit' }>): void {
  const body = doc.getXmlFragment('body');
  const paragraphs = body.length;
  if (step.op === 0 || paragraphs === 0) {
    body.insert(step.at % (paragraphs + 1), [paragraph(`p${step.at}`, step.text)]);
  } else if (step.op === 1) {
    const at = step.at % paragraphs;
    body.delete(at, Math.min(step.length, paragraphs - at));
  } else {
    const element = body.get(step.at % paragraphs) as Y.XmlElement;
    const text = element.get(0) as Y.XmlText | null;
    if (step.op === 4 || !text) element.setAttribute('id', step.text);
    else if (step.op === 2) text.insert(step.at % (text.length + 1), step.text);
    else if (text.length > 0) text.delete(step.at % text.length, Math.min(step.length, text.length - (step.at % text.length)));
  }
}

describe('two replicas, edits exchanged in any order', () => {
  // Sixty runs of two SQLite stores each: seconds on an idle machine, more on a busy one.
  it('converge to the same doc', { timeout: 90_000 }, () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 60 }), (steps) => {
        const files = new Stores();
        const replicas = [replica(files), replica(files)] as const;
        try {
          converge(replicas, steps);
        } finally {
          files.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});

/**
 * Runs the steps, then one full exchange each way; both stores, and both editors fed by their
 * observers, must then hold the same doc, with nothing left waiting for dependencies.
 */
function converge(replicas: readonly [Replica, Replica], steps: readonly Step[]): void {
  for (const step of steps) {
    const self = replicas[step.replica]!;
    const other = replicas[1 - step.replica]!;
    if (step.kind === 'edit') edit(self.editor, step);
    if (step.kind === 'deliver' && self.outbox.length > 0) {
      const [update] = self.outbox.splice(step.pick % self.outbox.length, 1);
      const applied = other.store.applyRemote('page', update!, 'peer');
      if (!applied.ok) throw new Error(applied.problem.message);
    }
    if (step.kind === 'pull') pull(self.store, other.store, 'page');
    if (step.kind === 'compact') self.store.compact('page');
  }
  pull(replicas[0].store, replicas[1].store, 'page');
  pull(replicas[1].store, replicas[0].store, 'page');

  const [a, b] = replicas.map((r) => r.store.load('page'));
  expect(contentOf(a!)).toEqual(contentOf(b!));
  expect(contentOf(replicas[0].editor)).toEqual(contentOf(a!));
  expect(contentOf(replicas[1].editor)).toEqual(contentOf(b!));
  expect(missing(a!) || missing(b!)).toBe(false);
}

function missing(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}
