import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize } from 'node:v8';
import pg from 'pg';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { ok } from '../../../support/content.js';
import { runServeToEnd } from '../../../support/processes.js';
import { eventually, type Replica } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest, hubUser, killHub, startHubProcess } from './hub-processes.js';

describeWithPostgres('file bytes in a folder the processes of a hub share (serve --postgres --blob-dir)', (postgres) => {
  const cluster = hubClusterEachTest(postgres);
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'folio-blobs-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('a file uploaded through one process is kept in the folder, not the database, and served by the other', async () => {
    const database = cluster.database();
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    const [first, second] = await Promise.all([startHubProcess(database, 0, ['--blob-dir', folder]), startHubProcess(database, 0, ['--blob-dir', folder])]);
    cluster.hubs().push(first!, second!);
    // Each replica on one process only: what b downloads, the second process read from the folder.
    const a = await cluster.replicaOn(first!.syncUrl, ann.token);
    const b = await cluster.replicaOn(second!.syncUrl, ann.token);
    const team = await teamOn(a);
    const spaceId = ok(await a.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Files' } })).id;
    const changeRequestId = ok(await a.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Files' } })).id;
    const fileId = await insertFile(a.client, spaceId, changeRequestId, 'written through the first process');

    await vi.waitFor(async () => expect(await download(b, spaceId, changeRequestId, fileId)).toBe('written through the first process'), { timeout: 60_000, interval: 50 });
    const sha256 = createHash('sha256').update('written through the first process').digest('hex');
    expect(readFileSync(join(folder, sha256.slice(0, 2), sha256), 'utf8')).toBe('written through the first process');
    // The database holds the file's row, without its bytes.
    const rows = await storedBlobRows(database);
    expect(rows.get(sha256)).toEqual(Buffer.alloc(0));
  }, 180_000);

  it('refuses in one line, before touching the database: a folder that is not there, not a folder, or not writable', async () => {
    const database = cluster.database();
    const notThere = join(folder, 'missing');
    const aFile = join(folder, 'a-file');
    writeFileSync(aFile, 'not a folder');
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-dir', notThere]), new RegExp(`--blob-dir: ${notThere} cannot be read \\(ENOENT\\)`));
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-dir', aFile]), /--blob-dir: .* is not a folder/);
    // /proc takes no files, even from root.
    refusedInOneLine(await runServeToEnd(['--postgres', database, '--blob-dir', '/proc']), /--blob-dir: cannot write files in \/proc/);
    refusedInOneLine(await runServeToEnd(['--data-dir', join(folder, 'data'), '--blob-dir', folder]), /--blob-dir goes with --postgres/);
    expect(await tableCount(database)).toBe(0);
  }, 120_000);

  it('refuses a process started without the folder once the hub keeps file bytes in one', async () => {
    const database = cluster.database();
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    const hub = await startHubProcess(database, 0, ['--blob-dir', folder]);
    cluster.hubs().push(hub);
    const a = await cluster.replicaOn(hub.syncUrl, ann.token);
    const team = await teamOn(a);
    const spaceId = ok(await a.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Files' } })).id;
    const changeRequestId = ok(await a.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Files' } })).id;
    await insertFile(a.client, spaceId, changeRequestId, 'kept in the folder');
    const sha256 = createHash('sha256').update('kept in the folder').digest('hex');
    await vi.waitFor(async () => expect((await storedBlobRows(database)).has(sha256)).toBe(true), { timeout: 60_000, interval: 50 });
    await killHub(hub);
    refusedInOneLine(await runServeToEnd(['--postgres', database]), /this hub keeps file bytes in a folder: start every process with --blob-dir DIR/);
  }, 180_000);
});

/** One line on stderr, a non-zero exit, nothing on stdout. */
function refusedInOneLine(result: { status: number; stdout: string; stderr: string }, message: RegExp): void {
  expect(result.status).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(message);
}

/** Ann's organization, once it reached the replica. */
function teamOn(replica: Replica): Promise<{ id: string }> {
  return eventually(async () => {
    const team = ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} })).items.find((org) => org.title === 'Team');
    expect(team).toBeDefined();
    return team!;
  });
}

async function insertFile(client: ApiClient, spaceId: string, changeRequestId: string, text: string): Promise<string> {
  const files = [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from(text).toString('base64') }];
  const answer = ok(await client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes: [{ operation: 'insert_files', files }] } }));
  return ('insertedFiles' in answer ? answer.insertedFiles : [])[0]!.id;
}

/** A file's bytes as a replica serves them (its `downloadURL`), as text. */
async function download(at: Replica, spaceId: string, changeRequestId: string, fileId: string): Promise<string> {
  const path = `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/download`;
  const answer = await at.engine.request({ method: 'GET', path, headers: { authorization: `Bearer ${at.token}` } });
  expect(answer.status).toBe(200);
  return Buffer.from(answer.body as Uint8Array).toString();
}

/** The hub's `file_blobs` rows as PostgreSQL holds them: SHA-256 → the bytes column. */
async function storedBlobRows(database: string): Promise<Map<string, Buffer>> {
  const client = new pg.Client(database);
  await client.connect();
  try {
    const rows = await client.query<{ data: Buffer }>("SELECT data FROM folio_hub_rows WHERE tbl = 'file_blobs' AND data IS NOT NULL");
    // Values in column order after the rowid: sha256, bytes.
    return new Map(rows.rows.map((row) => deserialize(row.data) as [number, string, Uint8Array]).map(([, sha256, bytes]) => [sha256, Buffer.from(bytes)]));
  } finally {
    await client.end();
  }
}

async function tableCount(database: string): Promise<number> {
  const client = new pg.Client(database);
  await client.connect();
  try {
    return Number((await client.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()")).rows[0].n);
  } finally {
    await client.end();
  }
}
