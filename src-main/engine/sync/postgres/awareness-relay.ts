import { randomUUID } from 'node:crypto';

/** NOTIFY payloads are at most 8000 bytes; an awareness update beyond this (a huge state) stays in its process. */
const MAX_PAYLOAD = 7900;

/**
 * Awareness across the processes of one hub (docs/hub.md, "Awareness"): each process's rooms send
 * their clients' awareness changes as a NOTIFY, `<process> <doc id> <update in base64>`, and each
 * process applies what the others sent to its room of that doc, if one is open. Nothing is
 * stored: a process that starts or opens a room later learns of others' clients when they next
 * renew their state (y-websocket clients do every 15 s), and a dead process's clients fade out
 * after 30 s, as on one process.
 */
export class AwarenessRelay {
  private readonly processId = randomUUID();

  constructor(
    private readonly notify: (payload: string) => void,
    private readonly deliver: (docId: string, update: Uint8Array) => void,
  ) {}

  publish(docId: string, update: Uint8Array): void {
    const payload = `${this.processId} ${docId} ${Buffer.from(update).toString('base64')}`;
    if (payload.length <= MAX_PAYLOAD) this.notify(payload);
  }

  /** A payload heard on the channel: this process's own echo is ignored, as is anything malformed. */
  heard(payload: string): void {
    const [processId, docId, encoded] = payload.split(' ');
    if (processId === this.processId || !docId || !encoded) return;
    this.deliver(docId, Buffer.from(encoded, 'base64'));
  }
}
