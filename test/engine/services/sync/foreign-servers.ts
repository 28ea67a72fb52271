import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** Servers on loopback that are not Folio hubs, for what a replica makes of them. */
export interface ForeignServer {
  url: string;
  /** Upgrade requests it received. */
  count(): number;
  close(): Promise<void>;
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const closing = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A port nothing listens on: one the system gave and was closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await closing(server);
  return port;
}

/** Answers every request, upgrades included, with `status` and an API error body. */
export async function refusingServer(status: number, message: string): Promise<ForeignServer> {
  let upgrades = 0;
  const body = JSON.stringify({ error: { code: status, message } });
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  server.on('upgrade', (_req, socket) => {
    upgrades += 1;
    socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  const port = await listening(server);
  return { url: `ws://127.0.0.1:${port}/v1/sync`, count: () => upgrades, close: () => closing(server) };
}

/** A WebSocket server that greets every client with text: WebSocket, but not Folio sync. */
export async function textWebSocketServer(): Promise<ForeignServer> {
  let upgrades = 0;
  const server = createServer();
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (ws) => {
    upgrades += 1;
    ws.send('hello from a chat server');
  });
  const port = await listening(server);
  return {
    url: `ws://127.0.0.1:${port}/v1/sync`,
    count: () => upgrades,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await closing(server);
    },
  };
}
