import type { Transport } from './client.js';

/** One doc's y-protocols messages, both ways, over a MessagePort that the preload keeps to itself. */
export interface DocChannel {
  send(message: Uint8Array): void;
  /** Leaves the doc's room; no event follows. */
  close(): void;
}

export interface DocChannelEvents {
  message(message: Uint8Array): void;
  /** The engine refused the doc or ended the link: the reason, in words, and the close code when the engine gave one. */
  closed(reason: string, code?: number): void;
}

/** What the desktop app's Settings show: where other programs reach the engine, and as whom. */
export interface DesktopSettings {
  apiAddress: string;
  token: string;
}

/**
 * What the Electron preload exposes as `window.folio`: API requests over one IPC channel, a
 * MessagePort per open Yjs doc, and the settings; only plain JSON and bytes cross.
 */
export interface FolioBridge {
  request: Transport;
  openDoc(docName: string, events: DocChannelEvents): DocChannel;
  settings(): Promise<DesktopSettings>;
}
