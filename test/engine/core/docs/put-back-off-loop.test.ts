import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restorationFrom, type RestorationInput, type RestorationOutput } from '../../../../src-main/engine/core/docs/deleted-writes.js';
import type { DocStore } from '../../../../src-main/engine/core/docs/store.js';
import { Stores, addParagraphs, textOf } from './fixture.js';

/**
 * A hub's put-back of a block whose deletion took a writer's words, worked out off the event loop
 * (`DocStoreOptions.restore`, a worker thread in the engine; here the same work, held until the
 * test lets it answer) and written after the write that found the loss (docs/doc-store.md).
 * Main deletes paragraph 1 between two copies; `b` writes on the later, `a` and `c` in the deleted
 * paragraph on the earlier.
 */
let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** A `restore` whose answers wait until the test releases them, one by one. */
function heldRestore() {
  const waiting: (() => void)[] = [];
  const restore = (input: RestorationInput) => new Promise<RestorationOutput>((resolve) => waiting.push(() => resolve(restorationFrom(input))));
  return { restore, waiting };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const docOf = (update: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  return doc;
};
const texts = (store: DocStore) => store.load('cr:page').getXmlFragment('body').toArray().map((element) => ((element as Y.XmlElement).get(0) as Y.XmlText).toString());
const schedule = (task: () => void) => void setImmediate(task);

/** Main's two copies, the change request's doc on the hub as `b` wrote it on the later one, and a writer on the earlier. */
function twoCopies(hub: DocStore) {
  const main = new Y.Doc();
  addParagraphs(main, 3);
  const early = Y.encodeStateAsUpdate(main);
  main.getXmlFragment('body').delete(1, 1);
  const late = Y.encodeStateAsUpdate(main);
  expect(hub.adoptForkBase('cr:page', 'main:page', late, 'peer', 'copy').ok).toBe(true);
  const b = docOf(late);
  textOf(b, 0).insert(0, 'B: ');
  hub.append('cr:page', Y.encodeStateAsUpdate(b, Y.encodeStateVectorFromUpdate(late)));
  /** A push of a writer on the earlier copy, `write` done on it. */
  const pushOnEarly = (store: DocStore, writer: Y.Doc, write: (text: Y.XmlText) => void) => {
    const before = Y.encodeStateVector(writer);
    write(textOf(writer, 1));
    store.append('cr:page', Y.encodeStateAsUpdate(writer, before));
    expect(store.preferForkBase('cr:page', 'main:page', early, undefined, 'hub', true)).toMatchObject({ ok: true });
  };
  return { early, pushOnEarly };
}

describe('a hub putting back, off the event loop, the words a deletion took', () => {
  it('writes nothing until the work answers, then puts the block back once, even when two processes of the hub found the loss', async () => {
    const one = heldRestore();
    const two = heldRestore();
    const first = stores.open({ restore: one.restore, schedule });
    const second = stores.open({ restore: two.restore, schedule }, first.file);
    const { early, pushOnEarly } = twoCopies(first.store);
    pushOnEarly(first.store, docOf(early), (text) => text.insert(0, 'A: '));
    pushOnEarly(second.store, docOf(early), (text) => text.insert(text.length, ' and C'));
    await until(() => one.waiting.length === 1 && two.waiting.length === 1);
    expect(texts(first.store)).toEqual(['B: Paragraph 0', 'Paragraph 2']);

    // The second process writes first; the first finds what it read has moved, and looks again.
    two.waiting.shift()!();
    await until(() => texts(first.store).length === 3);
    one.waiting.shift()!();
    await until(() => one.waiting.length === 1);
    one.waiting.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const { store } of [first, second]) expect(texts(store)).toEqual(['B: Paragraph 0', 'A: Paragraph 1 and C', 'Paragraph 2']);
  });

  it('looks again for words that arrived while it worked, and puts them back after the first copy', async () => {
    const held = heldRestore();
    const hub = stores.open({ restore: held.restore, schedule }).store;
    const { early, pushOnEarly } = twoCopies(hub);
    const a = docOf(early);
    pushOnEarly(hub, a, (text) => text.insert(0, 'A: '));
    await until(() => held.waiting.length === 1);
    // Typed during the round trip: the deletion had not reached `a`.
    pushOnEarly(hub, a, (text) => text.insert(text.length, ' more'));
    held.waiting.shift()!();
    await until(() => held.waiting.length === 1);
    expect(texts(hub)).toEqual(['B: Paragraph 0', 'A: Paragraph 1', 'Paragraph 2']);
    held.waiting.shift()!();
    await until(() => texts(hub).length === 4);
    expect(texts(hub)).toEqual(['B: Paragraph 0', 'A: Paragraph 1', 'Paragraph 1 more', 'Paragraph 2']);
  });
});
