import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server of our own, in a temporary folder, on an ephemeral loopback port
 * (docs/hub.md, "Tests"). As root, its files and processes belong to the `postgres` user, which
 * PostgreSQL requires.
 */
export interface PostgresDatabases {
  port: number;
  /** A URL of a new, empty database on this server. */
  newDatabase(name?: string): Promise<string>;
}

export interface TestPostgres extends PostgresDatabases {
  /** `pg_ctl stop -m immediate`: the server dies as in a power cut of its process, without a checkpoint. */
  stopImmediate(): Promise<void>;
  /** Starts it again on the same folder and port. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** Where Debian puts PostgreSQL's programs; FOLIO_PG_BIN overrides. */
export function postgresBin(): string | undefined {
  if (process.env.FOLIO_PG_BIN) return existsSync(join(process.env.FOLIO_PG_BIN, 'initdb')) ? process.env.FOLIO_PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** Why PostgreSQL tests cannot run here, or undefined when they can; printed by the suites that skip. */
export function postgresMissing(): string | undefined {
  if (!postgresBin()) return 'PostgreSQL binaries not found (apt-get install postgresql, or set FOLIO_PG_BIN): PostgreSQL hub tests skipped';
  if (isRoot() && !userExists('postgres')) return 'running as root without a postgres user: PostgreSQL hub tests skipped';
  return undefined;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresMissing());
  const dir = mkdtempSync(join(tmpdir(), 'folio-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o755);
  }
  const port = await freePort();
  await copy(await templateCluster(bin), data);
  const start = () =>
    run(bin, 'pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '60',
      // Loopback only, the socket in our own folder; fsync off: the tests stop the server, never the machine.
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
      'start',
    ]);
  await start();
  watchOver(bin, dir, data);
  let running = true;
  let databases = 0;
  const admin = `postgres://folio@127.0.0.1:${port}/postgres`;
  return {
    port,
    async newDatabase(name = `folio_${process.pid}_${++databases}`) {
      const client = new pg.Client(admin);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://folio@127.0.0.1:${port}/${name}`;
    },
    async stopImmediate() {
      await run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const SHARED = Symbol.for('folio.sharedPostgres');

/**
 * The server this test fork shares between its files, started by the first that needs it and
 * stopped when the fork is gone (`watchOver`): starting one for each file (`cp -a` of the template
 * cluster, `pg_ctl start` and stop) cost 1–1.5 s of a file's time at load 10–15. Each file gets
 * databases of its own on it, dropped at its end (`databasesOfOneFile`). A test that stops the
 * server takes one of its own (`startPostgres`). Kept on `globalThis`, as the fork's files share it
 * whether or not they share this module.
 */
export function sharedPostgres(): Promise<PostgresDatabases> {
  const fork = globalThis as { [SHARED]?: Promise<TestPostgres> };
  fork[SHARED] ??= startPostgres();
  // A failed start is not kept: the next file tries again and reports its own error.
  fork[SHARED].catch(() => (fork[SHARED] = undefined));
  return fork[SHARED];
}

/** `server`'s databases as one file makes them, and `dropAll` to drop them at its end, with any connection left to them. */
export function databasesOfOneFile(server: PostgresDatabases): PostgresDatabases & { dropAll(): Promise<void> } {
  const made: string[] = [];
  return {
    port: server.port,
    async newDatabase(name?: string) {
      const url = await server.newDatabase(name);
      made.push(new URL(url).pathname.slice(1));
      return url;
    },
    async dropAll() {
      const client = new pg.Client(`postgres://folio@127.0.0.1:${server.port}/postgres`);
      await client.connect();
      try {
        for (const name of made.splice(0)) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

let template: Promise<string> | undefined;

/**
 * A cluster fresh from initdb, made once per test run and copied for each server: a copy takes
 * ~0.1 s where initdb takes ~1.5 s at load, once per file that starts a server. The run's forks share
 * it beside their parent (vitest's own process): the first fork to need it makes it, one that
 * loses that race drops its own, and it is removed once that process is gone.
 */
function templateCluster(bin: string): Promise<string> {
  template ??= (async () => {
    const shared = join(tmpdir(), `folio-pg-template-${process.ppid}`, 'data');
    if (existsSync(join(shared, 'PG_VERSION'))) return shared;
    const dir = mkdtempSync(join(tmpdir(), 'folio-pg-template-'));
    if (isRoot()) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o755);
    }
    await run(bin, 'initdb', ['-D', join(dir, 'data'), '-U', 'folio', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    try {
      // Atomic: it fails when another fork's cluster is already there.
      renameSync(dir, dirname(shared));
      whenGone(process.ppid, `rm -rf ${dirname(shared)}`);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
    return shared;
  })();
  return template;
}

/** `cp -a`: as root the copy stays the postgres user's, with initdb's modes, as PostgreSQL requires. */
function copy(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('cp', ['-a', from, to], (error, _stdout, stderr) => (error ? reject(new Error(`cp failed: ${stderr || error.message}`)) : resolve()));
  });
}

/**
 * Stops the server and removes its folder once this process is gone however it ends (a test
 * worker killed on a timeout never runs its afterAll).
 */
function watchOver(bin: string, dir: string, data: string): void {
  const stop = `${isRoot() ? 'runuser -u postgres -- ' : ''}${join(bin, 'pg_ctl')} -D ${data} -m immediate stop`;
  whenGone(process.pid, `${stop} >/dev/null 2>&1; rm -rf ${dir}`);
}

/** Runs a shell command once a process is gone: a detached shell waits for its pid. */
function whenGone(pid: number, command: string): void {
  spawn('sh', ['-c', `while kill -0 ${pid} 2>/dev/null; do sleep 2; done; ${command}`], { detached: true, stdio: 'ignore' }).unref();
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function userExists(name: string): boolean {
  try {
    return userInfo().username === name || Number.isInteger(postgresIds().uid);
  } catch {
    return false;
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs one of PostgreSQL's programs, as the postgres user when we are root. */
function run(bin: string, program: string, args: string[]): Promise<string> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  return new Promise((resolve, reject) => {
    execFile(file, argv as string[], { encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
