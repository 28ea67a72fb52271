import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { authenticate } from '../auth/tokens.js';
import type { Actor } from '../pipeline/context.js';
import type { PipelineDeps } from '../pipeline/execute.js';
import { Failure, forbidden, unauthorized } from '../pipeline/failure.js';
import { HOST_REFUSED, ORIGIN_REFUSED, isAllowedHost, isAllowedOrigin } from './host-guard.js';

/** An upgrade request that passed the Host and Origin checks, with its URL. */
export interface UpgradeRequest {
  req: IncomingMessage;
  url: URL;
}

/**
 * What every WebSocket endpoint checks first, as for an HTTP request: the Host (DNS rebinding)
 * and, when a browser sends one, the Origin.
 */
export function checkUpgrade(req: IncomingMessage, port: number): UpgradeRequest | Failure {
  if (!isAllowedHost(req.headers.host, port)) return forbidden(HOST_REFUSED);
  if (!isAllowedOrigin(req.headers.origin, port)) return forbidden(ORIGIN_REFUSED);
  return { req, url: new URL(req.url ?? '/', 'http://127.0.0.1') };
}

/**
 * The caller of an upgrade, in one read transaction with whatever else `admit` checks: the
 * bearer token as `Authorization`, else as the `token` parameter that browsers' WebSocket must use.
 */
export function admitCaller<T>(deps: PipelineDeps, upgrade: UpgradeRequest, admit: (actor: Actor) => T | Failure): T | Failure {
  const { db } = deps;
  return db.transaction(() => {
    db.noticeExternalChanges();
    const actor = authenticate(db, bearer(upgrade));
    return actor ? admit(actor) : unauthorized();
  }, 'read');
}

function bearer({ req, url }: UpgradeRequest): string | undefined {
  if (req.headers.authorization) return req.headers.authorization;
  const token = url.searchParams.get('token');
  return token ? `Bearer ${token}` : undefined;
}

/** Answers a refused upgrade as the API answers a refused request: status and error body. */
export function refuseUpgrade(socket: Duplex, failure: Failure): void {
  // The client may reset the connection before reading the answer (a replica giving up at once).
  socket.on('error', () => socket.destroy());
  const body = JSON.stringify({ error: { code: failure.status, message: failure.message } });
  socket.end(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
