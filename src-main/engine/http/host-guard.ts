/**
 * DNS-rebinding defence: a page on another site can make a browser send requests to our port
 * under its own host name. Only the loopback names with our own port are accepted.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

export const HOST_REFUSED = 'Host not allowed: use the loopback address';
