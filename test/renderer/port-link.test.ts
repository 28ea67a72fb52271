import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { changeRequestBranch, changeRequestTreeDoc, pageDoc } from '../../src-shared/sync/doc-names.js';
import type { LinkState } from '../../src-renderer/editor/doc-link.js';
import { portLinker } from '../../src-renderer/editor/port-link.js';
import { addPage, nextCommit, textsOf, until, writeParagraphs } from '../engine/transports/yjs/peers.js';
import { newSpace, ok } from '../support/content.js';
import { TestServer } from '../support/server.js';
import { localOpenDoc } from './local-channel.js';

let t: TestServer;
let docName: string;

/** A doc linked over the port protocol, with what the link said so far. */
function linked(token: string, name = docName) {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  const states: LinkState[] = [];
  let synced!: () => void;
  const whenSynced = new Promise<void>((resolve) => (synced = resolve));
  const told = { replaced: 0 };
  const stop = portLinker(localOpenDoc(t.engine, token))(doc, name, {
    status: (link) => states.push(link),
    synced: (value) => value && synced(),
    replaced: () => (told.replaced += 1),
  }, awareness);
  return { doc, awareness, states, whenSynced, told, stop };
}

beforeAll(async () => {
  t = await TestServer.start();
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Port' } }));
  addPage(t.engine, changeRequestTreeDoc(spaceId, cr.id), 'guide');
  docName = pageDoc(spaceId, changeRequestBranch(cr.id), 'guide');
});
afterAll(() => t.stop());

describe('the desktop window’s port link', () => {
  it('syncs, and its edits are committed and reach a second window', async () => {
    const first = linked(t.owner.token);
    await first.whenSynced;
    expect(first.states).toEqual(['connecting', 'connected']);
    const committed = nextCommit(t.engine, docName);
    writeParagraphs(first.doc, 'Written in the desktop window');
    await committed;
    expect(textsOf(t.engine.docs.load(docName))).toEqual(['Written in the desktop window']);

    const second = linked(t.owner.token);
    await second.whenSynced;
    expect(textsOf(second.doc)).toEqual(['Written in the desktop window']);
    writeParagraphs(second.doc, 'Changed in the second');
    await until(first.doc, () => textsOf(first.doc).includes('Changed in the second'));
    first.stop();
    second.stop();
  });

  it('carries who is in the doc both ways, and takes a window that left out of the others', async () => {
    const first = linked(t.owner.token);
    const second = linked(t.owner.token);
    await Promise.all([first.whenSynced, second.whenSynced]);
    first.awareness.setLocalStateField('user', { name: 'Ada' });
    const names = (linkedDoc: ReturnType<typeof linked>) =>
      [...linkedDoc.awareness.getStates().entries()].filter(([client]) => client !== linkedDoc.doc.clientID).map(([, state]) => (state.user as { name?: string } | undefined)?.name);
    await expect.poll(() => names(second)).toEqual(['Ada']);
    second.awareness.setLocalStateField('user', { name: 'Lin' });
    await expect.poll(() => names(first)).toEqual(['Lin']);
    first.stop();
    await expect.poll(() => names(second)).toEqual([]);
    second.stop();
  });

  it('sends edits made before the engine answered', async () => {
    const early = linked(t.owner.token);
    const committed = nextCommit(t.engine, docName);
    writeParagraphs(early.doc, 'Typed at once');
    await committed;
    await early.whenSynced;
    expect(textsOf(t.engine.docs.load(docName))).toContain('Typed at once');
    early.stop();
  });

  it('is held to the same write checks as the socket: a reader’s edit is not stored', async () => {
    const reader = linked(t.user('read').token);
    await reader.whenSynced;
    const before = textsOf(t.engine.docs.load(docName));
    writeParagraphs(reader.doc, 'Not mine to write');
    // Delivered in order: the reader's update reaches the engine before the owner's window asks.
    const owner = linked(t.owner.token);
    await owner.whenSynced;
    expect(textsOf(owner.doc)).toEqual(before);
    reader.stop();
    owner.stop();
  });

  it('says it is disconnected when the engine refuses the doc', async () => {
    const stray = linked(t.owner.token, 'space/nowhere/main/page/none');
    await expect.poll(() => stray.states).toEqual(['connecting', 'disconnected']);
    stray.stop();
  });

  it('is told to start over, and sends nothing more, when the engine replaces the doc', async () => {
    const window = linked(t.owner.token);
    await window.whenSynced;
    const hubCopy = new Y.Doc();
    writeParagraphs(hubCopy, 'The hub kept this');
    expect(t.engine.docs.replaceWith(docName, Y.encodeStateAsUpdate(hubCopy), 'hub').ok).toBe(true);

    await expect.poll(() => window.told.replaced).toBe(1);
    writeParagraphs(window.doc, 'Typed into the old copy');
    expect(window.states).not.toContain('disconnected');
    expect(textsOf(t.engine.docs.load(docName))).toEqual(['The hub kept this']);
    window.stop();
  });
});
