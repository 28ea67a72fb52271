import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { undoRefused } from '../../../../src-main/engine/services/sync/revert.js';
import { Stores, addParagraphs, contentOf } from '../../core/docs/fixture.js';

let stores: Stores;
beforeEach(() => (stores = new Stores()));
afterEach(() => stores.close());

/** A store whose page holds the hub's three paragraphs, then a local deletion of one and a paragraph added. */
function divergedPage() {
  const { store } = stores.open();
  const hub = new Y.Doc();
  addParagraphs(hub, 3);
  store.append('page', Y.encodeStateAsUpdate(hub));
  const local = new Y.Doc();
  Y.applyUpdate(local, Y.encodeStateAsUpdate(hub));
  local.on('update', (update: Uint8Array) => store.append('page', update));
  local.getXmlFragment('body').delete(1, 1);
  addParagraphs(local, 1, 'local');
  const refusal = { type: 'refused' as const, docId: 'page', reason: 'editing content needs the edit role', stateVector: Y.encodeStateVector(hub) };
  return { store, hub, refusal };
}

const paragraphIds = (doc: Y.Doc) => doc.getXmlFragment('body').toArray().map((element) => (element as Y.XmlElement).getAttribute('id'));

describe('undoing on a replica what the hub refused', () => {
  it("takes the hub's whole doc when the refusal carries it: the deletion is undone", () => {
    const { store, hub, refusal } = divergedPage();
    undoRefused(store, { ...refusal, state: Y.encodeStateAsUpdate(hub) }, undefined);
    expect(contentOf(store.load('page'))).toEqual(contentOf(hub));
  });

  it('from a hub that sends only its state vector, deletes what the hub lacks; the deletion stays', () => {
    const { store, refusal } = divergedPage();
    undoRefused(store, refusal, undefined);
    expect(paragraphIds(store.load('page'))).toEqual(['p0', 'p2']);
  });
});
