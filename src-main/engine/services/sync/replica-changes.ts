import type { Change } from '../../../../src-shared/sync/change.js';
import type { Clock } from '../../core/clock.js';
import type { Projector } from '../../domain/content/projector.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { reprojectArrivedPlaces } from './arrived-places.js';
import { removeDocsOfDepartedPlaces } from './departed-places.js';
import { CHANGES_CHANNEL, MalformedFrame, type ChannelLink, type SyncChannel } from './channel.js';
import { logHead, readChangeCursors, savePulled, savePushed, skipEchoes, startChangeCursors } from './change-cursors.js';
import { decodeChangeMessage, encodeChangeMessage, type ChangeMessage } from './change-messages.js';
import { applyChanges } from './changes/apply.js';
import type { ChangeCapture } from './changes/capture.js';
import { adoptHubUser, type HubGreeting } from './changes/identity.js';
import { BATCH_LIMIT, changesSince } from './changes/since.js';
import type { DocsGate } from './docs-gate.js';
import { lacksParent } from './lacks-parent.js';
import { LogWatch } from './log-watch.js';
import type { Schedule } from './schedule.js';
import { noteSynced } from './sql.js';

export interface ReplicaChangesDeps {
  db: Database;
  docs: DocStore;
  /** When an exchange with the hub succeeded: the status's `lastSyncAt`. */
  clock: Clock;
  /** The hub's address: cursors are kept per hub. */
  url: string;
  schedule: Schedule;
  docsGate: Pick<DocsGate, 'hold' | 'release' | 'retryOutbox'>;
  /** The change log's capture on `db`: applied changes keep their stamps. */
  capture: ChangeCapture;
  /** Docs that arrived before their place are projected again once it arrives. */
  projector: Projector;
}

/**
 * The replica's end of the change log channel (docs/sync.md). The hub names its user first; on
 * the first connection to that hub the replica adopts it (`adoptHubUser`) before anything
 * syncs. Then it pulls the hub's log until its cursor stops moving and pushes its own until
 * acknowledged, both cursors saved with the transaction that follows from them; the docs
 * channel opens once both are done. Afterwards local commits are pushed as the log grows and
 * the hub's pokes are pulled.
 */
export class ReplicaChangesChannel implements SyncChannel {
  readonly id = CHANGES_CHANNEL;
  private link: ChannelLink | undefined;
  private watch: LogWatch | undefined;
  private greeted = false;
  private pulling = false;
  private pullAgain = false;
  /** Whether the last push sent holds spaces or change requests, whose docs may now be accepted. */
  private pushing: { bringsPlaces: boolean } | undefined;
  private settled = false;
  /** Log entries per batch each way; doubled while a batch ends between a row and its parent. */
  private pullLimit = BATCH_LIMIT;
  private pushLimit = BATCH_LIMIT;

  constructor(private readonly deps: ReplicaChangesDeps) {
    deps.docsGate.hold();
  }

  open(link: ChannelLink): void {
    this.link = link;
  }

  close(): void {
    this.link = undefined;
    this.watch?.stop();
    this.watch = undefined;
  }

  receive(payload: Uint8Array): void {
    const message = decodeChangeMessage(payload);
    switch (message.type) {
      case 'hello':
        return this.greet(message);
      case 'changes':
        return this.applyPulled(message.changes, message.cursor, message.now);
      case 'ack':
        return this.acknowledged(message.cursor);
      case 'incomplete':
        return this.pushLarger();
      case 'poke':
        return this.pull();
      default:
        throw new MalformedFrame(`a hub does not send ${message.type}`);
    }
  }

  /** The hub's user: adopted once per hub, in the transaction that starts its cursors. */
  private greet(hello: HubGreeting): void {
    if (this.greeted) return;
    const { db, url } = this.deps;
    db.transaction(() => {
      if (readChangeCursors(db, url)) return;
      adoptHubUser(db, this.deps.docs, hello);
      startChangeCursors(db, url);
    });
    this.greeted = true;
    this.watch = new LogWatch(db, this.deps.schedule, () => this.push());
    this.pull();
    this.push();
  }

  private pull(): void {
    if (!this.link || !this.greeted) return;
    if (this.pulling) {
      this.pullAgain = true;
      return;
    }
    this.pulling = true;
    this.send({ type: 'pull', cursor: this.cursors().pulled, limit: this.pullLimit });
  }

  private applyPulled(changes: Change[], cursor: string, hubNow: number | undefined): void {
    const { db, url } = this.deps;
    const before = this.cursors().pulled;
    this.pulling = false;
    try {
      db.transaction(() => {
        // Nothing of this replica's own waits to be pushed: what the apply logs as the hub sent it need not go back.
        const head = logHead(db);
        const pushedAll = !this.pushing && Number(this.cursors().pushed || 0) >= head;
        applyChanges(db, this.deps.capture, changes, hubNow === undefined ? { hub: true } : { hub: true, now: hubNow });
        if (pushedAll) skipEchoes(db, url, head, changes);
        reprojectArrivedPlaces(db, this.deps.docs, this.deps.projector, changes);
        removeDocsOfDepartedPlaces(db, this.deps.docs, changes);
        savePulled(db, url, cursor);
        this.noteSynced();
      });
    } catch (error) {
      if (!lacksParent(error)) throw error;
      this.pullLimit *= 2;
      this.pull();
      return;
    }
    this.pullLimit = BATCH_LIMIT;
    if (bringsPlaces(changes)) this.deps.docsGate.retryOutbox();
    if (cursor !== before || this.pullAgain) {
      this.pullAgain = false;
      this.pull();
    } else this.settle();
  }

  private push(): void {
    if (!this.link || !this.greeted || this.pushing) return;
    const pushed = this.cursors().pushed;
    const batch = changesSince(this.deps.db, pushed, { hub: true }, this.pushLimit);
    if (batch.cursor === pushed) {
      this.settle();
      return;
    }
    this.pushing = { bringsPlaces: bringsPlaces(batch.changes) };
    this.send({ type: 'push', ...batch });
  }

  private acknowledged(cursor: string): void {
    if (!this.pushing) throw new MalformedFrame('an acknowledgement of no push');
    const { bringsPlaces: placesArrived } = this.pushing;
    this.deps.db.transaction(() => {
      savePushed(this.deps.db, this.deps.url, cursor);
      this.noteSynced();
    });
    this.pushing = undefined;
    this.pushLimit = BATCH_LIMIT;
    if (placesArrived) this.deps.docsGate.retryOutbox();
    this.push();
  }

  private pushLarger(): void {
    if (!this.pushing) throw new MalformedFrame('an answer to no push');
    this.pushing = undefined;
    this.pushLimit *= 2;
    this.push();
  }

  /** The first exchange is done both ways: the docs follow. */
  private settle(): void {
    if (this.settled || this.pulling || this.pushing) return;
    this.settled = true;
    this.deps.docsGate.release();
  }

  private noteSynced(): void {
    noteSynced(this.deps.db, this.deps.clock.now().toISOString());
  }

  private cursors() {
    return readChangeCursors(this.deps.db, this.deps.url)!;
  }

  private send(message: ChangeMessage): void {
    this.link?.send(encodeChangeMessage(message));
  }
}

/** Rows a doc the hub answered `unavailable` may have waited for: its space or change request, or a local user writing in it. */
function bringsPlaces(changes: readonly Change[]): boolean {
  return changes.some((change) => change.table === 'spaces' || change.table === 'change_requests' || change.table === 'users');
}
