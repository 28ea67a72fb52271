import type { FolioBridge } from '../../src-shared/client/bridge.js';
import { ApiClient } from '../../src-shared/client/client.js';
import { httpTransport, type FetchLike } from '../../src-shared/client/http-transport.js';
import { TabToken, type TokenPage } from './tab-token.js';

/**
 * How this page reaches the engine: in Electron through the preload's IPC bridge (the main
 * process adds the owner's token), in a browser over HTTP to its own origin with a token the
 * person handed over.
 */
export type Connection =
  | { kind: 'desktop'; client: ApiClient; bridge: FolioBridge }
  | { kind: 'browser'; origin: string; token: TabToken; clientWith(token: string): ApiClient };

export interface ConnectionPage extends TokenPage {
  folio?: FolioBridge;
  location: { href: string; origin: string };
  fetch: FetchLike;
}

export function detectConnection(page: ConnectionPage): Connection {
  if (page.folio) return { kind: 'desktop', client: new ApiClient(page.folio.request), bridge: page.folio };
  const token = new TabToken(page);
  token.adoptFromAddress();
  const fetchImpl = page.fetch.bind(page);
  return {
    kind: 'browser',
    origin: page.location.origin,
    token,
    clientWith: (value) => new ApiClient(httpTransport(page.location.origin, value, fetchImpl)),
  };
}
