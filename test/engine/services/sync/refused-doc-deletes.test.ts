import { WebsocketProvider } from 'y-websocket';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendCopyEdit } from '../../../../src-main/engine/core/docs/copy-edit.js';
import { MAIN, changeRequestTreeDoc, commentsDoc, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { CLOSE_DOC_REPLACED } from '../../../../src-shared/sync/close-codes.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { addPage, changeDoc, join, leave, textsOf, threadBy, writeParagraphs, type Peer } from '../../transports/yjs/peers.js';
import { digestOf } from './fuzz/digest.js';
import { eventually, fullStateOf, Replica, stateOf } from './nodes.js';

/**
 * A replica whose database was edited to make its reader an admin deletes content inside Yjs docs
 * (a page from the tree, a paragraph, another user's comment). The hub refuses; the replica takes
 * the hub's copy of each doc back (docs/sync.md, "Refusals").
 */
let hub: TestServer;
let spaceId: string;
const replicas: Replica[] = [];
const editors: Editor[] = [];
beforeEach(async () => {
  hub = await TestServer.start();
  spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guides' })).id;
});
afterEach(async () => {
  for (const editor of editors.splice(0)) editor.leave();
  for (const replica of replicas.splice(0)) await replica.stop();
  await hub.stop();
});

const tree = () => mainTreeDoc(spaceId);
const body = () => pageDoc(spaceId, MAIN, 'intro');
const threads = () => commentsDoc(spaceId, MAIN);
const PARAGRAPHS = ['Kept.', 'Refused to go.'];

async function replicaOf(user: TestUser): Promise<Replica> {
  const replica = await Replica.connect(hub, user.token);
  replicas.push(replica);
  return replica;
}

/**
 * A y-websocket client as the app's editor runs one: closed with `CLOSE_DOC_REPLACED`, it drops
 * its copy, which may hold what the engine's doc no longer has, and joins again from an empty doc.
 */
class Editor {
  doc!: Y.Doc;
  private provider!: WebsocketProvider;

  constructor(
    private readonly replica: Replica,
    private readonly docId: string,
  ) {
    this.join();
    editors.push(this);
  }

  synced(): Promise<void> {
    return new Promise((resolve) => (this.provider.synced ? resolve() : this.provider.once('sync', () => resolve())));
  }

  leave(): void {
    this.provider.destroy();
  }

  private join(): void {
    this.doc = new Y.Doc();
    this.provider = new WebsocketProvider(`ws://127.0.0.1:${this.replica.server.port}/v1/yjs`, this.docId, this.doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params: { token: this.replica.token },
      disableBc: true,
    });
    this.provider.on('connection-close', (event) => {
      if (event?.code !== CLOSE_DOC_REPLACED) return;
      this.provider.destroy();
      this.join();
    });
  }
}

/** What a user of an engine sees of the space: pages, the intro's Markdown, comments. */
async function seenBy(client: Replica['client']) {
  const params = { spaceId };
  const intro = ok(await client.call('getPageById', { params: { spaceId, pageId: 'intro' }, query: { format: 'markdown' } }));
  return {
    pages: ok(await client.call('listPages', { params, query: {} })).pages.map((page) => page.id),
    intro: 'markdown' in intro ? intro.markdown : undefined,
    comments: ok(await client.call('listCommentsInSpace', { params, query: { format: 'markdown' } })).items.map((comment) => comment.id),
  };
}

/** Fails the test if any commit of `engine` ever leaves the page, the paragraph or the comment out. */
function neverLoses(engine: Replica['engine'], commentId: string): string[] {
  const lost: string[] = [];
  engine.docs.onUpdate('*', ({ docId }) => {
    if (docId === tree() && !engine.docs.load(docId).getMap('pages').has('other')) lost.push('page');
    if (docId === body() && textsOf(engine.docs.load(docId)).length < PARAGRAPHS.length) lost.push('paragraph');
    if (docId === threads() && !engine.docs.load(docId).getMap('threads').has(commentId)) lost.push('comment');
  });
  return lost;
}

/** The hub's space: two pages, the intro of two paragraphs, and a comment of the hub owner's. */
async function furnish(): Promise<string> {
  for (const pageId of ['intro', 'other']) addPage(hub.engine, tree(), pageId);
  changeDoc(hub.engine, body(), (doc) => writeParagraphs(doc, ...PARAGRAPHS));
  return ok(await hub.owner.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'A thought.' } } })).id;
}

describe('a deletion inside a doc that the hub refuses is undone on the replica', () => {
  it("a reader's replica made admin in its own database gets back the page, the paragraph and the comment it deleted", async () => {
    const commentId = await furnish();
    const reader = hub.user('read');
    const replica = await replicaOf(reader);
    const other = await replicaOf(hub.user('read'));
    const expected = await seenBy(hub.owner.client);
    await eventually(async () => expect(await seenBy(replica.client)).toEqual(expected));
    await eventually(async () => expect(await seenBy(other.client)).toEqual(expected));
    const lost = { hub: neverLoses(hub.engine, commentId), other: neverLoses(other.engine, commentId) };

    replica.engine.sync.stop();
    replica.engine.db.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", hub.organizationId, reader.id);
    const treeEditor = new Editor(replica, tree());
    const bodyEditor = new Editor(replica, body());
    await Promise.all([treeEditor.synced(), bodyEditor.synced()]);
    treeEditor.doc.getMap('pages').delete('other');
    bodyEditor.doc.getXmlFragment('body').delete(1, 1);
    ok(await replica.client.call('deleteCommentInSpace', { params: { spaceId, commentId } }));
    await eventually(async () => expect(await seenBy(replica.client)).toEqual({ pages: ['intro'], intro: 'Kept.\n', comments: [] }));

    replica.engine.sync.start();
    await eventually(async () => expect(await seenBy(replica.client)).toEqual(expected));
    await eventually(async () => expect(await replica.status()).toMatchObject({ outbox: 0, lastProblem: expect.stringMatching(/not applied/) }));
    expect(await digestOf(replica.client, hub.organizationId)).toEqual(await digestOf(reader.client, hub.organizationId));
    for (const docId of [tree(), body(), threads()]) expect(stateOf(replica.engine, docId)).toEqual(stateOf(hub.engine, docId));

    // The editor connected to the replica's own /v1/yjs ends with the hub's content.
    await eventually(() => expect(textsOf(bodyEditor.doc)).toEqual(PARAGRAPHS));
    await eventually(() => expect(treeEditor.doc.getMap('pages').has('other')).toBe(true));

    expect(await seenBy(other.client)).toEqual(expected);
    expect(await seenBy(hub.owner.client)).toEqual(expected);
    expect(lost).toEqual({ hub: [], other: [] });
  });

  it("a page removed from a change request's tree, which the hub reads as main's, comes back there too", async () => {
    await furnish();
    const changeRequestId = ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Draft' } })).id;
    const changeRequestTree = changeRequestTreeDoc(spaceId, changeRequestId);
    const pagesIn = async (client: Replica['client']) =>
      ok(await client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId }, query: {} })).pages.map((page) => page.id);
    const reader = hub.user('read');
    const replica = await replicaOf(reader);
    await eventually(async () => expect(await pagesIn(replica.client)).toEqual(['intro', 'other']));

    changeDoc(replica.engine, changeRequestTree, (doc) => doc.getMap('pages').delete('other'));
    await eventually(async () => expect((await replica.status()).lastProblem).toMatch(/edit role/));
    await eventually(async () => expect(await pagesIn(replica.client)).toEqual(['intro', 'other']));
    expect(await pagesIn(hub.owner.client)).toEqual(['intro', 'other']);
    expect(stateOf(replica.engine, changeRequestTree)).toEqual(stateOf(hub.engine, changeRequestTree));

    // Main moves on: both engines hold a written copy now, so the change request keeps what it had on both.
    addPage(hub.engine, tree(), 'later');
    await eventually(() => expect(replica.engine.docs.load(tree()).getMap('pages').has('later')).toBe(true));
    expect(await pagesIn(replica.client)).toEqual(await pagesIn(hub.owner.client));
  });

  /** A reader's replica that has the space, taken offline and made admin in its own database. */
  async function tamperedReader() {
    const commentId = await furnish();
    const reader = hub.user('read');
    const replica = await replicaOf(reader);
    await eventually(() => expect(textsOf(replica.engine.docs.load(body()))).toEqual(PARAGRAPHS));
    replica.engine.sync.stop();
    replica.engine.db.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", hub.organizationId, reader.id);
    const role = () => replica.engine.db.get('SELECT role FROM members WHERE organization_id = ? AND user_id = ?', hub.organizationId, reader.id);
    return { commentId, replica, role };
  }

  /** A stock y-websocket client on the replica's /v1/yjs: it keeps its copy across reconnects. */
  const stockClient = (replica: Replica) => join({ server: replica.server } as TestServer, body(), replica.token);

  it('a client that joins again with the refused deletion is refused by the replica itself once the hub gave the role back', async () => {
    const { replica, role } = await tamperedReader();
    changeDoc(replica.engine, body(), (doc) => doc.getXmlFragment('body').delete(1, 1));
    const stale = fullStateOf(replica, body());

    replica.engine.sync.start();
    await eventually(async () => {
      expect(textsOf(replica.engine.docs.load(body()))).toEqual(PARAGRAPHS);
      expect(role()).toEqual({ role: 'read' });
      expect((await replica.status()).outbox).toBe(0);
    });

    const client: Peer = await stockClient(replica);
    const denial = client.nextDenial();
    Y.applyUpdate(client.doc, stale);
    expect(await denial).toMatch(/edit role/);
    expect(textsOf(replica.engine.docs.load(body()))).toEqual(PARAGRAPHS);
    expect((await replica.status()).outbox).toBe(0);
    expect(textsOf(hub.engine.docs.load(body()))).toEqual(PARAGRAPHS);
    leave(client);
  });

  it('a stock client connected throughout sends the deletion again after each reset; the replica settles on the hub\'s doc and refuses it', async () => {
    const { commentId, replica, role } = await tamperedReader();
    const client: Peer = await stockClient(replica);
    client.doc.getXmlFragment('body').delete(1, 1);
    await eventually(() => expect(textsOf(replica.engine.docs.load(body()))).toEqual(['Kept.']));
    const lost = neverLoses(hub.engine, commentId);

    const denial = client.nextDenial();
    replica.engine.sync.start();
    expect(await denial).toMatch(/edit role/);
    await eventually(async () => {
      expect(textsOf(replica.engine.docs.load(body()))).toEqual(PARAGRAPHS);
      expect(role()).toEqual({ role: 'read' });
      expect((await replica.status()).outbox).toBe(0);
    });
    expect(textsOf(client.doc)).toEqual(['Kept.']);
    expect(lost).toEqual([]);
    leave(client);
  });
});

describe('what else of the doc goes with a refused update (docs/sync.md, "Refusals")', () => {
  /** A commenter's replica and the hub's comments doc holding the hub owner's thread. */
  async function commenterWithThread() {
    const commentId = await furnish();
    const commenter = hub.user('comment');
    const replica = await replicaOf(commenter);
    await eventually(() => expect(replica.engine.docs.load(threads()).getMap('threads').has(commentId)).toBe(true));
    const threadIds = (engine: Replica['engine']) => [...engine.docs.load(threads()).getMap('threads').keys()].sort();
    /**
     * The owner's thread deleted (not the commenter's to delete), then a thread of the commenter's
     * own posted: two writes, each its own update as an editor sends them.
     */
    const deleteThenPost = () => {
      appendCopyEdit(replica.engine.docs, threads(), (doc) => doc.getMap('threads').delete(commentId));
      appendCopyEdit(replica.engine.docs, threads(), (doc) => doc.getMap('threads').set('mine', threadBy(commenter.id, 'mine')));
    };
    return { commentId, replica, threadIds, deleteThenPost };
  }

  it('an update sent after the refused one is judged on its own: the hub takes it and the replica gets it back', async () => {
    const { commentId, replica, threadIds, deleteThenPost } = await commenterWithThread();
    deleteThenPost();
    const expected = [commentId, 'mine'].sort();
    await eventually(() => expect(threadIds(hub.engine)).toEqual(expected));
    await eventually(async () => {
      expect(threadIds(replica.engine)).toEqual(expected);
      expect(await replica.status()).toMatchObject({ outbox: 0, lastProblem: expect.stringMatching(/deleted by its author/) });
    });
    expect(stateOf(replica.engine, threads())).toEqual(stateOf(hub.engine, threads()));
  });

  it("what the outbox sends as one update is refused whole: the writer's allowed post goes with it, and the status says so", async () => {
    const { commentId, replica, threadIds, deleteThenPost } = await commenterWithThread();
    replica.engine.sync.stop();
    deleteThenPost();
    replica.engine.sync.start();
    await eventually(async () => expect(await replica.status()).toMatchObject({ outbox: 0, lastProblem: expect.stringMatching(/deleted by its author/) }));
    expect(threadIds(replica.engine)).toEqual([commentId]);
    expect(threadIds(hub.engine)).toEqual([commentId]);
  });
});
