import { setupWSConnection } from '@y/websocket-server/utils';
import { WebSocketServer } from 'ws';
import { exitWithParent } from './sync-children.js';

/**
 * The fan-out baseline, run as a child process: `@y/websocket-server` as its README sets it up,
 * a `ws` server on loopback handing each connection to `setupWSConnection` (in-memory docs, no
 * persistence). Prints `baseline PORT` once it listens.
 */
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (ws, req) => setupWSConnection(ws, req));
server.on('listening', () => {
  const address = server.address();
  console.log(`baseline ${typeof address === 'object' && address ? address.port : 0}`);
});
exitWithParent();
process.once('SIGTERM', () => server.close(() => process.exit(0)));
