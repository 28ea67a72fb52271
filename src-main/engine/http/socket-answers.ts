import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Failure } from '../pipeline/failure.js';

/** How long a socket answered outside Node's own responses stays half-closed before it is dropped. */
const LINGER_MS = 1_000;

/**
 * Answers on a bare socket, as the API answers a request: status and error envelope, then the
 * connection closes. For what happens outside a request (a refused upgrade, a request Node could
 * not parse, one connection too many), where there is no response object to write to. The socket
 * is half-closed and dropped a moment later, so that a client still sending reads the answer
 * rather than a reset.
 */
export function answerOnSocket(socket: Duplex, failure: Failure): void {
  // The client may reset the connection before reading the answer (a replica giving up at once).
  socket.on('error', () => socket.destroy());
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code: failure.status, message: failure.message } });
  socket.end(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
