import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { isFailure } from '../../../../src-main/engine/core/pipeline/failure.js';
import { changeRequestBranch, changeRequestTreeDoc, commentsDoc, MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { addPage, join, leave, nextCommit, textsOf, threadBy, until, writeParagraphs } from './peers.js';
import { tryUpgrade } from './upgrade.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let t: TestServer;
let editor: TestUser;
let reader: TestUser;
let commenter: TestUser;
let spaceId: string;

beforeAll(async () => {
  t = await TestServer.start();
  editor = t.user('edit');
  reader = t.user('read');
  commenter = t.user('comment');
  spaceId = (await newSpace(t.owner, t.organizationId)).id;
  addPage(t.engine, mainTreeDoc(spaceId), 'intro');
});
afterAll(() => t.stop());

/** A page on main of 1,500 paragraphs (~80 KB, so a room loads it ahead in slices), written as one row. */
function largePage(pageId: string): { docId: string; texts: string[]; seed: Y.Doc } {
  addPage(t.engine, mainTreeDoc(spaceId), pageId);
  const docId = pageDoc(spaceId, MAIN, pageId);
  const texts = Array.from({ length: 1500 }, (_, i) => `Paragraph ${i} of a page large enough to load ahead`);
  const seed = new Y.Doc();
  writeParagraphs(seed, ...texts);
  t.engine.docs.append(docId, Y.encodeStateAsUpdate(seed));
  return { docId, texts, seed };
}

describe('editing a page over y-websocket', () => {
  it('syncs, stores the edit, and shows it to a second client', async () => {
    const docId = pageDoc(spaceId, MAIN, 'intro');
    const first = await join(t, docId, editor.token);
    const committed = nextCommit(t.engine, docId);
    writeParagraphs(first.doc, 'Hello from the socket', 'Second paragraph');
    await committed;
    const second = await join(t, docId, t.owner.token);
    expect(textsOf(second.doc)).toEqual(['Hello from the socket', 'Second paragraph']);

    first.doc.getXmlFragment('body').delete(0, 1);
    await until(second.doc, () => textsOf(second.doc).length === 1);
    expect(textsOf(second.doc)).toEqual(['Second paragraph']);
    leave(first, second);

    const restarted = new Engine({ dataDir: t.dataDir, observeAnswers: referenceAnswers.observe });
    try {
      expect(textsOf(restarted.docs.load(docId))).toEqual(['Second paragraph']);
    } finally {
      restarted.close();
    }
  });

  it('gets a large page ready in slices before the first write, and answers a joining client from a worker', async () => {
    const { docId, texts } = largePage('large');
    const first = await join(t, docId, editor.token);
    expect(textsOf(first.doc)).toEqual(texts);
    const committed = nextCommit(t.engine, docId);
    ((first.doc.getXmlFragment('body').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Typed at once. ');
    await committed;
    const typed = [`Typed at once. ${texts[0]}`, ...texts.slice(1)];
    expect(textsOf(t.engine.docs.load(docId))).toEqual(typed);
    const second = await join(t, docId, reader.token);
    expect(textsOf(second.doc)).toEqual(typed);
    leave(first, second);
  });

  it('answers a client’s request for a large page at once, without waiting for it to be ready for writes', async () => {
    const { docId, texts } = largePage('opened');
    const loaded = t.engine.docs.cacheSize.docs;
    const received: Uint8Array[] = [];
    const client = t.engine.yjs.connectLocal(`Bearer ${reader.token}`, docId, { send: (data) => received.push(data), closed: () => undefined });
    if (isFailure(client)) throw new Error(client.message);
    const replica = new Y.Doc();
    client.receive(encoding.encode((encoder) => (encoding.writeVarUint(encoder, 0), sync.writeSyncStep1(encoder, replica))));
    // Only microtasks: the room's getting the page ready (a worker's slices, then the loop's) has not had a turn.
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    for (const message of received) {
      const decoder = decoding.createDecoder(message);
      if (decoding.readVarUint(decoder) === 0) sync.readSyncMessage(decoder, encoding.createEncoder(), replica, null);
    }
    expect(textsOf(replica)).toEqual(texts);
    expect(t.engine.docs.cacheSize.docs).toBe(loaded);
    expect(t.engine.yjs.readyForLiveEdits(docId)).toBe(false);
    await expect.poll(() => t.engine.yjs.readyForLiveEdits(docId)).toBe(true);
    client.close();
    expect(t.engine.yjs.readyForLiveEdits(docId)).toBe(false);
  });

  it('writes the updates a client sent while a large page got ready as one write, every edit kept and found by search', async () => {
    const { docId, texts, seed } = largePage('held');
    const client = t.engine.yjs.connectLocal(`Bearer ${editor.token}`, docId, { send: () => undefined, closed: () => undefined });
    if (isFailure(client)) throw new Error(client.message);
    const typist = new Y.Doc();
    Y.applyUpdate(typist, Y.encodeStateAsUpdate(seed));
    const updates: Uint8Array[] = [];
    typist.on('update', (update: Uint8Array) => updates.push(update));
    const words = ['Quokka', 'Wallaby', 'Numbat'];
    // Three keystrokes' updates, sent before the room's getting the page ready has had a turn: all are held.
    words.forEach((word, i) => ((typist.getXmlFragment('body').get(i) as Y.XmlElement).get(0) as Y.XmlText).insert(0, `${word} `));
    let writes = 0;
    const stop = t.engine.docs.onUpdate(docId, () => writes++);
    const committed = nextCommit(t.engine, docId);
    for (const update of updates) client.receive(encoding.encode((encoder) => (encoding.writeVarUint(encoder, 0), sync.writeUpdate(encoder, update))));
    await committed;
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    expect(writes).toBe(1);
    expect(textsOf(t.engine.docs.load(docId)).slice(0, 4)).toEqual([...words.map((word, i) => `${word} ${texts[i]}`), texts[3]]);
    for (const word of words) {
      const found = ok(await editor.client.call('searchSpaceContent', { params: { spaceId }, query: { query: word } }));
      expect(found.items.map((page) => page.id)).toEqual(['held']);
    }
    client.close();
  });

  it('lets a reader join and read the page tree', async () => {
    const tree = await join(t, mainTreeDoc(spaceId), reader.token);
    expect(tree.doc.getMap('pages').has('intro')).toBe(true);
    leave(tree);
  });

  it('relays updates written through the HTTP API', async () => {
    const threads = await join(t, commentsDoc(spaceId, MAIN), reader.token);
    const posted = ok(await commenter.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'Over HTTP' } } }));
    await until(threads.doc, () => threads.doc.getMap('threads').has(posted.id));
    leave(threads);
  });
});

describe('a change request’s docs', () => {
  it('read main’s page until written, then keep their own copy', async () => {
    const mainPage = pageDoc(spaceId, MAIN, 'forked');
    addPage(t.engine, mainTreeDoc(spaceId), 'forked');
    const main = await join(t, mainPage, editor.token);
    const written = nextCommit(t.engine, mainPage);
    writeParagraphs(main.doc, 'On main');
    await written;
    const cr = ok(await editor.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Fork' } }));

    const crPage = pageDoc(spaceId, changeRequestBranch(cr.id), 'forked');
    const copy = await join(t, crPage, editor.token);
    expect(textsOf(copy.doc)).toEqual(['On main']);
    const committed = nextCommit(t.engine, crPage);
    copy.doc.getXmlFragment('body').delete(0, 1);
    await committed;
    expect(textsOf(t.engine.docs.load(crPage))).toEqual([]);
    expect(textsOf(t.engine.docs.load(mainPage))).toEqual(['On main']);
    expect(textsOf(main.doc)).toEqual(['On main']);
    leave(main, copy);
  });
});

describe('who may write', () => {
  it('refuses a reader’s update: nothing stored, nothing relayed, and the client is told', async () => {
    const docId = pageDoc(spaceId, MAIN, 'intro');
    const watcher = await join(t, docId, reader.token);
    const intruder = await join(t, docId, reader.token);
    const before = t.engine.docs.stateVector(docId);
    const denial = intruder.nextDenial();
    writeParagraphs(intruder.doc, 'Not allowed');
    expect(await denial).toMatch(/edit role/);
    expect(t.engine.docs.stateVector(docId)).toEqual(before);

    // A later edit reaches the watcher after anything relayed before it: the refused one never came.
    const writer = await join(t, docId, editor.token);
    writeParagraphs(writer.doc, 'Allowed');
    await until(watcher.doc, () => textsOf(watcher.doc).includes('Allowed'));
    expect(textsOf(watcher.doc)).not.toContain('Not allowed');
    expect(textsOf(t.engine.docs.load(docId))).not.toContain('Not allowed');
    leave(watcher, intruder, writer);
  });

  it('refuses content edits from the comment role, and takes its comment threads', async () => {
    const page = await join(t, pageDoc(spaceId, MAIN, 'intro'), commenter.token);
    const denial = page.nextDenial();
    writeParagraphs(page.doc, 'Commenters cannot edit');
    expect(await denial).toMatch(/edit role/);
    leave(page);

    const docId = commentsDoc(spaceId, MAIN);
    const threads = await join(t, docId, commenter.token);
    const committed = nextCommit(t.engine, docId);
    threads.doc.getMap('threads').set('socket-thread', threadBy(commenter.id, 'socket-thread'));
    await committed;
    expect(t.engine.docs.load(docId).getMap('threads').has('socket-thread')).toBe(true);
    expect(threads.denied).toEqual([]);
    leave(threads);
  });

  it('refuses every content write in a locked space', async () => {
    const locked = (await newSpace(t.owner, t.organizationId)).id;
    addPage(t.engine, mainTreeDoc(locked), 'intro');
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: locked }, body: { editMode: 'locked' } }));
    const page = await join(t, pageDoc(locked, MAIN, 'intro'), t.owner.token);
    const denial = page.nextDenial();
    writeParagraphs(page.doc, 'Locked');
    expect(await denial).toMatch(/locked/);
    expect(t.engine.docs.load(pageDoc(locked, MAIN, 'intro')).getXmlFragment('body').length).toBe(0);
    leave(page);
  });

  it('lets a space in the trash be read, not written', async () => {
    const trashed = (await newSpace(t.owner, t.organizationId)).id;
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: trashed } }));
    const tree = await join(t, mainTreeDoc(trashed), t.owner.token);
    const denial = tree.nextDenial();
    tree.doc.getMap('pages').set('late', new Y.Map());
    expect(await denial).toMatch(/trash/);
    expect(t.engine.docs.load(mainTreeDoc(trashed)).getMap('pages').size).toBe(0);
    leave(tree);
  });

  it('takes a change request’s edits while it is open, and refuses them once it is archived', async () => {
    const cr = ok(await editor.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Socket' } }));
    const docId = changeRequestTreeDoc(spaceId, cr.id);
    const tree = await join(t, docId, editor.token);
    const committed = nextCommit(t.engine, docId);
    tree.doc.getMap('pages').set('draft-page', new Y.Map());
    await committed;

    ok(await t.owner.client.call('updateChangeRequestById', { params: { spaceId, changeRequestId: cr.id }, body: { status: 'archived' } }));
    const denial = tree.nextDenial();
    tree.doc.getMap('pages').delete('draft-page');
    expect(await denial).toMatch(/archived/);
    expect(t.engine.docs.load(docId).getMap('pages').has('draft-page')).toBe(true);
    leave(tree);
  });
});

describe('who may join', () => {
  const url = (docName: string, token?: string) =>
    `ws://127.0.0.1:${t.server.port}/v1/yjs/${docName}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

  it('admits a token as parameter or as Authorization header', async () => {
    expect((await tryUpgrade(url(mainTreeDoc(spaceId), reader.token))).status).toBe(101);
    expect((await tryUpgrade(url(mainTreeDoc(spaceId)), { authorization: `Bearer ${reader.token}` })).status).toBe(101);
  });

  it('answers 401 without a valid token', async () => {
    const missing = await tryUpgrade(url(mainTreeDoc(spaceId)));
    expect(missing).toEqual({ status: 401, body: { error: { code: 401, message: expect.any(String) } } });
    expect((await tryUpgrade(url(mainTreeDoc(spaceId), 'folio_wrong'))).status).toBe(401);
  });

  it('answers 403 to a stranger and to a foreign Host', async () => {
    const stranger = t.user();
    expect((await tryUpgrade(url(mainTreeDoc(spaceId), stranger.token))).status).toBe(403);
    const rebound = await tryUpgrade(url(mainTreeDoc(spaceId), t.owner.token), { host: `evil.example:${t.server.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body.error.message).toMatch(/Host/);
  });

  it('refuses upgrades a page of another site opens, and admits the loopback origin', async () => {
    const address = url(mainTreeDoc(spaceId), t.owner.token);
    const hijack = await tryUpgrade(address, { origin: 'https://evil.example' });
    expect(hijack.status).toBe(403);
    expect(hijack.body.error.message).toMatch(/Origin/);
    expect((await tryUpgrade(address, { origin: `http://127.0.0.1:${t.server.port}` })).status).toBe(101);
  });

  it('answers 404 to names that are no doc', async () => {
    for (const name of [
      'nonsense',
      `space/${spaceId}/main/elsewhere`,
      mainTreeDoc('NoSuchSpace0000000000'),
      pageDoc(spaceId, MAIN, 'no-such-page'),
      changeRequestTreeDoc(spaceId, 'NoSuchChangeRequest0'),
    ]) {
      expect((await tryUpgrade(url(name, t.owner.token))).status, name).toBe(404);
    }
    expect((await tryUpgrade(`ws://127.0.0.1:${t.server.port}/v1/elsewhere?token=${t.owner.token}`)).status).toBe(404);
  });
});

describe('connections and rooms', () => {
  it('drops a room when its last client leaves', async () => {
    const a = await join(t, mainTreeDoc(spaceId), reader.token);
    const b = await join(t, mainTreeDoc(spaceId), editor.token);
    expect(t.engine.yjs.roomCount).toBeGreaterThan(0);
    leave(a, b);
    await expect.poll(() => t.engine.yjs.roomCount).toBe(0);
  });

  it('relays awareness between the clients of a room', async () => {
    const a = await join(t, mainTreeDoc(spaceId), reader.token);
    const b = await join(t, mainTreeDoc(spaceId), editor.token);
    a.provider.awareness.setLocalStateField('user', { name: 'Reader' });
    await expect.poll(() => b.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Reader' } });
    leave(a, b);
  });

  it('closes every socket when the engine closes', async () => {
    const own = await TestServer.start();
    const space = (await newSpace(own.owner, own.organizationId)).id;
    const peer = await join(own, mainTreeDoc(space), own.owner.token);
    const closed = new Promise<number | undefined>((resolve) =>
      peer.provider.once('connection-close', (event) => resolve(event?.code)),
    );
    await own.stop();
    expect(await closed).toBe(1001);
    leave(peer);
  });
});
