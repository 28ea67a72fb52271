import type { Writable } from 'node:stream';
import * as Y from 'yjs';
import type { DocResult } from '../../core/docs/store.js';
import type { Actor } from '../../core/pipeline/context.js';
import type { PipelineDeps } from '../../core/pipeline/execute.js';
import { relayable, writeFromClient } from '../../services/yjs/client-writes.js';
import type { ReadableDoc } from '../../domain/yjs/doc-access.js';
import { MESSAGE_SYNC } from '../../../../src-shared/sync/message-types.js';
import { SYNC_STEP_1, permissionDenied, readClientMessage, syncStep1, syncStep2, type ClientMessage } from './messages.js';
import type { Room, RoomMember } from './room.js';

/** RFC 6455: the message's data does not fit its type; here, bytes that are not the protocol. */
export const CLOSE_MALFORMED = 1007;
/** RFC 6455: the server met a condition it did not expect (a busy database, a bug). */
const CLOSE_INTERNAL_ERROR = 1011;

/**
 * What a connection needs of its client's transport: a `ws` WebSocket, or an in-process client
 * (local-client.ts) that speaks the same messages.
 */
export interface ClientSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: Uint8Array): void;
  close(code: number, reason: string): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
}

/**
 * One y-websocket client on one doc: sync step 1 and 2 both ways, updates written through the
 * doc store, awareness relayed through the room.
 */
export class Connection implements RoomMember {
  /** `transport`: the TCP socket under `ws`, for messages the room frames once for all its members (`binaryFrame`). */
  constructor(
    private readonly ws: ClientSocket,
    private readonly deps: PipelineDeps,
    private readonly actor: Actor,
    private readonly doc: ReadableDoc,
    private readonly room: Room,
    private readonly transport?: Writable,
  ) {}

  /** Messages that arrived before the room's doc was ready for live edits, in order (`Room.whenReady`). */
  private held: Uint8Array[] | undefined;

  /** Joins the room first, so that no update committed from now on can be missed. */
  start(): void {
    this.room.join(this);
    this.ws.on('message', (data: Buffer) => this.arrive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    this.send(syncStep1(this.deps.docs.stateVector(this.doc.docId)));
  }

  send(data: Uint8Array, frame?: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (frame && this.transport) this.transport.write(frame);
    else this.ws.send(data);
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  /**
   * A sync message is read once the room's doc is ready; until then it waits behind those before
   * it. Awareness, which never touches the doc, is read at once, and so is the client's request
   * for the doc when nothing waits before it: its answer never loads the doc (`answerStep1`), so a
   * page opens without waiting for what only a write needs.
   */
  private arrive(data: Uint8Array): void {
    const readsOnly = data[0] !== MESSAGE_SYNC || (!this.held && data[1] === SYNC_STEP_1);
    if (readsOnly || (this.room.isReady && !this.held)) this.receiveSafely(data);
    else if (this.held) this.held.push(data);
    else {
      this.held = [data];
      this.room.whenReady(() => {
        const held = this.held ?? [];
        this.held = undefined;
        this.receiveHeld(held);
      });
    }
  }

  /**
   * The messages held while the doc got ready, in order. A writer typing meanwhile sent an update
   * a keystroke: written one by one, each its own transaction and projection, they held the loop
   * for the whole backlog at once (0.3–1.5 s for a few seconds of typing on a 10,000-block page in
   * bench/main-loop.ts). Updates that follow each other are merged and written as one, which leaves
   * the doc as writing them in turn does; updates that will not merge are written one by one.
   */
  private receiveHeld(held: Uint8Array[]): void {
    let updates: Uint8Array[] = [];
    const writeUpdates = () => {
      const merged = updates.length > 1 ? mergedOrNot(updates) : undefined;
      if (merged) this.safely(() => this.write(merged));
      else for (const update of updates) this.safely(() => this.write(update));
      updates = [];
    };
    for (const data of held) {
      const update = updateIn(data);
      if (update) updates.push(update);
      else {
        writeUpdates();
        this.receiveSafely(data);
      }
    }
    writeUpdates();
  }

  private receiveSafely(data: Uint8Array): void {
    this.safely(() => this.receive(data));
  }

  /**
   * Messages still arriving while the socket closes (the engine may be closing its database) are
   * dropped; an error of ours ends this socket, never the process around the engine.
   */
  private safely(run: () => void): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    try {
      run();
    } catch (error) {
      console.error(`y-websocket message on ${this.doc.docId} failed`, error);
      this.ws.close(CLOSE_INTERNAL_ERROR, 'internal error');
    }
  }

  private receive(data: Uint8Array): void {
    let message: ClientMessage;
    try {
      message = readClientMessage(data);
      if (message.type === 'awareness') this.room.applyAwareness(this, message.update);
    } catch {
      this.ws.close(CLOSE_MALFORMED, 'not a y-websocket message');
      return;
    }
    if (message.type === 'sync-step-1') this.answerStep1(message.stateVector);
    else if (message.type === 'update') this.write(message.update);
    else if (message.type === 'query-awareness') this.send(this.room.awarenessOfAll());
  }

  /**
   * A large doc's answer is made in a worker from the rows read now (`diffOffLoop`): what is
   * committed after that reaches this client through the room, which it joined first.
   */
  private answerStep1(stateVector: Uint8Array): void {
    const answer = (diff: DocResult<{ update: Uint8Array }>) => {
      if (diff.ok) this.send(syncStep2(diff.update));
      else this.ws.close(CLOSE_MALFORMED, diff.problem.message.slice(0, 120));
    };
    const later = this.deps.docs.diffOffLoop(this.doc.docId, stateVector);
    if (!later) return answer(this.deps.docs.diff(this.doc.docId, stateVector));
    later.then(answer).catch((error: unknown) => {
      console.error(`y-websocket sync of ${this.doc.docId} failed`, error);
      this.ws.close(CLOSE_INTERNAL_ERROR, 'internal error');
    });
  }

  /**
   * An update the client may write goes to the room first, then to SQLite: the other clients do
   * not wait for the commit (docs/sync.md, "Performance"). A refused update is answered with
   * y-protocols' permission-denied message and the socket stays open: the client keeps reading,
   * and closing would only make it reconnect and send it again.
   */
  private write(update: Uint8Array): void {
    const origin = relayable(this.deps, this.actor, this.doc, update) ? this.room.relay(update, this) : this;
    // Applying an update twice changes nothing more: on a hub process it may run ahead of its turn (`Database.rerunnable`).
    const result = this.deps.db.rerunnable(() => writeFromClient(this.deps, this.actor, this.doc, update, origin));
    if (result.outcome === 'refused') this.send(permissionDenied(`${result.reason}: the update was not applied`));
    else if (result.outcome === 'malformed') this.ws.close(CLOSE_MALFORMED, result.problem.slice(0, 120));
  }
}

/** The update a sync message carries (step 2 or update), or undefined for any other message or bytes that are not one. */
function updateIn(data: Uint8Array): Uint8Array | undefined {
  try {
    const message = readClientMessage(data);
    return message.type === 'update' ? message.update : undefined;
  } catch {
    return undefined;
  }
}

/** One update holding all of `updates`, or undefined when Yjs cannot read one of them (each is then written, and refused, alone). */
function mergedOrNot(updates: Uint8Array[]): Uint8Array | undefined {
  try {
    return Y.mergeUpdates(updates);
  } catch {
    return undefined;
  }
}
