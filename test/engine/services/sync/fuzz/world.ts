import { expect, vi } from 'vitest';
import { ApiClient } from '../../../../../src-shared/client/client.js';
import { httpTransport } from '../../../../../src-shared/client/http-transport.js';
import { listen } from '../../../../../src-main/engine/app/http/server.js';
import { ok } from '../../../../support/content.js';
import { AdminError, addMember, addUser, issueToken } from '../../../../../src-main/engine/app/admin/commands.js';
import type { Role } from '../../../../../src-shared/contract/common.js';
import { Replica, eventually } from '../nodes.js';
import { digestOf, type Digest } from './digest.js';
import { randomOperation, type Acknowledged, type Node } from './operations.js';
import type { Random } from './random.js';

/** How long healed engines get to agree: a fuzz run exchanges a few hundred changes and docs. */
const HEAL_TIMEOUT_MS = 60_000;

/** What both fuzz worlds do alike: log, act on a node through its API, disconnect a replica, run a seed. */
export abstract class ReplicaWorld {
  readonly acknowledged: Acknowledged[] = [];
  readonly log: string[] = [];
  abstract readonly replicas: Replica[];

  /** `person` 0 is the engine's owner, then its local people. */
  abstract node(index: number, person?: number): Node;
  abstract step(random: Random): Promise<void>;
  abstract heal(): Promise<Digest>;
  abstract stop(): Promise<void>;

  /** `steps` steps, then healing: the writes the API acknowledged that the healed state lacks (none, or the test fails). */
  async run(random: Random, steps: number): Promise<Acknowledged[]> {
    try {
      for (let n = 0; n < steps; n += 1) await this.step(random);
      const healed = await this.heal();
      return this.acknowledged.filter((write) => !shows(healed, write));
    } finally {
      await this.stop();
    }
  }

  protected async operate(random: Random, on: number, person = 0): Promise<void> {
    const outcome = await randomOperation(this.node(on, person), random);
    this.log.push(`on ${on}${person === 0 ? '' : ` as local person ${person}`}: ${outcome.did}`);
    if (outcome.made) this.acknowledged.push(outcome.made);
  }

  protected async note(what: string, fault: () => void | Promise<void>): Promise<void> {
    this.log.push(what);
    await fault();
  }

  protected toggle(index: number): void {
    const { engine } = this.replicas[index]!;
    if (engine.sync.state === 'disabled') engine.sync.start();
    else engine.sync.stop();
  }
}

/** Roles of the people a replica has beside its owner, when it has several (`FuzzWorld.start`). */
const LOCAL_PEOPLE: readonly Role[] = ['create', 'edit'];

/**
 * A hub and replicas, each a real engine on its own data dir and loopback port, syncing over
 * the real socket; the replicas act for the hub's owner. With `severalLocalUsers`, the second
 * replica also has people of its own (docs/sync.md, "Identity"): local users added there as
 * `folio user add` and `member add` do, members of the hub's organization, uploaded by that
 * replica and writing through its API under their own names. A step is an API operation by a
 * random person on a random engine, or a fault: a replica disconnected or reconnected,
 * restarted, the hub's listener going away and back, or the hub restarted on its data dir.
 */
export class FuzzWorld extends ReplicaWorld {
  private constructor(
    readonly hub: Replica,
    readonly organizationId: string,
    readonly replicas: Replica[],
    /** Per engine (0 the hub), the tokens of its people beyond its owner. */
    private readonly localTokens: string[][],
  ) {
    super();
  }

  static async start(replicaCount: number, options: { severalLocalUsers?: boolean } = {}): Promise<FuzzWorld> {
    const hub = await Replica.alone();
    const organizationId = ok(await hub.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items[0]!.id;
    const replicas: Replica[] = [];
    for (let n = 0; n < replicaCount; n += 1) replicas.push(await Replica.connect(hub, hub.token));
    const localTokens: string[][] = [[], ...replicas.map(() => [])];
    if (options.severalLocalUsers && replicas[1]) localTokens[2] = await addLocalPeople(hub, replicas[1], organizationId);
    return new FuzzWorld(hub, organizationId, replicas, localTokens);
  }

  /** Engine 0 is the hub, then the replicas; `person` 0 is the engine's owner, then its local people. */
  node(index: number, person = 0): Node {
    const { server, token } = index === 0 ? this.hub : this.replicas[index - 1]!;
    const as = person === 0 ? token : this.localTokens[index]![person - 1]!;
    return { client: new ApiClient(httpTransport(server.url, as, fetchAcrossRestarts)), organizationId: this.organizationId };
  }

  async step(random: Random): Promise<void> {
    const roll = random.next();
    const replica = random.below(this.replicas.length);
    if (roll < 0.12) return this.note(`toggle replica ${replica + 1}`, () => this.toggle(replica));
    if (roll < 0.17) return this.note(`restart replica ${replica + 1}`, () => this.replicas[replica]!.restart());
    if (roll < 0.19) return this.note('hub down and up', () => this.bounceHub());
    if (roll < 0.21) return this.note('restart the hub', () => this.hub.restart());
    const on = random.below(this.replicas.length + 1);
    // Engines with one person draw nothing more, so worlds without local people replay their seeds as before.
    const people = this.localTokens[on]!.length;
    await this.operate(random, on, people === 0 ? 0 : random.below(people + 1));
  }

  /** Every replica connected again; resolves once every engine shows the hub's digest. */
  async heal(): Promise<Digest> {
    for (const { engine } of this.replicas) if (engine.sync.state === 'disabled') engine.sync.start();
    return vi.waitFor(
      async () => {
        const expected = await digestOf(this.node(0).client, this.organizationId);
        for (const n of this.replicas.keys()) {
          expect(await digestOf(this.node(n + 1).client, this.organizationId), `replica ${n + 1} after:\n${this.log.join('\n')}\n`).toEqual(expected);
        }
        return expected;
      },
      { timeout: HEAL_TIMEOUT_MS, interval: 200 },
    );
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) await replica.stop();
    await this.hub.stop();
  }

  private async bounceHub(): Promise<void> {
    const { port } = this.hub.server;
    await this.hub.server.close();
    this.hub.server = await listen(this.hub.engine, port);
  }
}

/**
 * People of the replica's own, members of the hub's organization there; returns their tokens
 * once the hub knows them, so that nothing they write reaches the hub before their rows.
 */
async function addLocalPeople(hub: Replica, replica: Replica, organizationId: string): Promise<string[]> {
  await eventually(async () => ok(await replica.client.call('getOrganizationById', { params: { organizationId } })));
  const tokens = LOCAL_PEOPLE.map((role, n) => {
    const email = `local${n + 1}@device.example`;
    const userId = unwrap(addUser(replica.engine, email, `Local person ${n + 1}`));
    unwrap(addMember(replica.engine, organizationId, email, role));
    return { userId, token: unwrap(issueToken(replica.engine, email)) };
  });
  await eventually(async () => {
    const members = ok(await hub.client.call('listMembersInOrganizationById', { params: { organizationId }, query: { limit: 1000 } }));
    for (const { userId } of tokens) expect(members.items.map((member) => member.user.id)).toContain(userId);
  });
  return tokens.map(({ token }) => token);
}

function unwrap(value: string | AdminError): string {
  if (value instanceof AdminError) throw new Error(value.message);
  return value;
}

/**
 * A request on a kept-alive socket that a restarted server closed fails once before reaching
 * it; it is sent again on a new socket. Anything else fails as it is.
 */
export const fetchAcrossRestarts: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(input, init);
  }
};

/** Whether a healed digest shows what an acknowledged write made. */
export function shows(digest: Digest, write: Acknowledged): boolean {
  const ids = (items: unknown[]) => items.map((item) => (item as { id: string }).id);
  switch (write.kind) {
    case 'space':
      return ids(digest.spaces).includes(write.id);
    case 'collection':
      return ids(digest.collections).includes(write.id);
    case 'change-request':
      return ids(digest.changeRequests).includes(write.id);
    case 'comment':
      return ids((digest.comments[write.spaceId] as unknown[]) ?? []).includes(write.id);
    case 'page':
      return JSON.stringify(digest.content[`${write.spaceId}/${write.changeRequestId}`] ?? []).includes(`"id":"${write.id}"`);
  }
}
