import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as auth from 'y-protocols/auth';
import * as sync from 'y-protocols/sync';
import type * as Y from 'yjs';
import type { DocChannel, FolioBridge } from '../../src-shared/client/bridge.js';
import { CLOSE_DOC_REPLACED } from '../../src-shared/sync/close-codes.js';
import type { DocLinker, LinkListeners } from './doc-link.js';

// The y-websocket message types, which the engine's rooms speak over any transport.
const MESSAGE_SYNC = 0;
const MESSAGE_AUTH = 2;

/**
 * The desktop window's link: the same sync messages as y-websocket, over the doc's MessagePort
 * from the shell's preload. The engine runs in the same app, so a closed link is not retried: it
 * closes only when the engine does.
 */
export function portLinker(openDoc: FolioBridge['openDoc']): DocLinker {
  return (doc, room, listeners) => new PortLink(doc, room, openDoc, listeners).stop;
}

class PortLink {
  private readonly channel: DocChannel;
  private synced = false;
  private heard = false;

  constructor(
    private readonly doc: Y.Doc,
    room: string,
    openDoc: FolioBridge['openDoc'],
    private readonly listeners: LinkListeners,
  ) {
    listeners.status('connecting');
    this.channel = openDoc(room, { message: (data) => this.receive(data), closed: (reason, code) => this.closed(reason, code) });
    doc.on('update', this.sendUpdate);
    this.send((encoder) => sync.writeSyncStep1(encoder, doc));
  }

  readonly stop = (): void => {
    this.doc.off('update', this.sendUpdate);
    this.channel.close();
  };

  private readonly sendUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin !== this) this.send((encoder) => sync.writeUpdate(encoder, update));
  };

  private send(write: (encoder: encoding.Encoder) => void): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    write(encoder);
    this.channel.send(encoding.toUint8Array(encoder));
  }

  private receive(data: Uint8Array): void {
    if (!this.heard) {
      this.heard = true;
      this.listeners.status('connected');
    }
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_AUTH) auth.readAuthMessage(decoder, this.doc, (_doc, reason) => console.warn(`Folio refused an edit: ${reason}`));
    if (type !== MESSAGE_SYNC) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    const step = sync.readSyncMessage(decoder, encoder, this.doc, this);
    // Only a reply (step 2 to the engine's step 1) has more than the message type in it.
    if (encoding.length(encoder) > 1) this.channel.send(encoding.toUint8Array(encoder));
    if (step === sync.messageYjsSyncStep2 && !this.synced) {
      this.synced = true;
      this.listeners.synced(true);
    }
  }

  private closed(reason: string, code: number | undefined): void {
    this.doc.off('update', this.sendUpdate);
    if (code === CLOSE_DOC_REPLACED) return this.listeners.replaced();
    console.warn(`The engine closed the link to this page: ${reason}`);
    this.synced = false;
    this.listeners.synced(false);
    this.listeners.status('disconnected');
  }
}
