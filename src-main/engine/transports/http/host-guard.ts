/**
 * DNS-rebinding defence: a page on another site can make a browser send requests to our port
 * under its own host name. Only the loopback names with our own port are accepted.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

export const HOST_REFUSED = 'Host not allowed: use the loopback address';

/**
 * Cross-site WebSocket hijacking defence: browsers send `Origin` on upgrades, and a socket opened
 * by another site's page is refused even with a token. Clients that are not browsers send none.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin === 'app://folio' || ['127.0.0.1', 'localhost', '[::1]'].some((host) => origin === `http://${host}:${port}`);
}

export const ORIGIN_REFUSED = 'Origin not allowed: open Folio from its loopback address';
