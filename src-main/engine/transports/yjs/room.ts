import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { DocStore } from '../../core/docs/store.js';
import { binaryFrame } from '../../core/http/websocket-frame.js';
import { awarenessMessage, syncUpdate } from './messages.js';
import { dismissAll } from './room-reset.js';

/** One client of a room, as the room sees it. */
export interface RoomMember {
  /** `frame` is `data` as one WebSocket message (built once per broadcast): a member on a socket writes it as is. */
  send(data: Uint8Array, frame?: Buffer): void;
  close(code: number, reason: string): void;
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

/** The origin of awareness that came from another hub process's room (docs/hub.md): not sent back out. */
const REMOTE = Symbol('awareness of another process');

/** Where a room's clients' awareness changes and live updates go for the same doc's rooms in other hub processes (docs/hub.md). */
export interface RoomsOut {
  awareness(docId: string, update: Uint8Array): void;
  update(docId: string, update: Uint8Array): void;
}

/** Updates of other processes' clients remembered per room, so that they are not sent twice; the oldest go first. */
const REMEMBERED_REMOTE = 256;

/** The origin of a write whose update the room relayed before it was stored: its commit is not sent again. */
export class Relayed {
  constructor(readonly room: Room) {}
}

/**
 * The clients of one doc. Committed updates of the doc, whoever wrote them (a client, the HTTP
 * API), go to every client but their writer; a client's own update is relayed before its commit. Awareness (cursors, who is here) is relayed and kept
 * in memory only, so that a client joining late sees who is already here.
 */
export class Room {
  private readonly members = new Map<RoomMember, Set<number>>();
  private readonly awareness = new awarenessProtocol.Awareness(new Y.Doc());
  private readonly stopObserving: () => void;
  /** Someone edits the doc here: it stays loaded while the room is open (docs/cache.ts). */
  private readonly release: () => void;
  private readonly stopPreparing: () => void;
  /** What waits for the doc to be ready for live edits (`whenReady`); undefined once it is. */
  private waiting: (() => void)[] | undefined = [];
  /**
   * On a hub of several processes: updates of other processes' clients this room sent its own, as
   * base64, whichever came first of their early relay and their commit; the other is not sent again.
   */
  private readonly sentOnce = new Set<string>();

  constructor(
    readonly docId: string,
    docs: DocStore,
    /** Told of every awareness change and live update its own clients make, for the rooms of the same doc in other hub processes. */
    private readonly out?: RoomsOut,
    /** Gets the doc ready for live edits while the loop is free (content/projector.ts): when it is, and how to stop. */
    prepare?: (docId: string) => { ready: Promise<void>; stop: () => void },
    /** The room tells its clients when what the doc belongs to changes (`pulse`): a change request's comments. */
    signals = false,
  ) {
    this.awareness.setLocalState(signals ? { pulse: 0 } : null);
    this.awareness.on('update', (change: AwarenessChange, origin: unknown) => this.awarenessChanged(change, origin));
    this.release = docs.keepLoaded(docId);
    const preparing = prepare?.(docId);
    this.stopPreparing = preparing?.stop ?? (() => undefined);
    if (preparing) void preparing.ready.then(() => this.ready());
    else this.ready();
    this.stopObserving = docs.onUpdate(docId, (event) => {
      if (event.replaced) dismissAll([...this.members.keys()]);
      else if (!(event.origin instanceof Relayed && event.origin.room === this) && this.firstTime(event.update)) this.broadcast(syncUpdate(event.update), event.origin);
    });
  }

  /** Whether the doc is ready for live edits: until it is, members' messages wait, so that their first write does not load the doc on the event loop. */
  get isReady(): boolean {
    return this.waiting === undefined;
  }

  /** Runs `then` once the doc is ready for live edits (at once if it is). */
  whenReady(then: () => void): void {
    if (this.waiting) this.waiting.push(then);
    else then();
  }

  get size(): number {
    return this.members.size;
  }

  join(member: RoomMember): void {
    this.members.set(member, new Set());
    const present = [...this.awareness.getStates().keys()];
    if (present.length > 0) member.send(awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, present)));
  }

  /**
   * A member's update, to every other member now, encoded once; the write that stores it takes the
   * answer as its origin. Other hub processes' rooms are told first: their clients are a hop
   * further, and that hop runs while this process writes to its own.
   */
  relay(update: Uint8Array, sender: RoomMember): Relayed {
    this.out?.update(this.docId, update);
    this.broadcast(syncUpdate(update), sender);
    return new Relayed(this);
  }

  /**
   * A client's update that another hub process's room relayed before its commit: to every member
   * now, as that process's own members got it; its commit, replayed here later, is not sent again.
   */
  relayRemote(update: Uint8Array): void {
    if (this.firstTime(update)) this.broadcast(syncUpdate(update));
  }

  /**
   * Tells the clients that what the doc belongs to changed (a change request's reviews, status,
   * conflicts: sync/change-request-pulses.ts), as a counter in the room's own awareness state,
   * `{ pulse: n }`: a client reads the change request again when it moves. Each hub process tells
   * its own rooms, so a pulse is not relayed to the others.
   */
  pulse(): void {
    const state = this.awareness.getLocalState() as { pulse?: number } | null;
    this.awareness.setLocalState({ pulse: (state?.pulse ?? 0) + 1 });
  }

  /** A member's awareness update; throws on bytes that are not one. */
  applyAwareness(member: RoomMember, update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, member);
  }

  /** Awareness of clients in another hub process's room of this doc; throws on bytes that are not one. */
  applyRemoteAwareness(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, REMOTE);
  }

  /** The states of every client here, for a member that asks. */
  awarenessOfAll(): Uint8Array {
    return awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...this.awareness.getStates().keys()]));
  }

  /** The member's clients leave the others' awareness with it. */
  leave(member: RoomMember): void {
    const controlled = this.members.get(member);
    this.members.delete(member);
    if (controlled && controlled.size > 0) awarenessProtocol.removeAwarenessStates(this.awareness, [...controlled], null);
  }

  /** Stops listening to the doc; a room nobody is in is dropped. */
  close(): void {
    this.stopPreparing();
    this.ready();
    this.stopObserving();
    this.release();
    this.awareness.destroy();
  }

  private ready(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    for (const then of waiting ?? []) then();
  }

  private awarenessChanged({ added, updated, removed }: AwarenessChange, origin: unknown): void {
    const controlled = this.members.get(origin as RoomMember);
    for (const client of added) controlled?.add(client);
    for (const client of removed) controlled?.delete(client);
    const changed = [...added, ...updated, ...removed];
    const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
    this.broadcast(awarenessMessage(update));
    // 'local' is the room's own state (`pulse`), which each process keeps for its own clients.
    if (origin !== REMOTE && origin !== 'local') this.out?.awareness(this.docId, update);
  }

  /**
   * Whether this room has not sent `update` to its clients yet. Only rooms of a hub's processes
   * keep count (an update may come twice there: relayed early, and committed); the second time
   * is forgotten too, so a count stays for updates that never came twice, the oldest going first.
   */
  private firstTime(update: Uint8Array): boolean {
    if (!this.out) return true;
    const key = Buffer.from(update).toString('base64');
    if (this.sentOnce.delete(key)) return false;
    if (this.sentOnce.size >= REMEMBERED_REMOTE) this.sentOnce.delete(this.sentOnce.values().next().value!);
    this.sentOnce.add(key);
    return true;
  }

  private broadcast(data: Uint8Array, except?: unknown): void {
    // Framed once, and only when someone else is here: the writer alone in its room costs nothing.
    let frame: Buffer | undefined;
    for (const member of this.members.keys()) if (member !== except) member.send(data, (frame ??= binaryFrame(data)));
  }
}
