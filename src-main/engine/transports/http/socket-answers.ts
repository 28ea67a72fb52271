import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorBody, type Failure } from '../../core/pipeline/failure.js';

/** How long a half-closed socket is read from (and what it sends thrown away) before it is dropped: since its last bytes, and in all. */
const LINGER_IDLE_MS = 2_000;
const LINGER_MS = 15_000;

/**
 * Closes our side of a connection whose request was answered before its body was read, then
 * keeps reading from it, throwing away what arrives, until the client closes or stops sending (a
 * "lingering close", as nginx and Apache do). Dropping the socket at once would make the kernel
 * reset the connection while the client still sends, and a reset client can lose the answer it
 * had not read yet. Nothing is kept: the cost is bounded by the two timeouts.
 */
export function lingerClose(socket: Socket | Duplex): void {
  socket.end();
  socket.resume();
  const drop = () => socket.destroy();
  const total = setTimeout(drop, LINGER_MS).unref();
  socket.once('close', () => clearTimeout(total));
  if ('setTimeout' in socket) socket.setTimeout(LINGER_IDLE_MS, drop);
}

/**
 * Answers on a bare socket, as the API answers a request: status and error envelope, then the
 * connection closes. For what happens outside a request (a refused upgrade, a request Node could
 * not parse, one connection too many), where there is no response object to write to; then the
 * connection closes (`lingerClose`).
 */
export function answerOnSocket(socket: Duplex, failure: Failure): void {
  // The client may reset the connection before reading the answer (a replica giving up at once).
  socket.on('error', () => socket.destroy());
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(failure));
  socket.write(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  lingerClose(socket);
}
