import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../engine.js';

export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Serves the engine on 127.0.0.1 only. Port 0 picks a free port. */
export function listen(engine: Engine, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let server: ServerType;
    try {
      server = serve({ fetch: engine.app.fetch, port, hostname: '127.0.0.1', overrideGlobalObjects: false }, (info: AddressInfo) => {
        engine.setPort(info.port);
        resolve({
          port: info.port,
          url: `http://127.0.0.1:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      });
      server.once('error', reject);
    } catch (error) {
      reject(error);
    }
  });
}
