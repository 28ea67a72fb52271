import { AdminError, issueToken } from '../../../../../src-main/engine/app/admin/commands.js';
import { listen } from '../../../../../src-main/engine/app/http/server.js';
import { applyChanges, type ApplyResult } from '../../../../../src-main/engine/services/sync/changes/apply.js';
import { adoptHubUser } from '../../../../../src-main/engine/services/sync/changes/identity.js';
import { readRow } from '../../../../../src-main/engine/services/sync/changes/rows.js';
import { changesSince } from '../../../../../src-main/engine/services/sync/changes/since.js';
import { tableSpec } from '../../../../../src-main/engine/services/sync/changes/tables.js';
import { afterEach, beforeEach } from 'vitest';
import { TestServer, type TestUser } from '../../../../support/server.js';

/**
 * A replica for change-log tests: a real engine on its own data dir, acting for one user of the
 * hub, that exchanges changes with the hub in-process through `changesSince` / `applyChanges`
 * (what the sync transport carries), with a cursor each way.
 */
export class Replica {
  user!: TestUser;
  private pulled = '';
  private pushed = '';

  private constructor(
    readonly server: TestServer,
    readonly hub: TestServer,
    readonly hubUser: TestUser,
  ) {}

  /** A new, empty engine that adopts the hub's data for `hubUser` on its first pull. */
  static async of(hub: TestServer, hubUser: TestUser): Promise<Replica> {
    const server = new TestServer();
    server.server = await listen(server.engine, 0);
    const replica = new Replica(server, hub, hubUser);
    replica.pull();
    const token = issueToken(server.engine, hubUser.email);
    if (token instanceof AdminError) throw new Error(token.message);
    replica.user = { id: hubUser.id, email: hubUser.email, token, client: server.clientFor(token) };
    server.organizationId = hub.organizationId;
    return replica;
  }

  /**
   * An engine that was used on its own before (its first start's owner, their organization and
   * work) and now connects to the hub for the first time with `hubUser`'s token.
   */
  static joining(hub: TestServer, hubUser: TestUser, local: TestServer): Replica {
    adoptHubUser(local.engine.db, local.engine.docs, { user: readRow(hub.engine.db, tableSpec('users')!, [hubUser.id])! });
    const replica = new Replica(local, hub, hubUser);
    replica.user = { ...local.owner, id: hubUser.id, email: hubUser.email };
    replica.pull();
    return replica;
  }

  get db() {
    return this.server.engine.db;
  }

  /** Receives what the hub has that this user may see. */
  pull(): ApplyResult {
    return drain(() => {
      const batch = changesSince(this.hub.engine.db, this.pulled, { user: this.hubUser.id });
      const moved = batch.cursor !== this.pulled;
      this.pulled = batch.cursor;
      // The hub's wall clock goes along, as on the socket: it judges this replica's own stamps.
      const now = this.hub.engine.changeCapture.wallMs();
      return { moved, result: applyChanges(this.db, this.server.engine.changeCapture, batch.changes, { hub: true, now }) };
    });
  }

  /** Sends this replica's new changes to the hub, which checks them against the user's roles. */
  push(): ApplyResult {
    return drain(() => {
      const batch = changesSince(this.db, this.pushed, { hub: true });
      const moved = batch.cursor !== this.pushed;
      this.pushed = batch.cursor;
      return { moved, result: applyChanges(this.hub.engine.db, this.hub.engine.changeCapture, batch.changes, { user: this.hubUser.id }) };
    });
  }

  /** Push then pull: what a connected replica does continually. */
  sync(): ApplyResult {
    return sum(this.push(), this.pull());
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }
}

/** Runs `step` until its cursor stops moving. */
function drain(step: () => { moved: boolean; result: ApplyResult }): ApplyResult {
  let total: ApplyResult = { applied: 0, compensated: 0, ignored: 0 };
  for (;;) {
    const { moved, result } = step();
    total = sum(total, result);
    if (!moved) return total;
  }
}

function sum(a: ApplyResult, b: ApplyResult): ApplyResult {
  return { applied: a.applied + b.applied, compensated: a.compensated + b.compensated, ignored: a.ignored + b.ignored };
}

/** Syncs every replica, round after round, until a round applies nothing: settled clashes and compensations travel on. */
export function heal(replicas: readonly Replica[]): void {
  for (let round = 0; round < 20; round += 1) {
    const moved = replicas.map((replica) => replica.sync()).reduce((n, result) => n + result.applied + result.compensated, 0);
    if (moved === 0) return;
  }
  throw new Error('replicas still exchanging changes after 20 rounds');
}

/** A hub and the replicas a test opens against it, all stopped together. */
export class Network {
  private readonly replicas: Replica[] = [];

  private constructor(readonly hub: TestServer) {}

  static async start(): Promise<Network> {
    return new Network(await TestServer.start());
  }

  async replicaOf(user: TestUser = this.hub.owner): Promise<Replica> {
    const replica = await Replica.of(this.hub, user);
    this.replicas.push(replica);
    return replica;
  }

  async joining(local: TestServer, user: TestUser = this.hub.owner): Promise<Replica> {
    const replica = Replica.joining(this.hub, user, local);
    this.replicas.push(replica);
    return replica;
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) await replica.stop();
    await this.hub.stop();
  }
}

/** A network started before each test of the file and stopped after it. */
export function useNetwork(): Pick<Network, 'hub' | 'replicaOf' | 'joining'> {
  let net: Network | undefined;
  beforeEach(async () => {
    net = await Network.start();
  });
  afterEach(async () => net?.stop());
  return {
    get hub() {
      return net!.hub;
    },
    replicaOf: (user) => net!.replicaOf(user),
    joining: (local, user) => net!.joining(local, user),
  };
}
