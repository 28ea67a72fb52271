import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';

export type LinkState = 'connecting' | 'connected' | 'disconnected';

/** What a link tells the editor about the engine's copy of the doc. */
export interface LinkListeners {
  status(link: LinkState): void;
  /** True once the engine's copy and this one have been exchanged since the link last opened. */
  synced(synced: boolean): void;
  /** The engine replaced its doc (`CLOSE_DOC_REPLACED`): this copy, and the one on the device, must start over empty. */
  replaced(): void;
}

/**
 * Keeps a doc, and who is in it (`awareness`: names and cursors), in step with the engine's room
 * of that name, by whatever carries the y-protocols messages (a WebSocket in a browser, a
 * MessagePort in the desktop window); answers how to stop.
 */
export type DocLinker = (doc: Y.Doc, room: string, listeners: LinkListeners, awareness: Awareness) => () => void;
