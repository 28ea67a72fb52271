import * as decoding from 'lib0/decoding';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import { MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { MESSAGE_SYNC } from '../../../../src-shared/sync/message-types.js';
import { newSpace } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { addPage, changeDoc, join, leave, nextCommit } from './peers.js';

let t: TestServer;

beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

/** A client that only listens, and keeps every update the server relays to it. */
async function listener(docId: string): Promise<{ updates: Uint8Array[]; next: () => Promise<Uint8Array>; close: () => void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/v1/yjs/${encodeURIComponent(docId)}?token=${t.owner.token}`);
  const updates: Uint8Array[] = [];
  const waiting: ((update: Uint8Array) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC || decoding.readVarUint(decoder) !== sync.messageYjsUpdate) return;
    const update = decoding.readVarUint8Array(decoder);
    updates.push(update);
    waiting.shift()?.(update);
  });
  await new Promise((resolve) => ws.once('open', resolve));
  return { updates, next: () => new Promise((resolve) => waiting.push(resolve)), close: () => ws.close() };
}

function textOf(updates: Uint8Array[]): string {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc.getText('scratch').toString();
}

it('relays a client’s update to the others once, and stores it', async () => {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  addPage(t.engine, mainTreeDoc(spaceId), 'intro');
  const docId = pageDoc(spaceId, MAIN, 'intro');
  const writer = await join(t, docId, t.owner.token);
  const watcher = await listener(docId);

  const committed = nextCommit(t.engine, docId);
  const relayed = watcher.next();
  writer.doc.getText('scratch').insert(0, 'hello');
  expect(textOf([await relayed])).toBe('hello');
  await committed;
  expect(t.engine.docs.load(docId).getText('scratch').toString()).toBe('hello');

  // A write of the engine's own comes after anything the first one sent: a second copy would be before it.
  const later = watcher.next();
  changeDoc(t.engine, docId, (doc) => doc.getText('scratch').insert(5, ' world'));
  await later;
  expect(watcher.updates).toHaveLength(2);
  expect(textOf(watcher.updates)).toBe('hello world');
  watcher.close();
  leave(writer);
});
