import { WebSocket } from 'ws';
import { CHANGES_CHANNEL, DOCS_CHANNEL } from '../src-main/engine/services/sync/channel.js';
import { encodeChangeMessage } from '../src-main/engine/services/sync/change-messages.js';
import { encodeDocMessage } from '../src-main/engine/services/sync/doc-messages.js';
import { decodeFrame, encodeFrame } from '../src-main/engine/services/sync/frames.js';
import { exitWithParent } from './sync-children.js';

/**
 * The idle peers of the memory bench, in their own process so that their memory is not the
 * hub's: `sync-idle-peers.ts URL TOKEN COUNT` opens COUNT sync sockets, each exchanging what a
 * replica does on connecting (the hub's hello, a pull of the change log, the docs changed since
 * 0), then stays connected and silent. Prints `idle COUNT` once all have their answers.
 */
const [url, token, count] = process.argv.slice(2);
exitWithParent();

function peer(): Promise<WebSocket> {
  const ws = new WebSocket(url!, { headers: { authorization: `Bearer ${token}` } });
  let answers = 0;
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      ws.send(encodeFrame(CHANGES_CHANNEL, encodeChangeMessage({ type: 'pull', cursor: '', limit: 100 })));
      ws.send(encodeFrame(DOCS_CHANNEL, encodeDocMessage({ type: 'changes-since', cursor: 0 })));
    });
    ws.on('message', (data: Buffer) => {
      const { channel } = decodeFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      // hello and changes on the change log, changed on the docs channel.
      answers += channel === CHANGES_CHANNEL || channel === DOCS_CHANNEL ? 1 : 0;
      if (answers === 3) resolve(ws);
    });
  });
}

const sockets: WebSocket[] = [];
for (let opened = 0; opened < Number(count); opened += 100) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, Number(count) - opened) }, peer))));
}
console.log(`idle ${sockets.length}`);
