import * as Y from 'yjs';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { DocUpdate } from '../../core/docs/observers.js';
import type { ForkBase } from '../../core/docs/fork.js';
import { intersection } from '../../core/docs/state-vector.js';
import type { DocStore } from '../../core/docs/store.js';
import { DOCS_CHANNEL, MalformedFrame, type ChannelLink, type SyncChannel } from './channel.js';
import { decodeDocMessage, encodeDocMessage, type DocMessage, type SentForkBase } from './doc-messages.js';
import { materializeForkedDoc, outgoingDoc, outgoingRow, preferForkBase, takeForkBase, writeUncopiedEmpty } from './forked-docs.js';
import { takeHubCopy, undoRefused, type Refusal } from './revert.js';
import type { Schedule } from './schedule.js';
import { ackedStateVector, isPending, notePulled, noteSynced, pendingDocIds, readUpstream, recordAcked } from './sql.js';

/** Step 1s in flight during a pull: enough to keep the socket busy, few enough that a doc opened meanwhile is next. */
const PULL_WINDOW = 32;

export interface ReplicaDocsDeps {
  db: Database;
  docs: DocStore;
  clock: Clock;
  /** Docs a local client is viewing: they are pulled and pushed first. */
  openDocIds: () => string[];
  /** A local client starts viewing a doc: it goes next. */
  onDocOpened: (listener: (docId: string) => void) => () => void;
  /** Told of each refusal, for the status. */
  refused: (docId: string, reason: string) => void;
  schedule: Schedule;
  quietMs: number;
}

/**
 * The replica's end of the docs channel. On open it asks the hub which docs changed since its
 * cursor and pulls only those, and pushes its outbox (docs whose changes the hub has not
 * acknowledged); then it pushes local writes and applies the hub's as they come. What the hub
 * acknowledged or sent is recorded with the write that follows from it, so a restart resumes
 * from what is durable (docs/sync.md).
 */
export class ReplicaDocsChannel implements SyncChannel {
  readonly id = DOCS_CHANNEL;
  private link: ChannelLink | undefined;
  private stopObserving: (() => void) | undefined;
  /** The pull in progress: the hub's counter it will have reached, docs not asked for yet (last first), docs asked for. */
  private pull: { cursor: number; toAsk: string[]; waiting: Set<string> } | undefined;
  private cancelRepull: (() => void) | undefined;

  constructor(private readonly deps: ReplicaDocsDeps) {}

  open(link: ChannelLink): void {
    this.link = link;
    const stopPushing = this.deps.docs.onUpdate('*', (event) => this.pushLocal(event));
    const stopWatching = this.deps.onDocOpened((docId) => this.bringFirst(docId));
    this.stopObserving = () => {
      stopPushing();
      stopWatching();
    };
    this.send({ type: 'changes-since', cursor: readUpstream(this.deps.db)?.cursor ?? 0 });
    this.pushOutbox();
  }

  /** Every doc the hub has not acknowledged, open docs first; again when a space arrives (`DocsGate`). */
  pushOutbox(): void {
    if (!this.link) return;
    for (const docId of this.openFirst(pendingDocIds(this.deps.db))) this.pushPending(docId);
  }

  close(): void {
    this.stopObserving?.();
    this.stopObserving = undefined;
    this.cancelRepull?.();
    this.link = undefined;
    this.pull = undefined;
  }

  receive(payload: Uint8Array): void {
    const message = decodeDocMessage(payload);
    switch (message.type) {
      case 'changed':
        return this.startPull(message.cursor, message.docIds);
      case 'step2':
        this.apply(message.docId, message.update, message.stateVector, message.forkBase);
        return this.pulled(message.docId);
      case 'update':
        this.apply(message.docId, message.update, message.stateVector, message.forkBase);
        return this.repullWhenQuiet();
      case 'ack':
        return this.write(() => recordAcked(this.deps.db, this.deps.docs, message.docId, Y.decodeStateVector(message.stateVector)));
      case 'refused':
        return this.undo(message);
      case 'replaced':
        return this.settleOnHubCopy(message.docId, () => takeHubCopy(this.deps.docs, message.docId, message.state, this));
      case 'unavailable':
        return this.pulled(message.docId);
      default:
        throw new MalformedFrame(`a hub does not send ${message.type}`);
    }
  }

  /**
   * Live updates do not move the cursor (the hub's counter also counts docs this replica may not
   * read, and other connections' writes that no live update carries). Once they pause, a new pull
   * moves it past them, so the next reconnect does not list them again.
   */
  private repullWhenQuiet(): void {
    this.cancelRepull?.();
    this.cancelRepull = this.deps.schedule(() => {
      this.cancelRepull = undefined;
      if (!this.link) return;
      if (this.pull) this.repullWhenQuiet();
      else this.send({ type: 'changes-since', cursor: readUpstream(this.deps.db)?.cursor ?? 0 });
    }, this.deps.quietMs);
  }

  private startPull(cursor: number, docIds: string[]): void {
    this.pull = { cursor, toAsk: this.openFirst(docIds).reverse(), waiting: new Set() };
    this.askMore();
    this.finishPullIfDone();
  }

  /** Keeps `PULL_WINDOW` step 1s in flight, so that a doc opened meanwhile waits for those only. */
  private askMore(): void {
    const pull = this.pull;
    while (pull && pull.waiting.size < PULL_WINDOW && pull.toAsk.length > 0) this.ask(pull.toAsk.pop()!);
  }

  private ask(docId: string): void {
    this.pull?.waiting.add(docId);
    this.send({ type: 'step1', docId, stateVector: this.deps.docs.stateVector(docId) });
  }

  private pulled(docId: string): void {
    if (!this.pull?.waiting.delete(docId)) return;
    this.askMore();
    this.finishPullIfDone();
  }

  /** A local client opened the doc: it is pulled (and pushed, if in the outbox) before what is queued. */
  private bringFirst(docId: string): void {
    if (!this.link) return;
    const queued = this.pull?.toAsk.indexOf(docId) ?? -1;
    if (queued >= 0) this.pull!.toAsk.splice(queued, 1);
    if (!this.pull?.waiting.has(docId)) this.ask(docId);
    if (isPending(this.deps.db, docId)) this.pushPending(docId);
  }

  /** Every doc listed has been answered: the cursor moves, so the next connection asks only for what changed after. */
  private finishPullIfDone(): void {
    if (!this.pull || this.pull.waiting.size > 0 || this.pull.toAsk.length > 0) return;
    const { cursor } = this.pull;
    this.pull = undefined;
    this.write(() => notePulled(this.deps.db, cursor, this.now()));
  }

  /**
   * The hub's data (a change request doc's fork base first, which the hub decides; for a doc
   * written here, once the data is in), and what the hub holds of the doc, in one transaction.
   */
  private apply(docId: string, update: Uint8Array, hubStateVector: Uint8Array, forkBase: SentForkBase | undefined): void {
    let taken = false;
    this.write(() => {
      taken = forkBase !== undefined && takeForkBase(this.deps.docs, docId, forkBase, this, 'copy');
      materializeForkedDoc(this.deps.docs, docId);
      writeUncopiedEmpty(this.deps.docs, docId, this);
      const applied = this.deps.docs.applyRemote(docId, update, this);
      if (!applied.ok) throw new MalformedFrame(applied.problem.message);
      if (forkBase) preferForkBase(this.deps.docs, docId, forkBase, 'replica');
      recordAcked(this.deps.db, this.deps.docs, docId, Y.decodeStateVector(hubStateVector));
    });
    // The update was the hub's answer to what the doc held before it took the base (main's, read
    // through): asked again, the hub sends what the base lacks of its doc.
    if (taken) this.send({ type: 'step1', docId, stateVector: this.deps.docs.stateVector(docId) });
  }

  /**
   * The hub refused our changes: the doc becomes the hub's copy, which counts as settled. Updates
   * sent after the refused one are judged on their own; the step 1 reaches the hub after them, so
   * its answer brings back those it took (docs/sync.md, "Refusals").
   */
  private undo(refusal: Refusal): void {
    this.settleOnHubCopy(refusal.docId, () => undoRefused(this.deps.docs, refusal, this));
    this.deps.refused(refusal.docId, refusal.reason);
  }

  /** `take` makes the doc the hub's copy, which counts as acknowledged; the step 1 brings back what the hub took since. */
  private settleOnHubCopy(docId: string, take: () => void): void {
    this.write(() => {
      take();
      recordAcked(this.deps.db, this.deps.docs, docId, Y.decodeStateVector(this.deps.docs.stateVector(docId)));
    });
    this.send({ type: 'step1', docId, stateVector: this.deps.docs.stateVector(docId) });
  }

  /** What the hub lacks of a doc in the outbox, by what it last acknowledged. */
  private pushPending(docId: string): void {
    const acked = ackedStateVector(this.deps.db, docId);
    // With a fork base, all since the base too: a hub that takes the base holds only that of the doc.
    const since = (base?: ForkBase) => Y.encodeStateVector(base ? intersection(acked, base.snapshot.sv) : acked);
    const outgoing = outgoingDoc(this.deps.docs, docId, (base) => {
      const diff = this.deps.docs.diff(docId, since(base));
      if (!diff.ok) throw new Error(diff.problem.message);
      return diff.update;
    });
    this.send({ type: 'update', docId, ...outgoing, stateVector: this.deps.docs.stateVector(docId) });
  }

  /**
   * A write of this engine (API, y-websocket): to the hub at once. It is in the outbox until
   * acknowledged; another connection's (the CLI's) goes with the outbox at the next connection.
   */
  private pushLocal(event: DocUpdate): void {
    if (event.origin === this) return;
    this.send({ type: 'update', docId: event.docId, ...outgoingRow(this.deps.docs, event), stateVector: this.deps.docs.stateVector(event.docId) });
  }

  private openFirst(docIds: string[]): string[] {
    const open = new Set(this.deps.openDocIds());
    return [...docIds.filter((docId) => open.has(docId)), ...docIds.filter((docId) => !open.has(docId))];
  }

  private write(fn: () => void): void {
    this.deps.db.transaction(() => {
      fn();
      noteSynced(this.deps.db, this.now());
    });
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  private send(message: DocMessage): void {
    this.link?.send(encodeDocMessage(message));
  }
}
