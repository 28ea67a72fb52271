import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { runCli, spawnScript } from '../../../../support/processes.js';
import { databasesOfOneFile, postgresMissing, sharedPostgres, startPostgres, type PostgresDatabases, type TestPostgres } from '../../../../support/postgres.js';
import { SYNC_PATH } from '../../../../../src-main/engine/transports/sync/hub.js';
import type { BlobStoreChoice } from '../../../../../src-main/engine/services/sync/postgres/blob-store.js';
import { startPostgresHub, type PostgresHub } from '../../../../../src-main/engine/app/sync/postgres/hub-server.js';
import { AdminError, addOrganization, addUser, issueToken } from '../../../../../src-main/engine/app/admin/commands.js';
import { openPostgresEngine, type PostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { mainTreeDoc } from '../../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../../support/content.js';
import { eventually, Replica } from '../nodes.js';

/** `npm run serve -- --postgres URL` in a process of its own (node with tsx as a loader, so SIGKILL reaches it). */
export interface HubProcess {
  child: ReturnType<typeof spawnScript>;
  port: number;
  url: string;
  /** The address replicas are given. */
  syncUrl: string;
  exited: Promise<number | null>;
}

export function startHubProcess(database: string, port = 0, flags: string[] = [], env?: NodeJS.ProcessEnv): Promise<HubProcess> {
  const child = spawnScript('src-main/cli/serve.ts', ['--postgres', database, '--port', String(port), ...flags], env);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`hub process exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^Folio hub listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      if (!match) return reject(new Error(`unexpected first line: ${line}`));
      const actual = Number(match[2]);
      resolve({ child, port: actual, url: match[1]!, syncUrl: `ws://127.0.0.1:${actual}${SYNC_PATH}`, exited });
    });
  });
}

/**
 * A hub process's work in this process (`startPostgresHub`, as `serve --postgres` runs it), for
 * tests whose subject is not the process: its own cost ~1.5 s of CPU to start. Close it at the end.
 */
export async function startHubInProcess(database: string, blobs?: BlobStoreChoice): Promise<PostgresHub & { syncUrl: string }> {
  const hub = await startPostgresHub(database, 0, (message) => {
    throw new Error(message);
  }, [], blobs);
  return Object.assign(hub, { syncUrl: `ws://127.0.0.1:${hub.port}${SYNC_PATH}` });
}

export async function killHub(hub: HubProcess): Promise<void> {
  hub.child.kill('SIGKILL');
  await hub.exited;
}

/** `npm run cli -- --postgres URL …`; its one line of output. */
export async function hubCli(database: string, args: string[]): Promise<string> {
  const result = await runCli(['--postgres', database, ...args]);
  if (result.status !== 0) throw new Error(`folio ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * A user with a token and an organization of their own, made on the hub's database by the CLI's
 * commands, run here rather than in a process per command (`cli.test.ts` runs the CLI itself).
 */
export async function hubUser(database: string, email: string, organization?: string): Promise<{ token: string }> {
  const opened = await openPostgresEngine(database);
  try {
    const { engine } = opened;
    const made = (result: string | AdminError) => {
      if (result instanceof AdminError) throw new Error(result.message);
      return result;
    };
    made(addUser(engine, email, email.split('@')[0]!));
    const token = made(issueToken(engine, email));
    if (organization) made(addOrganization(engine, organization, email));
    return { token };
  } finally {
    opened.close();
  }
}

/**
 * Two working copies of the database at `url` (two hub processes' engines, without their commit
 * followers: each hears of the other only at its own turns) and a client of its own to look at
 * PostgreSQL, for `test`; all closed after it.
 */
export async function withTwoWorkingCopies(url: string, test: (copies: { a: PostgresEngine; b: PostgresEngine; reader: pg.Client }) => Promise<void>): Promise<void> {
  const a = await openPostgresEngine(url);
  const b = await openPostgresEngine(url);
  const reader = new pg.Client(url);
  await reader.connect();
  try {
    await test({ a, b, reader });
  } finally {
    await reader.end();
    a.close();
    b.close();
  }
}

/**
 * A describe block run against the PostgreSQL server its test fork shares (`sharedPostgres`), on
 * databases of its own dropped at its end, or skipped with the reason printed when PostgreSQL's
 * programs are not installed.
 */
export function describeWithPostgres(name: string, body: (server: () => PostgresDatabases) => void): void {
  describeWithServer(name, body, async () => {
    const databases = databasesOfOneFile(await sharedPostgres());
    return { server: databases, end: () => databases.dropAll() };
  });
}

/** The same on a server of its own, which its tests may stop and start again (faults.test.ts); removed at the end. */
export function describeWithOwnPostgres(name: string, body: (server: () => TestPostgres) => void): void {
  describeWithServer(name, body, async () => {
    const server = await startPostgres();
    return { server, end: () => server.destroy() };
  });
}

function describeWithServer<T>(name: string, body: (server: () => T) => void, start: () => Promise<{ server: T; end: () => Promise<void> }>): void {
  const missing = postgresMissing();
  if (missing) {
    console.warn(`${name}: ${missing}`);
    describe.skip(name, () => body(() => undefined as never));
    return;
  }
  describe(name, () => {
    let started: { server: T; end: () => Promise<void> } | undefined;
    beforeAll(async () => {
      started = await start();
    }, 120_000);
    // As long as the start may take: the end drops every database the file made, one per test (`npm run fuzz` makes 60 and more).
    afterAll(() => started?.end(), 120_000);
    body(() => started!.server);
  });
}

/**
 * For each test: a new database on the suite's PostgreSQL, the hub processes a test starts on
 * it, and the replicas it attaches; all stopped after the test.
 */
export function hubClusterEachTest(postgres: () => PostgresDatabases) {
  let database = '';
  let hubs: HubProcess[] = [];
  const replicas: Replica[] = [];
  beforeEach(async () => {
    database = await postgres().newDatabase();
    hubs = [];
  });
  afterEach(async () => {
    for (const replica of replicas.splice(0)) await replica.stop();
    for (const hub of hubs) await killHub(hub);
  });

  async function replicaOn(url: string, token: string): Promise<Replica> {
    const replica = await Replica.alone();
    replicas.push(replica);
    ok(await replica.client.call('updateSyncSettings', { params: undefined, body: { url, token } }));
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', pendingChanges: 0 }));
    return replica;
  }

  return {
    database: () => database,
    hubs: () => hubs,
    replicaOn,
    /**
     * Ann's organization "Team", two processes, a replica on each that fails over to the other
     * (a: first then second, b: second then first), and a space made on a that b has.
     */
    async twoSides() {
      const ann = await hubUser(database, 'ann@example.com', 'Team');
      hubs = await Promise.all([startHubProcess(database), startHubProcess(database)]);
      const [first, second] = hubs.map((hub) => hub.syncUrl);
      const a = await replicaOn(`${first},${second}`, ann.token);
      const b = await replicaOn(`${second},${first}`, ann.token);
      const team = ok(await a.client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} })).items.find((org) => org.title === 'Team')!;
      const space = ok(await a.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Shared' } }));
      await eventually(async () => expect((await b.client.call('getSpaceById', { params: { spaceId: space.id } })).status).toBe(200));
      return { a, b, organizationId: team.id, spaceId: space.id, tree: mainTreeDoc(space.id), token: ann.token };
    },
  };
}
