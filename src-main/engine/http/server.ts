import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../engine.js';
import { nodeListener } from './node-listener.js';

export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Serves the engine on 127.0.0.1 only. Port 0 picks a free port. */
export function listen(engine: Engine, port: number): Promise<RunningServer> {
  const server = createServer(nodeListener(engine.dispatcher, () => engine.port, engine.options.serveStatic));
  server.on('upgrade', (req, socket, head) => (engine.syncHub.handles(req) ? engine.syncHub : engine.yjs).upgrade(req, socket, head, engine.port));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      engine.setPort(actual);
      resolve({
        port: actual,
        url: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            // Upgraded sockets are the server's connections too: close them, or it waits for them.
            engine.yjs.close();
            engine.syncHub.closeConnections();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
