import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { storeBlob } from '../../../../../src-main/engine/domain/content/projection-sql.js';
import type { BlobStoreChoice } from '../../../../../src-main/engine/services/sync/postgres/blob-store.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { bundledScript, ROOT } from '../../../../support/entry-bundle.js';
import { ok } from '../../../../support/content.js';
import { runCli, runServeToEnd } from '../../../../support/processes.js';
import { S3_ENV, startS3, type TestS3 } from '../../../../support/s3.js';
import { eventually, type Replica } from '../nodes.js';
import { changeRequestOn, refusedInOneLine, storedBlobRows, teamOn } from './blob-files.js';
import { describeWithPostgres, hubClusterEachTest, hubUser, killHub, startHubInProcess, startHubProcess } from './hub-processes.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `n` bytes that compress badly and differ from run to run of nothing: a SHA-256 chain. */
function noise(n: number, seed: string): Buffer {
  const blocks: Buffer[] = [];
  let block = createHash('sha256').update(seed).digest();
  for (let length = 0; length < n; length += block.length) {
    blocks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(blocks).subarray(0, n);
}

/** What a test uploaded through a hub process: who, where, and each file's bytes. */
interface Uploaded {
  token: string;
  spaceId: string;
  changeRequestId: string;
  files: { id: string; bytes: Buffer }[];
}

describeWithPostgres('moving a hub\'s file bytes to another store (folio blobs move)', (postgres) => {
  const cluster = hubClusterEachTest(postgres);
  let root: string;
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3(['moves']);
  }, 60_000);
  afterAll(() => s3?.stop());
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'folio-move-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A new empty folder under the test's. */
  const folder = (name: string) => {
    const path = join(root, name);
    mkdirSync(path);
    return path;
  };
  const move = (args: string[], env?: NodeJS.ProcessEnv) => runCli(['--postgres', cluster.database(), 'blobs', 'move', ...args], env);

  /**
   * Three files (a note, 300 kB of noise, a short one) uploaded through a hub started with `blobs`,
   * stopped once PostgreSQL has them. The hub runs in this process: the upload is the tests'
   * setup, not their subject.
   */
  async function uploaded(blobs?: BlobStoreChoice): Promise<Uploaded> {
    const database = cluster.database();
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    const hub = await startHubInProcess(database, blobs);
    try {
      const a = await cluster.replicaOn(hub.syncUrl, ann.token);
      const { spaceId, changeRequestId } = await changeRequestOn(a.client, (await teamOn(a)).id);
      const contents = [Buffer.from('a note kept through the move'), noise(300_000, database), Buffer.from('short')];
      const files = contents.map((bytes, i) => ({ name: `file-${i}.bin`, contentType: 'application/octet-stream', base64: bytes.toString('base64') }));
      const answer = ok(await a.client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes: [{ operation: 'insert_files', files }] } }));
      const ids = ('insertedFiles' in answer ? answer.insertedFiles : []).map((file) => file.id);
      expect(ids).toHaveLength(3);
      await eventually(async () => expect(await a.status()).toMatchObject({ pendingChanges: 0 }));
      await vi.waitFor(async () => expect([...(await storedBlobRows(database)).keys()]).toEqual(expect.arrayContaining(contents.map(sha256))), { timeout: 60_000, interval: 100 });
      return { token: ann.token, spaceId, changeRequestId, files: contents.map((bytes, i) => ({ id: ids[i]!, bytes })) };
    } finally {
      await hub.close();
    }
  }

  /** A hub process started with `flags` serves every file, byte for byte, to a replica that never had them. */
  async function servesEveryFile(files: Uploaded, flags: string[], env?: NodeJS.ProcessEnv): Promise<void> {
    const hub = await startHubProcess(cluster.database(), 0, flags, env);
    cluster.hubs().push(hub);
    const fresh = await cluster.replicaOn(hub.syncUrl, files.token);
    for (const file of files.files) {
      await vi.waitFor(async () => expect(sha256(await downloaded(fresh, files, file.id))).toBe(sha256(file.bytes)), { timeout: 60_000, interval: 100 });
    }
    await killHub(hub);
  }

  it('database → folder: refused while a process is attached, then copied, checked and switched; the new flag serves every file, no flag is refused', async () => {
    const files = await uploaded();
    const database = cluster.database();
    const target = folder('blobs');
    const running = await startHubProcess(database);
    cluster.hubs().push(running);
    const before = await snapshot(database);
    const attached = await move(['--to-dir', target]);
    expect(attached.status).toBe(1);
    expect(attached.stdout).toBe('');
    expect(attached.stderr).toMatch(/^folio: blobs move: hub processes are attached to this database \(\d+ connections\): stop every process of the hub/m);
    expect(await snapshot(database)).toEqual(before);
    await killHub(running);

    const moved = await move(['--to-dir', target]);
    expect(moved.stderr).toMatch(/blobs move: 3 of 3 files checked in /);
    expect(moved.stdout).toMatch(new RegExp(`^moved: 3 files' bytes are in ${target}\\. Start every process with --blob-dir ${target}\\.`));
    expect(moved.status).toBe(0);
    for (const file of files.files) expect(readFileSync(join(target, sha256(file.bytes).slice(0, 2), sha256(file.bytes)))).toEqual(file.bytes);
    // The rows hold no bytes any more.
    for (const bytes of (await storedBlobRows(database)).values()) expect(bytes).toEqual(Buffer.alloc(0));
    await servesEveryFile(files, ['--blob-dir', target]);
    refusedInOneLine(await runServeToEnd(['--postgres', database]), new RegExp(`this hub keeps file bytes in the folder ${target}: start every process with --blob-dir ${target}$`, 'm'));
    refusedInOneLine(await move(['--blob-dir', target, '--to-dir', target]), new RegExp(`blobs move: this hub keeps its file bytes in ${target} already: nothing to move`));
  }, 300_000);

  it('folder → folder, stopped by a file missing from the old folder and resumed once it is back; the old folder is then refused', async () => {
    const old = folder('old');
    const files = await uploaded({ kind: 'folder', dir: old });
    const database = cluster.database();
    const target = folder('new');
    const lost = sha256(files.files[1]!.bytes);
    const aside = join(root, 'aside');
    renameSync(join(old, lost.slice(0, 2), lost), aside);
    const before = await snapshot(database);
    const stopped = await move(['--blob-dir', old, '--to-dir', target]);
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toMatch(new RegExp(`^folio: blobs move: 1 file's bytes are in neither the database nor ${old} \\(${lost}\\): put them back from a backup of that store, then run the command again; nothing was switched$`, 'm'));
    expect(await snapshot(database)).toEqual(before);
    // What the stopped run copied is in the new folder already; a process is still given the old one.
    expect(readFileSync(join(target, sha256(files.files[0]!.bytes).slice(0, 2), sha256(files.files[0]!.bytes)))).toEqual(files.files[0]!.bytes);
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-dir', target]), /is where `folio blobs move` is moving this hub's file bytes, and they are not all there yet/);

    renameSync(aside, join(old, lost.slice(0, 2), lost));
    const resumed = await move(['--blob-dir', old, '--to-dir', target]);
    expect(resumed.stdout).toMatch(new RegExp(`^moved: 3 files' bytes are in ${target}\\. Start every process with --blob-dir ${target}\\. The old store ${old} is left as it was`));
    expect(resumed.status).toBe(0);
    await servesEveryFile(files, ['--blob-dir', target]);
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-dir', old]), new RegExp(`this hub keeps file bytes in the folder ${target}, not ${old}: start every process with --blob-dir ${target}$`, 'm'));
  }, 300_000);

  it('folder → database, killed at some point and run again: the database serves every file, the folder is refused', async () => {
    const old = folder('old');
    const files = await uploaded({ kind: 'folder', dir: old });
    const database = cluster.database();
    // Killed as soon as it reports progress: before, during or after its switch, a second run ends the move or finds it done.
    await killedOnFirstReport(['--postgres', database, 'blobs', 'move', '--blob-dir', old, '--to-database']);
    const again = await move(['--blob-dir', old, '--to-database']);
    if (again.status === 0) expect(again.stdout).toMatch(/^moved: 3 files' bytes are in the database\. Start every process without --blob-dir or --blob-s3\./);
    else refusedInOneLine(again, /blobs move: this hub keeps its file bytes in the database already: nothing to move/);
    const rows = await storedBlobRows(database);
    for (const file of files.files) expect(rows.get(sha256(file.bytes))).toEqual(file.bytes);
    await servesEveryFile(files, []);
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-dir', old]), /this hub keeps file bytes in the database, not a folder: start every process with neither --blob-dir nor --blob-s3$/m);
  }, 300_000);

  it('database → bucket → folder: each store checked and recorded; the bucket is refused once the bytes left it', async () => {
    const files = await uploaded();
    const database = cluster.database();
    const prefix = database.split('/').pop()!;
    const bucket = `${s3.endpoint}/moves/${prefix}`;
    const toBucket = await move(['--to-s3', bucket], S3_ENV);
    expect(toBucket.stdout).toMatch(new RegExp(`^moved: 3 files' bytes are in ${bucket}\\. Start every process with --blob-s3 ${bucket}\\.`));
    for (const file of files.files) expect(await s3.object('moves', `${prefix}/${sha256(file.bytes)}`)).toEqual(file.bytes);
    await servesEveryFile(files, ['--blob-s3', bucket], S3_ENV);

    const target = folder('blobs');
    const toFolder = await move(['--blob-s3', bucket, '--to-dir', target], S3_ENV);
    expect(toFolder.stdout).toMatch(new RegExp(`^moved: 3 files' bytes are in ${target}\\.`));
    await servesEveryFile(files, ['--blob-dir', target]);
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-s3', bucket], S3_ENV), new RegExp(`this hub keeps file bytes in the folder ${target}, not an S3-compatible bucket: start every process with --blob-dir ${target}$`, 'm'));
  }, 300_000);

  it('a working copy loaded before the switch whose connection was cut meanwhile stops at its next write and stores nothing', async () => {
    const database = cluster.database();
    await hubUser(database, 'ann@example.com');
    const told: string[] = [];
    const before = await openPostgresEngine(database, (message) => told.push(message));
    try {
      // Its connection cut, as by a network fault: the move sees no process; the next turn opens another.
      await terminateHubConnections(database);
      const moved = await move(['--to-dir', folder('blobs')]);
      expect(moved.status).toBe(0);
      const bytes = Buffer.from('written by a process that missed the move');
      expect(() => before.engine.db.transaction(() => storeBlob(before.engine.db, sha256(bytes), bytes))).toThrow(/too far behind/);
      expect(told).toEqual([expect.stringMatching(/^this process is at turn \d+, and deletions up to turn \d+ were purged meanwhile: restart it$/)]);
      expect((await storedBlobRows(database)).has(sha256(bytes))).toBe(false);
    } finally {
      before.close();
    }
  }, 120_000);

  it('refuses in one line, the database unchanged: a wrong URL, an unreachable store, a folder missing, not a folder or not empty, the same store, another hub\'s', async () => {
    const database = cluster.database();
    await hubUser(database, 'ann@example.com');
    const before = await snapshot(database);
    const nonEmpty = folder('full');
    writeFileSync(join(nonEmpty, 'notes.txt'), 'somebody else\'s');
    const aFile = join(root, 'a-file');
    writeFileSync(aFile, 'not a folder');
    const gone = await startS3([]);
    await gone.stop();
    // A folder another hub's move labelled.
    const theirs = folder('theirs');
    writeFileSync(join(theirs, 'folio-store.json'), JSON.stringify({ hub: 'another-hub', store: 'theirs' }));
    type Run = () => Promise<{ status: number; stdout: string; stderr: string }>;
    // Refused on the database: one after another, as a move holds the hub's move lock while it checks.
    const onTheDatabase: [Run, RegExp][] = [
      [() => move(['--to-dir', nonEmpty]), new RegExp(`blobs move: --to-dir: ${nonEmpty} is not empty: give an empty folder`)],
      [() => move(['--to-dir', join(root, 'missing')]), /blobs move: --to-dir: .*missing cannot be read \(ENOENT\)/],
      [() => move(['--to-dir', aFile]), /blobs move: --to-dir: .*a-file is not a folder/],
      [() => move(['--to-database']), /blobs move: this hub keeps its file bytes in the database already: nothing to move/],
      [() => move(['--blob-dir', folder('current'), '--to-dir', folder('next')]), /blobs move: this hub keeps file bytes in the database, not a folder: give `blobs move` neither --blob-dir nor --blob-s3$/m],
      [() => move(['--to-s3', 'ftp://example/bucket'], S3_ENV), /blobs move: --to-s3: expected s3:\/\/, http:\/\/ or https:\/\//],
      [() => move(['--to-s3', `${gone.endpoint}/moves`], S3_ENV), /blobs move: --to-s3: .*: cannot reach http:\/\/127\.0\.0\.1:\d+\/moves \(ECONNREFUSED\)/],
      [() => move(['--to-s3', `${s3.endpoint}/missing-bucket`], S3_ENV), /blobs move: --to-s3: .*: the bucket does not exist/],
      [() => move(['--to-dir', theirs]), /blobs move: .*theirs holds the file bytes of another Folio hub \(another-hub\)/],
    ];
    // Refused before reaching it (the arguments, another database): side by side with those.
    const beforeIt: [Run, RegExp][] = [
      [() => move([]), /blobs move: give one of --to-dir DIR, --to-s3 URL, --to-database/],
      [() => move(['--to-dir', root, '--to-database']), /blobs move: give one of/],
      [() => runCli(['--postgres', 'mysql://x', 'blobs', 'move', '--to-database']), /--postgres: not a PostgreSQL URL/],
      [() => runCli(['--postgres', `postgres://folio@127.0.0.1:${postgres().port}/no_such_database`, 'blobs', 'move', '--to-database']), /cannot reach PostgreSQL at .*no_such_database/],
      [() => runCli(['blobs', 'move', '--to-database']), /blobs move: --postgres URL is required/],
      [() => runCli(['--postgres', database, 'user', 'add', '--email', 'a@example.com', '--name', 'A', '--to-dir', root]), /--to-dir goes with blobs move/],
    ];
    const inTurn = async (runs: [Run, RegExp][]) => {
      for (const [run, message] of runs) refusedInOneLine(await run(), message);
    };
    await Promise.all([inTurn(onTheDatabase), ...beforeIt.map((one) => inTurn([one]))]);
    expect(await snapshot(database)).toEqual(before);
    expect(existsSync(join(root, 'missing'))).toBe(false);
  }, 180_000);
});

/** Runs the CLI and kills it (SIGKILL) once it wrote its first line of progress, or lets it end if it ends first. */
async function killedOnFirstReport(args: string[]): Promise<void> {
  const child = spawn(process.execPath, [bundledScript('src-main/cli/folio.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stderr! }).once('line', () => child.kill('SIGKILL'));
  await exited;
}

/** The file's bytes as a replica serves them (its `downloadURL`). */
async function downloaded(at: Replica, files: Uploaded, fileId: string): Promise<Buffer> {
  const path = `/v1/spaces/${files.spaceId}/change-requests/${files.changeRequestId}/content/files/${fileId}/download`;
  const answer = await at.engine.request({ method: 'GET', path, headers: { authorization: `Bearer ${at.token}` } });
  expect(answer.status).toBe(200);
  return Buffer.from(answer.body as Uint8Array);
}

/** Ends the hub processes' connections to the database, as a network fault would. */
async function terminateHubConnections(database: string): Promise<void> {
  const client = new pg.Client(database);
  await client.connect();
  try {
    await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'folio-hub-%'");
  } finally {
    await client.end();
  }
}

/** The hub's tables as they stand: meta, the counter and every row's turn and hash. */
async function snapshot(database: string): Promise<unknown> {
  const client = new pg.Client(database);
  await client.connect();
  try {
    const meta = (await client.query('SELECT key, value FROM folio_hub_meta ORDER BY key')).rows;
    const counter = (await client.query('SELECT seq FROM folio_hub_counter')).rows;
    const rows = (await client.query('SELECT tbl, key, seq, md5(data) AS hash FROM folio_hub_rows ORDER BY tbl, key')).rows;
    return { meta, counter, rows };
  } finally {
    await client.end();
  }
}
