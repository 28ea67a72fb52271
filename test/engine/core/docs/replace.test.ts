import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocUpdate } from '../../../../src-main/engine/core/docs/observers.js';
import { MAIN, commentsDoc, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { addPage, changeDoc, writeParagraphs } from '../../transports/yjs/peers.js';
import { Stores, addParagraphs, contentOf, rowsOf } from './fixture.js';

/** Another engine's copy of a page: three paragraphs. */
function hubsPage(): Y.Doc {
  const hub = new Y.Doc();
  addParagraphs(hub, 3);
  return hub;
}

describe('DocStore.replaceWith', () => {
  let stores: Stores;
  beforeEach(() => (stores = new Stores()));
  afterEach(() => stores.close());

  /** A store holding the hub's page plus local rows: a paragraph deleted, one added; loaded, so cached. */
  function divergedPage() {
    const opened = stores.open();
    const hub = hubsPage();
    opened.store.append('page', Y.encodeStateAsUpdate(hub));
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(hub));
    local.on('update', (update: Uint8Array) => opened.store.append('page', update));
    local.getXmlFragment('body').delete(1, 1);
    addParagraphs(local, 1, 'local');
    const cached = opened.store.load('page');
    return { ...opened, hub, cached };
  }

  it("makes the hub's state the doc's one row: content, deletions undone, state vector as the hub's", () => {
    const { db, store, hub, cached } = divergedPage();
    expect(rowsOf(db, 'page')).toHaveLength(3);
    const heard: DocUpdate[] = [];
    store.onUpdate('page', (event) => heard.push(event));
    const state = Y.encodeStateAsUpdate(hub);

    expect(store.replaceWith('page', state, 'sync')).toEqual({ ok: true, seq: 4 });

    expect(rowsOf(db, 'page').map((row) => [row.seq, new Uint8Array(row.update)])).toEqual([[4, state]]);
    expect(db.get('SELECT seq, row_count FROM docs WHERE doc_id = ?', 'page')).toEqual({ seq: 4, row_count: 1 });
    expect(Y.decodeStateVector(store.stateVector('page'))).toEqual(Y.decodeStateVector(Y.encodeStateVector(hub)));
    const loaded = store.load('page');
    expect(loaded).not.toBe(cached);
    expect(contentOf(loaded)).toEqual(contentOf(hub));
    expect(heard).toEqual([{ docId: 'page', seq: 4, update: state, origin: 'sync', replaced: true }]);
  });

  it('is a write like others: seqs go on from it, and the loaded doc follows later appends', () => {
    const { store, hub } = divergedPage();
    store.replaceWith('page', Y.encodeStateAsUpdate(hub));
    store.load('page');
    addParagraphs(hub, 1, 'later');
    const appended = store.append('page', Y.encodeStateAsUpdate(hub, store.stateVector('page')));
    expect(appended).toEqual({ ok: true, seq: 5 });
    expect(contentOf(store.load('page'))).toEqual(contentOf(hub));
  });

  it('a load inside its transaction reads the replaced doc, and stays right once committed', () => {
    const { db, store, hub } = divergedPage();
    db.transaction(() => {
      store.replaceWith('page', Y.encodeStateAsUpdate(hub));
      expect(contentOf(store.load('page'))).toEqual(contentOf(hub));
    });
    expect(contentOf(store.load('page'))).toEqual(contentOf(hub));
  });

  it('calls the in-transaction write hook, so projections follow it', () => {
    const { store, hub } = divergedPage();
    const hooked: [string, number][] = [];
    store.onWriteInTransaction((docId, seq) => hooked.push([docId, seq]));
    store.replaceWith('page', Y.encodeStateAsUpdate(hub));
    expect(hooked).toEqual([['page', 4]]);
  });

  it('rolls back with its transaction: rows, content and observers as before', () => {
    const { db, store, hub, cached } = divergedPage();
    const rows = rowsOf(db, 'page');
    const before = contentOf(cached);
    const heard: DocUpdate[] = [];
    store.onUpdate('*', (event) => heard.push(event));
    expect(() =>
      db.transaction(() => {
        store.replaceWith('page', Y.encodeStateAsUpdate(hub));
        expect(contentOf(store.load('page'))).toEqual(contentOf(hub));
        throw new Error('refused later in the transaction');
      }),
    ).toThrow('refused later');
    expect(rowsOf(db, 'page')).toEqual(rows);
    expect(contentOf(store.load('page'))).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('refuses bytes that are not an update, writing nothing', () => {
    const { db, store } = divergedPage();
    const rows = rowsOf(db, 'page');
    expect(store.replaceWith('page', new Uint8Array([255, 255, 255]))).toMatchObject({ ok: false, problem: { kind: 'malformed-update' } });
    expect(rowsOf(db, 'page')).toEqual(rows);
  });

  it('writes a doc the store did not have', () => {
    const { db, store } = stores.open();
    const hub = hubsPage();
    expect(store.replaceWith('new', Y.encodeStateAsUpdate(hub))).toEqual({ ok: true, seq: 1 });
    expect(rowsOf(db, 'new')).toHaveLength(1);
    expect(contentOf(store.load('new'))).toEqual(contentOf(hub));
  });
});

describe("an engine's projections after a replace", () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await TestServer.start();
  });
  afterEach(() => t.stop());

  const stateOf = (docId: string) => Y.encodeStateAsUpdate(t.engine.docs.load(docId));

  it('rewrites pages, page bodies, search sections and comment rows from the replaced docs', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const params = { spaceId };
    const tree = mainTreeDoc(spaceId);
    for (const pageId of ['intro', 'other']) addPage(t.engine, tree, pageId);
    const body = pageDoc(spaceId, MAIN, 'intro');
    changeDoc(t.engine, body, (doc) => writeParagraphs(doc, 'Kept words.', 'Marmalade recipes.'));
    const comment = ok(await t.owner.client.call('postCommentInSpace', { params, body: { body: { markdown: 'A thought.' } } }));
    const states = { tree: stateOf(tree), body: stateOf(body), comments: stateOf(commentsDoc(spaceId, MAIN)) };
    const seen = async () => ({
      pages: ok(await t.owner.client.call('listPages', { params, query: {} })).pages.map((page) => page.id),
      intro: ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: 'intro' }, query: { format: 'markdown' } })),
      found: ok(await t.owner.client.call('searchSpaceContent', { params, query: { query: 'marmalade' } })).items.length,
      comments: ok(await t.owner.client.call('listCommentsInSpace', { params, query: {} })).items.map((item) => item.id),
    });
    const before = await seen();
    expect(before).toMatchObject({ pages: ['intro', 'other'], found: 1, comments: [comment.id] });

    changeDoc(t.engine, tree, (doc) => doc.getMap('pages').delete('other'));
    changeDoc(t.engine, body, (doc) => doc.getXmlFragment('body').delete(1, 1));
    ok(await t.owner.client.call('deleteCommentInSpace', { params: { spaceId, commentId: comment.id } }));
    expect(await seen()).toMatchObject({ pages: ['intro'], found: 0, comments: [] });

    t.engine.db.transaction(() => {
      for (const [docId, state] of [[tree, states.tree], [body, states.body], [commentsDoc(spaceId, MAIN), states.comments]] as const) {
        expect(t.engine.docs.replaceWith(docId, state).ok).toBe(true);
      }
    });
    expect(await seen()).toEqual(before);
  });
});
