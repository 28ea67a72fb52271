import { expect, vi } from 'vitest';
import { ApiClient } from '../../../../../src-shared/client/client.js';
import { httpTransport } from '../../../../../src-shared/client/http-transport.js';
import { ok } from '../../../../support/content.js';
import { eventually, Replica } from '../nodes.js';
import { hubUser, killHub, startHubProcess, type HubProcess } from '../postgres/hub-processes.js';
import { digestOf, type Digest } from './digest.js';
import type { Node } from './operations.js';
import type { Random } from './random.js';
import { fetchAcrossRestarts, ReplicaWorld } from './world.js';

/** Longer than the single hub's: a killed hub process starts again meanwhile, and replicas back off. */
const HEAL_TIMEOUT_MS = 90_000;

/**
 * The convergence fuzz against a hub of several processes on one PostgreSQL (docs/hub.md): each
 * hub process is `npm run serve -- --postgres` in a process of its own, each replica a real engine
 * attached to one of them and failing over to the others. A step is an API operation on a
 * random replica, or a fault: a replica disconnected or reconnected, restarted, or a hub process
 * killed (SIGKILL) and started again on its port.
 */
export class ClusterFuzzWorld extends ReplicaWorld {
  private constructor(
    private readonly database: string,
    private readonly token: string,
    readonly hubs: HubProcess[],
    readonly replicas: Replica[],
    readonly organizationId: string,
  ) {
    super();
  }

  static async start(database: string, hubCount: number, replicaCount: number): Promise<ClusterFuzzWorld> {
    const { token } = await hubUser(database, 'fuzz@example.com', 'Fuzz');
    const hubs = await Promise.all(Array.from({ length: hubCount }, () => startHubProcess(database)));
    const replicas: Replica[] = [];
    for (let n = 0; n < replicaCount; n += 1) replicas.push(await attach(hubs, n % hubCount, token));
    const organizationId = ok(await replicas[0]!.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items.find(
      (organization) => organization.title === 'Fuzz',
    )!.id;
    return new ClusterFuzzWorld(database, token, hubs, replicas, organizationId);
  }

  node(index: number): Node {
    const { server, token } = this.replicas[index]!;
    return { client: new ApiClient(httpTransport(server.url, token, fetchAcrossRestarts)), organizationId: this.organizationId };
  }

  async step(random: Random): Promise<void> {
    const roll = random.next();
    const replica = random.below(this.replicas.length);
    if (roll < 0.12) return this.note(`toggle replica ${replica}`, () => this.toggle(replica));
    if (roll < 0.17) return this.note(`restart replica ${replica}`, () => this.replicas[replica]!.restart());
    if (roll < 0.2) {
      const hub = random.below(this.hubs.length);
      return this.note(`kill hub process ${hub} and start it again`, () => this.restartHub(hub));
    }
    await this.operate(random, random.below(this.replicas.length));
  }

  /**
   * Every replica connected again, and a new one attached to the last process; resolves once all
   * show the same digest: what the replicas agree on is what the hub holds.
   */
  async heal(): Promise<Digest> {
    for (const { engine } of this.replicas) if (engine.sync.state === 'disabled') engine.sync.start();
    this.replicas.push(await attach(this.hubs, this.hubs.length - 1, this.token));
    return vi.waitFor(
      async () => {
        const expected = await digestOf(this.node(0).client, this.organizationId);
        for (const n of this.replicas.keys()) {
          expect(await digestOf(this.node(n).client, this.organizationId), `replica ${n} after:\n${this.log.join('\n')}\n`).toEqual(expected);
        }
        return expected;
      },
      { timeout: HEAL_TIMEOUT_MS, interval: 250 },
    );
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) await replica.stop();
    for (const hub of this.hubs) await killHub(hub);
  }

  private async restartHub(index: number): Promise<void> {
    const { port } = this.hubs[index]!;
    await killHub(this.hubs[index]!);
    this.hubs[index] = await startHubProcess(this.database, port);
  }
}

/** A new replica whose sync settings list every process, starting with `first`. */
async function attach(hubs: readonly HubProcess[], first: number, token: string): Promise<Replica> {
  const replica = await Replica.alone();
  const addresses = hubs.map((_, n) => hubs[(first + n) % hubs.length]!.syncUrl).join(',');
  ok(await replica.client.call('updateSyncSettings', { params: undefined, body: { url: addresses, token } }));
  await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', pendingChanges: 0 }));
  return replica;
}
