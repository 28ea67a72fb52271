import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DOCS_CHANNEL } from '../../../../src-main/engine/services/sync/channel.js';
import { decodeDocMessage, encodeDocMessage, type DocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';
import { decodeFrame, encodeFrame } from '../../../../src-main/engine/services/sync/frames.js';
import { SYNC_PATH } from '../../../../src-main/engine/transports/sync/hub.js';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { addPage } from '../../transports/yjs/peers.js';

/**
 * The hub sends a replica live updates only once its docs channel asked what changed
 * (`changes-since`): before that the replica would drop them (docs/sync.md, "Order on a
 * connection"), and a write committed before the question is in its answer.
 */
let hub: TestServer;
beforeEach(async () => {
  hub = await TestServer.start();
});
afterEach(() => hub.stop());

/** A replica's socket speaking the docs channel by hand: what the hub sent on it, in order. */
async function docsSocket() {
  const ws = new WebSocket(`ws://127.0.0.1:${hub.server.port}${SYNC_PATH}`, { headers: { authorization: `Bearer ${hub.owner.token}` } });
  const received: DocMessage[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = decodeFrame(new Uint8Array(data));
    if (frame.channel === DOCS_CHANNEL) received.push(decodeDocMessage(frame.payload));
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const ask = (message: DocMessage) => ws.send(encodeFrame(DOCS_CHANNEL, encodeDocMessage(message)));
  return { ws, received, ask };
}

describe("the hub's live updates to a replica", () => {
  it('wait for its changes-since; the write before it is listed in the answer, the one after is sent live', async () => {
    const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
    const tree = mainTreeDoc(spaceId);
    const replica = await docsSocket();
    await expect.poll(() => hub.engine.syncHub.peerCount).toBe(1);

    addPage(hub.engine, tree, 'before');
    replica.ask({ type: 'changes-since', cursor: 0 });
    await expect.poll(() => replica.received.map((message) => message.type)).toEqual(['changed']);
    expect(replica.received[0]).toMatchObject({ docIds: expect.arrayContaining([tree]) });

    addPage(hub.engine, tree, 'after');
    await expect.poll(() => replica.received.map((message) => message.type)).toEqual(['changed', 'update']);
    expect(replica.received[1]).toMatchObject({ type: 'update', docId: tree });
    replica.ws.terminate();
  });
});
