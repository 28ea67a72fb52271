import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_STATE_VECTOR } from '../../../../src-main/engine/core/docs/state-vector.js';
import { MAIN, commentsDoc, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, otherOrganization } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { addPage, changeDoc, threadBy, writeParagraphs } from '../../transports/yjs/peers.js';
import { tryUpgrade } from '../../transports/yjs/upgrade.js';
import { syncedSpaceEachTest, contentOf, eventually, syncUrl, type Replica } from './nodes.js';

describe('what the hub lets a replica read and write', () => {
  const current = syncedSpaceEachTest();
  let hub: TestServer;
  let spaceId: string;
  let tree: string;
  beforeEach(() => {
    ({ hub, spaceId, tree } = current());
    addPage(hub.engine, tree, 'existing');
  });

  const replica = (token: string) => current().replica(token);

  const pagesOf = (replica: Replica | TestServer) => Object.keys((contentOf(replica.engine, tree) as { pages: object }).pages).sort();

  it("refuses a reader's edit, and the reader's replica reverts it", async () => {
    const reader = await replica(hub.user('read').token);
    await eventually(() => expect(pagesOf(reader)).toEqual(['existing']));

    addPage(reader.engine, tree, 'sneaky');
    await eventually(async () => expect(await reader.status()).toMatchObject({ outbox: 0, lastProblem: expect.stringMatching(/edit role/) }));
    expect(pagesOf(reader)).toEqual(['existing']);
    expect(pagesOf(hub)).toEqual(['existing']);

    // The reader still receives others' edits after the refusal.
    addPage(hub.engine, tree, 'later');
    await eventually(() => expect(pagesOf(reader)).toEqual(['existing', 'later']));
  });

  it("refuses what a reader edited offline once it reconnects, deleting it there too", async () => {
    const reader = await replica(hub.user('read').token);
    await eventually(() => expect(pagesOf(reader)).toEqual(['existing']));
    reader.engine.sync.stop();
    addPage(reader.engine, tree, 'offline');
    changeDoc(reader.engine, pageDoc(spaceId, MAIN, 'existing'), (doc) => writeParagraphs(doc, 'not allowed'));
    expect((await reader.status()).outbox).toBe(2);

    reader.engine.sync.start();
    await eventually(async () => expect((await reader.status()).outbox).toBe(0));
    expect(pagesOf(reader)).toEqual(['existing']);
    expect(contentOf(reader.engine, pageDoc(spaceId, MAIN, 'existing'))).toMatchObject({ body: '' });
    expect(hub.engine.docs.stateVector(pageDoc(spaceId, MAIN, 'existing'))).toEqual(EMPTY_STATE_VECTOR);
  });

  it("checks each doc as y-websocket does: a commenter's threads are taken, their page edits are not", async () => {
    const commenterUser = hub.user('comment');
    const commenter = await replica(commenterUser.token);
    await eventually(() => expect(pagesOf(commenter)).toEqual(['existing']));
    const threads = commentsDoc(spaceId, MAIN);
    changeDoc(commenter.engine, threads, (doc) => doc.getMap('threads').set('t1', threadBy(commenterUser.id, 't1')));
    addPage(commenter.engine, tree, 'notAllowed');
    await eventually(async () => expect((await commenter.status()).outbox).toBe(0));
    expect(hub.engine.docs.load(threads).getMap('threads').has('t1')).toBe(true);
    expect(pagesOf(hub)).toEqual(['existing']);
    expect(pagesOf(commenter)).toEqual(['existing']);
  });

  it('keeps, unreverted and in the outbox, a doc of a space the hub does not know (yet)', async () => {
    const editor = await replica(hub.user('edit').token);
    await eventually(() => expect(pagesOf(editor)).toEqual(['existing']));
    const unknown = mainTreeDoc('aSpaceTheHubHasNotSeen');
    addPage(editor.engine, unknown, 'local');
    addPage(editor.engine, tree, 'known');
    // Pushes are answered in order: once the known doc is acknowledged, the unknown one was answered.
    await eventually(() => expect(pagesOf(hub)).toEqual(['existing', 'known']));
    await eventually(async () => expect((await editor.status()).lag.map((entry) => entry.docId)).toEqual([unknown]));
    expect(editor.engine.docs.load(unknown).getMap('pages').has('local')).toBe(true);
  });

  it("takes an editor's edits", async () => {
    const editor = await replica(hub.user('edit').token);
    await eventually(() => expect(pagesOf(editor)).toEqual(['existing']));
    addPage(editor.engine, tree, 'edited');
    await eventually(() => expect(pagesOf(hub)).toEqual(['edited', 'existing']));
    expect((await editor.status()).lastProblem).toBeNull();
  });

  it('sends a replica only the docs its user may read', async () => {
    const reader = hub.user('read');
    const hidden = (await newSpace(hub.owner, otherOrganization(hub))).id;
    addPage(hub.engine, mainTreeDoc(hidden), 'secret');
    const replicaOfReader = await replica(reader.token);
    await eventually(() => expect(pagesOf(replicaOfReader)).toEqual(['existing']));

    addPage(hub.engine, mainTreeDoc(hidden), 'secret2');
    addPage(hub.engine, tree, 'visible');
    await eventually(() => expect(pagesOf(replicaOfReader)).toEqual(['existing', 'visible']));
    expect(replicaOfReader.engine.docs.stateVector(mainTreeDoc(hidden))).toEqual(EMPTY_STATE_VECTOR);
  });

  it('admits a replica as the API admits a request: a valid token, as header or parameter, and the loopback Host', async () => {
    const url = syncUrl(hub);
    expect(await tryUpgrade(url)).toMatchObject({ status: 401, body: { error: { code: 401 } } });
    expect(await tryUpgrade(`${url}?token=wrong`)).toMatchObject({ status: 401 });
    expect(await tryUpgrade(`${url}?token=${hub.owner.token}`)).toEqual({ status: 101 });
    expect(await tryUpgrade(url, { authorization: `Bearer ${hub.owner.token}` })).toEqual({ status: 101 });
    expect(await tryUpgrade(url, { authorization: `Bearer ${hub.owner.token}`, host: 'evil.example:80' })).toMatchObject({ status: 403 });
    expect(await tryUpgrade(url, { authorization: `Bearer ${hub.owner.token}`, origin: 'https://evil.example' })).toMatchObject({ status: 403 });
  });
});
