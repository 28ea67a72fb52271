import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { binaryFrame } from '../../../../src-main/engine/core/http/websocket-frame.js';

/** A server that writes each frame it is given straight to the upgraded socket, as a room does. */
let server: Server;
let port: number;
const upgraded: Duplex[] = [];

beforeAll(async () => {
  const sockets = new WebSocketServer({ noServer: true });
  server = createServer();
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head, () => upgraded.push(socket)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of upgraded) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** What a `ws` client reads of frames written to its server end. */
async function received(payloads: Uint8Array[]): Promise<Buffer[]> {
  const client = new WebSocket(`ws://127.0.0.1:${port}/`);
  const messages: Buffer[] = [];
  const all = new Promise<void>((resolve) =>
    client.on('message', (data: Buffer, isBinary) => {
      expect(isBinary).toBe(true);
      messages.push(data);
      if (messages.length === payloads.length) resolve();
    }),
  );
  await new Promise((resolve) => client.once('open', resolve));
  await expect.poll(() => upgraded.length).toBeGreaterThan(0);
  const socket = upgraded.pop()!;
  for (const payload of payloads) socket.write(binaryFrame(payload));
  await all;
  client.terminate();
  return messages;
}

describe('binaryFrame', () => {
  it('is read by a WebSocket client as the payload, at each length form of RFC 6455', async () => {
    // 7-bit lengths up to 125, 16-bit from 126 to 65,535, 64-bit beyond.
    const payloads = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000].map((length) => Uint8Array.from({ length }, (_, i) => (i * 31 + length) % 256));
    const messages = await received(payloads);
    expect(messages.map((m) => m.byteLength)).toEqual(payloads.map((p) => p.byteLength));
    messages.forEach((message, i) => expect(new Uint8Array(message)).toEqual(payloads[i]));
  });

  it('writes the header before the payload, unmasked, with the final bit set', () => {
    expect([...binaryFrame(Uint8Array.of(7, 8))]).toEqual([0x82, 2, 7, 8]);
    expect([...binaryFrame(new Uint8Array(300)).subarray(0, 4)]).toEqual([0x82, 126, 1, 44]);
    expect([...binaryFrame(new Uint8Array(70_000)).subarray(0, 10)]).toEqual([0x82, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]);
  });
});
