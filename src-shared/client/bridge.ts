import type { Transport } from './client.js';

/** What the Electron preload exposes as `window.folio`: API requests over the one IPC channel. */
export interface FolioBridge {
  request: Transport;
}
