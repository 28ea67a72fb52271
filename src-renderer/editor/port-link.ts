import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as auth from 'y-protocols/auth';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as sync from 'y-protocols/sync';
import type * as Y from 'yjs';
import type { DocChannel, FolioBridge } from '../../src-shared/client/bridge.js';
import { CLOSE_DOC_REPLACED } from '../../src-shared/sync/close-codes.js';
import { MESSAGE_AUTH, MESSAGE_AWARENESS, MESSAGE_SYNC } from '../../src-shared/sync/message-types.js';
import type { DocLinker, LinkListeners } from './doc-link.js';
import { docUpdates, readSyncMessage } from './doc-updates.js';

/**
 * The desktop window's link: the same sync messages as y-websocket, over the doc's MessagePort
 * from the shell's preload. The engine runs in the same app, so a closed link is not retried: it
 * closes only when the engine does.
 */
export function portLinker(openDoc: FolioBridge['openDoc']): DocLinker {
  return (doc, room, listeners, awareness) => new PortLink(doc, room, openDoc, listeners, awareness).stop;
}

class PortLink {
  private readonly channel: DocChannel;
  private readonly stopUpdates: () => void;
  private synced = false;
  private heard = false;

  constructor(
    private readonly doc: Y.Doc,
    room: string,
    openDoc: FolioBridge['openDoc'],
    private readonly listeners: LinkListeners,
    private readonly awareness: awarenessProtocol.Awareness,
  ) {
    listeners.status('connecting');
    this.channel = openDoc(room, { message: (data) => this.receive(data), closed: (reason, code) => this.closed(reason, code) });
    this.stopUpdates = docUpdates(doc).on(this.sendUpdate);
    awareness.on('update', this.sendAwareness);
    this.send((encoder) => sync.writeSyncStep1(encoder, doc));
    if (awareness.getLocalState() !== null) this.sendAwareness({ added: [doc.clientID], updated: [], removed: [] }, null);
  }

  readonly stop = (): void => {
    this.stopUpdates();
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'stop');
    this.awareness.off('update', this.sendAwareness);
    this.forgetOthers();
    this.channel.close();
  };

  /** This person's own awareness changes go to the room; what came from the room does not go back. */
  private readonly sendAwareness = (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown): void => {
    if (origin === this) return;
    const clients = [...change.added, ...change.updated, ...change.removed];
    this.send((encoder) => encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients)), MESSAGE_AWARENESS);
  };

  private forgetOthers(): void {
    const others = [...this.awareness.getStates().keys()].filter((client) => client !== this.doc.clientID);
    awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
  }

  private readonly sendUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin !== this) this.send((encoder) => sync.writeUpdate(encoder, update));
  };

  private send(write: (encoder: encoding.Encoder) => void, type = MESSAGE_SYNC): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, type);
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
    if (type === MESSAGE_AWARENESS) awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    if (type === MESSAGE_AUTH) auth.readAuthMessage(decoder, this.doc, (_doc, reason) => console.warn(`Folio refused an edit: ${reason}`));
    if (type !== MESSAGE_SYNC) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    const step = readSyncMessage(decoder, encoder, this.doc, this);
    // Only a reply (step 2 to the engine's step 1) has more than the message type in it.
    if (encoding.length(encoder) > 1) this.channel.send(encoding.toUint8Array(encoder));
    if (step === sync.messageYjsSyncStep2 && !this.synced) {
      this.synced = true;
      this.listeners.synced(true);
    }
  }

  private closed(reason: string, code: number | undefined): void {
    this.stopUpdates();
    this.awareness.off('update', this.sendAwareness);
    this.forgetOthers();
    if (code === CLOSE_DOC_REPLACED) return this.listeners.replaced();
    console.warn(`The engine closed the link to this page: ${reason}`);
    this.synced = false;
    this.listeners.synced(false);
    this.listeners.status('disconnected');
  }
}
