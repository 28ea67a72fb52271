import type { IncomingMessage } from 'node:http';
import { authenticate } from '../../core/auth/tokens.js';
import type { Actor } from '../../core/pipeline/context.js';
import type { PipelineDeps } from '../../core/pipeline/execute.js';
import { Failure, badRequest, forbidden, unauthorized } from '../../core/pipeline/failure.js';
import { requestUrl } from '../../core/pipeline/query.js';
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
  const url = requestUrl(req.url);
  return url ? { req, url } : badRequest('The request target is not a URL');
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
