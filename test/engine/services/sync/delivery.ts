import { encodeChangeMessage } from '../../../../src-main/engine/services/sync/change-messages.js';
import { changesSince } from '../../../../src-main/engine/services/sync/changes/since.js';
import { readRow } from '../../../../src-main/engine/services/sync/changes/rows.js';
import { tableSpec } from '../../../../src-main/engine/services/sync/changes/tables.js';
import { encodeDocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';
import { ReplicaChangesChannel } from '../../../../src-main/engine/services/sync/replica-changes.js';
import { ReplicaDocsChannel } from '../../../../src-main/engine/services/sync/replica-docs.js';
import { saveUpstream } from '../../../../src-main/engine/services/sync/sql.js';
import { TestServer } from '../../../support/server.js';
import { fullStateOf } from './nodes.js';

const HUB_URL = 'ws://127.0.0.1:1/v1/sync';

/**
 * A replica's ends of the change log and docs channels, fed by hand with what a hub holds, in the
 * order a test picks: the orders a socket gives only under load.
 */
export class Delivery {
  constructor(
    private readonly hub: TestServer,
    private readonly replica: TestServer,
  ) {
    saveUpstream(replica.engine.db, HUB_URL, 'folio_token');
  }

  /** The hub's whole change log, as the first exchange pulls it (the hub user adopted). */
  rows(): void {
    const { db, docs, clock, changeCapture: capture, projector } = this.replica.engine;
    const channel = new ReplicaChangesChannel({ db, docs, clock, url: HUB_URL, schedule: () => () => undefined, docsGate: { hold() {}, release() {}, retryOutbox() {} }, capture, projector });
    channel.open({ send: () => undefined });
    channel.receive(encodeChangeMessage({ type: 'hello', user: readRow(this.hub.engine.db, tableSpec('users')!, [this.hub.owner.id])! }));
    channel.receive(encodeChangeMessage({ type: 'changes', ...changesSince(this.hub.engine.db, '', { user: this.hub.owner.id }, 100_000) }));
    channel.close();
  }

  /** Each doc as the hub holds it, as live updates, in this order. */
  docs(docIds: readonly string[]): void {
    const channel = this.docsChannel();
    channel.open({ send: () => undefined });
    for (const docId of docIds) {
      channel.receive(encodeDocMessage({ type: 'update', docId, update: fullStateOf(this.hub, docId), stateVector: this.hub.engine.docs.stateVector(docId) }));
    }
    channel.close();
  }

  /** The replica's end of the docs channel, with no doc open and no timers. */
  docsChannel(): ReplicaDocsChannel {
    const { db, docs, clock, changeCapture: capture, projector } = this.replica.engine;
    return new ReplicaDocsChannel({
      db, docs, clock, openDocIds: () => [], onDocOpened: () => () => undefined, refused: () => undefined, schedule: () => () => undefined, quietMs: 0,
    });
  }
}

/** Two engines on their own, a hub and the replica a test feeds by hand, stopped after `test`. */
export async function withHubAndReplica(test: (hub: TestServer, replica: TestServer) => Promise<void>): Promise<void> {
  const hub = await TestServer.start();
  const replica = await TestServer.start();
  try {
    await test(hub, replica);
  } finally {
    await replica.stop();
    await hub.stop();
  }
}
