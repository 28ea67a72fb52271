import type { DocUpdate } from '../../core/docs/observers.js';
import { EMPTY_STATE_VECTOR } from '../../core/docs/state-vector.js';
import { EMPTY_UPDATE } from '../../core/docs/updates.js';
import type { Actor, RequestContext } from '../../core/pipeline/context.js';
import { contextFor, type PipelineDeps } from '../../core/pipeline/execute.js';
import { isFailure, type Failure } from '../../core/pipeline/failure.js';
import { parseDocName, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { writeFromClient } from '../../services/yjs/client-writes.js';
import { readableDoc, type ReadableDoc } from '../../domain/yjs/doc-access.js';
import { DOCS_CHANNEL, failOn, MalformedFrame, SharedPayload, type ChannelLink, type SyncChannel } from '../../services/sync/channel.js';
import { decodeDocMessage, encodeDocMessage, type DocMessage, type SentForkBase } from '../../services/sync/doc-messages.js';
import { materializeForkedDoc, outgoingDoc, outgoingRow, preferForkBase, takeForkBase, writeUncopiedEmpty } from '../../services/sync/forked-docs.js';
import { replicaWriteRefusal } from '../../services/sync/replica-write-rule.js';
import { namesUnknownUser } from '../../services/sync/unknown-writers.js';
import { changesSince } from '../../services/sync/sql.js';

/**
 * The hub's end of one replica's docs channel. The replica reads only what its token's user may
 * read, as over y-websocket; each update it sends is checked and written exactly as a y-websocket
 * client's (`writeFromClient`) and acknowledged once committed, or refused with the hub's state
 * vector. Committed updates of any writer reach it live through `fanOut`.
 */
export class HubDocsChannel implements SyncChannel {
  readonly id = DOCS_CHANNEL;
  private link: ChannelLink | undefined;
  /** The replica asked `changes-since`: its docs channel is open (before, it would drop live updates). */
  private asked = false;

  constructor(
    private readonly deps: PipelineDeps,
    readonly actor: Actor,
    private readonly members: Set<HubDocsChannel>,
  ) {}

  open(link: ChannelLink): void {
    this.link = link;
    this.members.add(this);
  }

  close(): void {
    this.link = undefined;
    this.asked = false;
    this.members.delete(this);
  }

  receive(payload: Uint8Array): void {
    const message = decodeDocMessage(payload);
    if (message.type === 'changes-since') this.listChanges(message.cursor);
    else if (message.type === 'step1') this.answerStep1(message.docId, message.stateVector);
    else if (message.type === 'update' || message.type === 'step2') this.write(message.docId, message.update, message.forkBase);
  }

  /** An encoded `update` message of `fanOut`, the same bytes for every replica. */
  relay(payload: SharedPayload): void {
    this.link?.send(payload);
  }

  /**
   * Whether live updates go to this replica: only once it asked what changed. A write committed
   * before that is in the answer, since the answer is read after it; one committed after is sent.
   */
  get listening(): boolean {
    return this.link !== undefined && this.asked;
  }

  private listChanges(cursor: number): void {
    this.asked = true;
    const changed = this.read((ctx) => {
      const { counter, docIds } = changesSince(ctx.db, cursor);
      return { cursor: counter, docIds: docIds.filter((docId) => !isFailure(syncableDoc(ctx, docId))) };
    });
    this.send({ type: 'changed', ...changed });
  }

  private answerStep1(docId: string, remoteStateVector: Uint8Array): void {
    const answer = this.read((ctx): DocMessage => {
      const doc = syncableDoc(ctx, docId);
      if (isFailure(doc)) return { type: 'unavailable', docId, reason: doc.message };
      const diff = this.deps.docs.diff(docId, remoteStateVector);
      if (!diff.ok) throw new MalformedFrame(diff.problem.message);
      return { type: 'step2', docId, ...outgoingDoc(this.deps.docs, docId, () => diff.update), stateVector: this.deps.docs.stateVector(docId) };
    });
    this.send(answer);
  }

  /**
   * One write, queued to share its transaction with others (group commit, `Database.queueWrite`):
   * the answer is sent once it has committed. A change request doc's fork
   * base is taken first if the actor may write the doc: edited on, it replaces a mere copy here;
   * a copy replaces an older one only (docs/sync.md, "Fork bases"). Once the update applied, a
   * doc written here takes the sender's base if it comes first (`preferForkBase`: moved by an
   * update, or an earlier copy). A base the hub keeps its own against goes back to the sender,
   * which then takes the hub's.
   */
  private write(docId: string, update: Uint8Array, forkBase: SentForkBase | undefined): void {
    const { db } = this.deps;
    db.queueWrite((): DocMessage => {
      db.noticeExternalChanges();
      const target = syncableDoc(contextFor(this.deps, this.actor), docId);
      if (isFailure(target)) return { type: 'unavailable', docId, reason: target.message };
      const baseAllowed = forkBase !== undefined && replicaWriteRefusal(contextFor(this.deps, this.actor), target, forkBase.update) === undefined;
      if (baseAllowed) takeForkBase(this.deps.docs, docId, forkBase, this, forkBase.edited ? 'copy' : 'earlier-copy');
      materializeForkedDoc(this.deps.docs, docId);
      writeUncopiedEmpty(this.deps.docs, docId, this, () => replicaWriteRefusal(contextFor(this.deps, this.actor), target, update) === undefined);
      const result = writeFromClient(this.deps, this.actor, target, update, this, replicaWriteRefusal);
      if (result.outcome === 'malformed') throw new MalformedFrame(result.problem);
      if (baseAllowed && result.outcome !== 'refused') preferForkBase(this.deps.docs, docId, forkBase, 'hub');
      const stateVector = this.deps.docs.stateVector(docId);
      if (result.outcome === 'refused') {
        // Judged only once refused, so that taken writes cost no second look at the doc.
        if (target.name.kind === 'comments' && namesUnknownUser(db, this.deps.docs.load(docId), update)) {
          return { type: 'unavailable', docId, reason: 'a writer of these comments has not reached the hub yet' };
        }
        return this.refusal(docId, `${result.reason}: the update was not applied`, stateVector);
      }
      return { type: 'ack', docId, stateVector };
    }, (outcome) => {
      if (!outcome.ok) return failOn(this.link, outcome.error);
      if (forkBase && outcome.value.type === 'ack') this.sendOwnForkBase(docId, forkBase);
      this.send(outcome.value);
    });
  }

  private sendOwnForkBase(docId: string, theirs: SentForkBase): void {
    const ours = this.read(() => (this.deps.docs.isForkCopy(docId, theirs.update) ? undefined : outgoingDoc(this.deps.docs, docId, () => EMPTY_UPDATE)));
    if (ours?.forkBase) this.send({ type: 'update', docId, update: EMPTY_UPDATE, forkBase: ours.forkBase, stateVector: this.deps.docs.stateVector(docId) });
  }

  /**
   * With the whole doc as the hub holds it: the replica's copy becomes exactly that, deletions
   * included, which no update could undo there (docs/sync.md, "Refusals").
   */
  private refusal(docId: string, reason: string, stateVector: Uint8Array): DocMessage {
    const state = this.deps.docs.diff(docId, EMPTY_STATE_VECTOR);
    // The empty state vector is well formed: a failure here is a bug, not the replica's doing.
    if (!state.ok) throw new Error(state.problem.message);
    return { type: 'refused', docId, reason, stateVector, state: state.update };
  }

  private read<T>(fn: (ctx: RequestContext) => T): T {
    const { db } = this.deps;
    return db.transaction(() => {
      db.noticeExternalChanges();
      return fn(contextFor(this.deps, this.actor));
    }, 'read');
  }

  private send(message: DocMessage): void {
    this.link?.send(encodeDocMessage(message));
  }
}

/**
 * A committed update of any writer, to every replica but its writer whose user may read the doc.
 * The hub's state vector and the message are made once per update, and each user's access is
 * judged once (replicas of one user share it), in one read transaction: a replica costs a send.
 */
export function fanOut(deps: PipelineDeps, channels: Iterable<HubDocsChannel>, event: DocUpdate): void {
  const { db } = deps;
  const listening = [...channels].filter((channel) => channel !== event.origin && channel.listening);
  // No replica to tell (an engine nobody syncs with): no read transaction for each doc a commit wrote.
  if (listening.length === 0) return;
  db.transaction(() => {
    db.noticeExternalChanges();
    const readers = new Map<string, boolean>();
    let payload: SharedPayload | undefined;
    for (const channel of listening) {
      let reads = readers.get(channel.actor.id);
      if (reads === undefined) {
        reads = !isFailure(syncableDoc(contextFor(deps, channel.actor), event.docId));
        readers.set(channel.actor.id, reads);
      }
      if (!reads) continue;
      payload ??= new SharedPayload(encodeDocMessage(fannedOut(deps, event)));
      channel.relay(payload);
    }
  }, 'read');
}

/**
 * A committed update as replicas get it: a change request's copy (a base taken in place of one
 * too) goes as its fork base; a doc this hub replaced otherwise as a whole is replaced on them too.
 */
function fannedOut(deps: PipelineDeps, event: DocUpdate): DocMessage {
  const { docId, update } = event;
  const stateVector = deps.docs.stateVector(docId);
  const outgoing = outgoingRow(deps.docs, event);
  if (outgoing.forkBase || !event.replaced) return { type: 'update', docId, ...outgoing, stateVector };
  return { type: 'replaced', docId, stateVector, state: update };
}

/**
 * A doc a replica may hold: one of a space and branch the actor can read, as its branch's tree
 * is. Unlike a y-websocket room, a page the hub's tree does not list (yet) counts too: a replica
 * may send a page's body before the tree that adds it, and a replica that missed the body when it
 * arrived would not ask again. Whether the actor may write it is `writeFromClient`'s question.
 */
function syncableDoc(ctx: RequestContext, docId: string): ReadableDoc | Failure {
  const name = parseDocName(docId);
  const tree = readableDoc(ctx, name ? treeDoc(name.spaceId, name.branch) : docId);
  return isFailure(tree) ? tree : { docId, name: name! };
}
