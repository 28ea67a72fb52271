import type { Actor } from '../../core/pipeline/context.js';
import type { PipelineDeps } from '../../core/pipeline/execute.js';
import { CHANGES_CHANNEL, failOn, MalformedFrame, type ChannelLink, type SyncChannel } from '../../services/sync/channel.js';
import { decodeChangeMessage, encodeChangeMessage, type ChangeMessage } from '../../services/sync/change-messages.js';
import { applyChanges } from '../../services/sync/changes/apply.js';
import { removeDocsOfDepartedPlaces } from '../../services/sync/departed-places.js';
import type { ChangeCapture } from '../../services/sync/changes/capture.js';
import { readRow } from '../../services/sync/changes/rows.js';
import { changesSince } from '../../services/sync/changes/since.js';
import { tableSpec } from '../../services/sync/changes/tables.js';
import { lacksParent } from '../../services/sync/lacks-parent.js';
import { LogWatch } from '../../services/sync/log-watch.js';
import { realSchedule, type Schedule } from '../../services/sync/schedule.js';

/** The hub's change log channels work with the pipeline's deps and the change log's capture on its database. */
export interface HubChangesDeps extends PipelineDeps {
  capture: ChangeCapture;
}

/**
 * The hub's end of one replica's change log channel. On open it names the token's user (the
 * replica adopts it on its first connection); it answers pulls with what that user may see,
 * and applies pushes checked against the user's roles, acknowledging once committed. After
 * each apply that changed anything, every replica is told to pull: others get the news, the sender its compensations.
 */
export class HubChangesChannel implements SyncChannel {
  readonly id = CHANGES_CHANNEL;
  private link: ChannelLink | undefined;

  constructor(
    private readonly deps: HubChangesDeps,
    private readonly actor: Actor,
    private readonly log: Pick<HubChangeLog, 'join' | 'leave' | 'pokeAll'>,
  ) {}

  open(link: ChannelLink): void {
    this.link = link;
    this.log.join(this);
    const { db } = this.deps;
    const user = readRow(db, tableSpec('users')!, [this.actor.id]);
    const organizations = db.get<{ n: number }>('SELECT count(*) AS n FROM members WHERE user_id = ? AND disabled = 0', this.actor.id)!.n;
    if (user) this.send({ type: 'hello', user, organizations });
  }

  close(): void {
    this.link = undefined;
    this.log.leave(this);
  }

  receive(payload: Uint8Array): void {
    const message = decodeChangeMessage(payload);
    if (message.type === 'pull') this.answerPull(message.cursor, message.limit);
    else if (message.type === 'push') this.apply(message);
    else throw new MalformedFrame(`a replica does not send ${message.type}`);
  }

  /** The hub's log grew: the replica pulls. */
  poke(): void {
    this.send({ type: 'poke' });
  }

  private answerPull(cursor: string, limit: number): void {
    this.deps.db.noticeExternalChanges();
    let batch;
    try {
      batch = changesSince(this.deps.db, cursor, { user: this.actor.id }, limit);
    } catch (error) {
      if (error instanceof RangeError) throw new MalformedFrame(error.message);
      throw error;
    }
    this.send({ type: 'changes', ...batch, now: this.deps.capture.wallMs() });
  }

  /** One write, queued to share its transaction with others (group commit, `Database.queueWrite`): acknowledged once it has committed. */
  private apply(push: Extract<ChangeMessage, { type: 'push' }>): void {
    this.deps.db.noticeExternalChanges();
    this.deps.db.queueWrite(
      () => {
        const applied = applyChanges(this.deps.db, this.deps.capture, push.changes, { user: this.actor.id });
        removeDocsOfDepartedPlaces(this.deps.db, this.deps.docs, push.changes);
        return applied;
      },
      (outcome) => {
        if (!outcome.ok) {
          if (lacksParent(outcome.error)) this.send({ type: 'incomplete' });
          else failOn(this.link, outcome.error);
          return;
        }
        this.send({ type: 'ack', cursor: push.cursor });
        if (outcome.value.applied + outcome.value.compensated > 0) this.log.pokeAll();
      },
    );
  }

  private send(message: ChangeMessage): void {
    this.link?.send(encodeChangeMessage(message));
  }
}

/**
 * The hub's change log channels, one per connected replica, and the watch on its log that tells
 * them to pull when anything else writes it (the hub's own API, the CLI). Watched only while a
 * replica is connected.
 */
export class HubChangeLog {
  private readonly members = new Set<HubChangesChannel>();
  private watch: LogWatch | undefined;

  constructor(
    private readonly deps: HubChangesDeps,
    private readonly schedule: Schedule = realSchedule,
  ) {}

  /** The factory `SyncHub` takes. */
  readonly channelFor = (actor: Actor): SyncChannel => new HubChangesChannel(this.deps, actor, this);

  join(channel: HubChangesChannel): void {
    this.members.add(channel);
    this.watch ??= new LogWatch(this.deps.db, this.schedule, () => this.pokeAll());
  }

  leave(channel: HubChangesChannel): void {
    this.members.delete(channel);
    if (this.members.size === 0) this.close();
  }

  pokeAll(): void {
    for (const member of this.members) member.poke();
  }

  close(): void {
    this.watch?.stop();
    this.watch = undefined;
  }
}
