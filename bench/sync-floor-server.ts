import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import { binaryFrame } from '../src-main/engine/core/http/websocket-frame.js';
import { exitWithParent } from './sync-children.js';

/**
 * The fan-out floor, run as a child process: the least work any y-websocket relay can do. It
 * keeps no doc, checks nothing and stores nothing; a client's update is framed once and written
 * to every other client's socket. Its figure is what this machine and the bench's clients allow:
 * no server can propagate faster. Prints `floor PORT` once it listens.
 */
const clients = new Map<WebSocket, Duplex>();
const emptyStep2 = (() => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  sync.writeSyncStep2(encoder, new Y.Doc());
  return encoding.toUint8Array(encoder);
})();

const sockets = new WebSocketServer({ noServer: true });
const server = createServer();
server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head, (ws) => join(ws, socket)));

function join(ws: WebSocket, socket: Duplex): void {
  clients.set(ws, socket);
  ws.on('close', () => clients.delete(ws));
  ws.on('message', (data: Buffer) => {
    if (data[0] !== 0) return;
    if (data[1] === sync.messageYjsSyncStep1) ws.send(emptyStep2);
    else if (data[1] === sync.messageYjsUpdate) relay(binaryFrame(data), ws);
  });
}

function relay(frame: Buffer, sender: WebSocket): void {
  for (const [ws, socket] of clients) if (ws !== sender && ws.readyState === ws.OPEN) socket.write(frame);
}

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`floor ${typeof address === 'object' && address ? address.port : 0}`);
});
exitWithParent();
process.once('SIGTERM', () => server.close(() => process.exit(0)));
