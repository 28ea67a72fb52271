import { randomUUID } from 'node:crypto';

/** NOTIFY payloads are at most 8000 bytes; an update beyond this (a huge state, a paste) stays in its process and goes the commit's way. */
const MAX_PAYLOAD = 7900;

/** What a payload carries: a room's awareness change, or a client's update relayed before its commit. */
const AWARENESS = 'a';
const UPDATE = 'u';

/** An awareness change, or a client's update (which its write follows at once, in the same task: `Connection.write`). */
export type RelayKind = 'awareness' | 'update';

export interface RoomsIn {
  awareness(docId: string, update: Uint8Array): void;
  update(docId: string, update: Uint8Array): void;
}

/**
 * The y-websocket rooms of one hub's processes, joined (docs/hub.md, "Live edits and awareness"):
 * each process's rooms send their clients' awareness changes and their updates (as the room
 * relays them to its own clients, before their commit) as a NOTIFY, `<process> <a|u> <doc id>
 * <bytes in base64>`, and each process hands what the others sent to its room of that doc, if one
 * is open. Nothing is stored here: an update still reaches every process by its commit (a lost
 * NOTIFY costs latency only), and a room that opens later learns of others' clients when they
 * next renew their awareness (y-websocket clients do every 15 s).
 */
export class RoomRelay {
  private readonly processId = randomUUID();

  constructor(
    private readonly notify: (payload: string, kind: RelayKind) => void,
    private readonly deliver: RoomsIn,
  ) {}

  awareness(docId: string, update: Uint8Array): void {
    this.publish('awareness', docId, update);
  }

  update(docId: string, update: Uint8Array): void {
    this.publish('update', docId, update);
  }

  /** A payload heard on the channel: this process's own echo is ignored, as is anything malformed. */
  heard(payload: string): void {
    // Its own echo comes back on every relay: told apart before the payload is split.
    if (payload.startsWith(this.processId)) return;
    const [, kind, docId, encoded] = payload.split(' ');
    if (!docId || !encoded) return;
    if (kind === AWARENESS) this.deliver.awareness(docId, Buffer.from(encoded, 'base64'));
    else if (kind === UPDATE) this.deliver.update(docId, Buffer.from(encoded, 'base64'));
  }

  private publish(kind: RelayKind, docId: string, update: Uint8Array): void {
    const payload = `${this.processId} ${kind === 'awareness' ? AWARENESS : UPDATE} ${docId} ${Buffer.from(update).toString('base64')}`;
    if (payload.length <= MAX_PAYLOAD) this.notify(payload, kind);
  }
}
