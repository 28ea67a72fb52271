// What the tests of a hub's file bytes kept in a folder (blob-folder.test.ts) or a bucket (blob-s3.test.ts) share.
import { deserialize } from 'node:v8';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { ApiClient } from '../../../../../src-shared/client/client.js';
import { collectUnreachableBlobs } from '../../../../../src-main/engine/domain/content/blob-gc.js';
import type { Database } from '../../../../../src-main/engine/core/db/database.js';
import { storeBlob } from '../../../../../src-main/engine/domain/content/projection-sql.js';
import { blobBytes } from '../../../../../src-main/engine/domain/content/sql.js';
import type { PostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { ok } from '../../../../support/content.js';
import { eventually, type Replica } from '../nodes.js';
import { hubUser, startHubProcess, type hubClusterEachTest } from './hub-processes.js';

/**
 * Two hub processes started with `flags` (and `env`), a replica on each alone, a file uploaded
 * through the first and downloaded through the second, which read it from the store: answers its
 * SHA-256 once the download has it whole.
 */
export async function uploadedOnOneReadOnOther(cluster: ReturnType<typeof hubClusterEachTest>, flags: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const database = cluster.database();
  const ann = await hubUser(database, 'ann@example.com', 'Team');
  const [first, second] = await Promise.all([startHubProcess(database, 0, flags, env), startHubProcess(database, 0, flags, env)]);
  cluster.hubs().push(first, second);
  const a = await cluster.replicaOn(first.syncUrl, ann.token);
  const b = await cluster.replicaOn(second.syncUrl, ann.token);
  const { spaceId, changeRequestId } = await changeRequestOn(a.client, (await teamOn(a)).id);
  const text = 'written through the first process';
  const fileId = await insertFile(a.client, spaceId, changeRequestId, text);
  await vi.waitFor(async () => expect(await download(b, spaceId, changeRequestId, fileId)).toBe(text), { timeout: 60_000, interval: 50 });
  return createHash('sha256').update(text).digest('hex');
}

/** One line on stderr, a non-zero exit, nothing on stdout. */
export function refusedInOneLine(result: { status: number; stdout: string; stderr: string }, message: RegExp): void {
  expect(result.status).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(message);
}

/**
 * Each process refused in one line (`refusedInOneLine`): started side by side by the caller, as
 * one after another they were most of a refusal test's time. Only for processes that refuse
 * before they write to the database (a `blobs move` takes the hub's move lock first).
 */
export async function allRefusedInOneLine(refusals: [Promise<{ status: number; stdout: string; stderr: string }>, RegExp][]): Promise<void> {
  const results = await Promise.all(refusals.map(([result]) => result));
  refusals.forEach(([, message], i) => refusedInOneLine(results[i]!, message));
}

/** Ann's organization, once it reached the replica. */
export function teamOn(replica: Replica): Promise<{ id: string }> {
  return eventually(async () => {
    const team = ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} })).items.find((org) => org.title === 'Team');
    expect(team).toBeDefined();
    return team!;
  });
}

export async function changeRequestOn(client: ApiClient, organizationId: string): Promise<{ spaceId: string; changeRequestId: string }> {
  const spaceId = ok(await client.call('createSpace', { params: { organizationId }, body: { title: 'Files' } })).id;
  const changeRequestId = ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Files' } })).id;
  return { spaceId, changeRequestId };
}

export const fileOf = (text: string) => ({ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from(text).toString('base64') });

export async function insertFile(client: ApiClient, spaceId: string, changeRequestId: string, text: string): Promise<string> {
  const answer = ok(await client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes: [{ operation: 'insert_files', files: [fileOf(text)] }] } }));
  return ('insertedFiles' in answer ? answer.insertedFiles : [])[0]!.id;
}

/** A file's bytes as a replica serves them (its `downloadURL`), as text. */
export async function download(at: Replica, spaceId: string, changeRequestId: string, fileId: string): Promise<string> {
  const path = `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/download`;
  const answer = await at.engine.request({ method: 'GET', path, headers: { authorization: `Bearer ${at.token}` } });
  expect(answer.status).toBe(200);
  return Buffer.from(answer.body as Uint8Array).toString();
}

/** The hub's `file_blobs` rows as PostgreSQL holds them: SHA-256 → the bytes column. */
export async function storedBlobRows(database: string): Promise<Map<string, Buffer>> {
  const client = new pg.Client(database);
  await client.connect();
  try {
    const rows = await client.query<{ data: Buffer }>("SELECT data FROM folio_hub_rows WHERE tbl = 'file_blobs' AND data IS NOT NULL");
    // Values in column order after the rowid: sha256, bytes.
    return new Map(rows.rows.map((row) => deserialize(row.data) as [number, string, Uint8Array]).map(([, hex, bytes]) => [hex, Buffer.from(bytes)]));
  } finally {
    await client.end();
  }
}

export async function tableCount(database: string): Promise<number> {
  const client = new pg.Client(database);
  await client.connect();
  try {
    return Number((await client.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()")).rows[0].n);
  } finally {
    await client.end();
  }
}

/** A collection made in a transaction that then fails: whatever it would move must stay where it is. */
export function collectThenRollBack(db: Database): void {
  expect(() =>
    db.transaction(() => {
      collectUnreachableBlobs(db);
      throw new Error('the request failed after collecting');
    }),
  ).toThrow('the request failed after collecting');
}

/** `text`'s bytes stored as a hub process stores an upload: into its folder or bucket first, then their row in a turn. */
export async function storeThenName(at: PostgresEngine, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  const hex = createHash('sha256').update(bytes).digest('hex');
  await at.engine.db.fileBytes!.put(hex, bytes);
  at.engine.db.transaction(() => storeBlob(at.engine.db, hex, bytes));
}

/**
 * Bytes a process stored for an upload and that another process's sweep (or collection) moves to
 * the trash before the upload's row commits, as when `put` found them there, old and unnamed: the
 * row commits all the same, and `other`, caught up, reads them from the trash; then a sweep of
 * their shard on `other` (`sweep`) brings them back. Answers what `other` read before the sweep.
 */
export async function namedWhileTrashed(at: PostgresEngine, other: PostgresEngine, text: string, sweep: (shard: number) => Promise<unknown>): Promise<string | undefined> {
  const bytes = Buffer.from(text);
  const hex = createHash('sha256').update(bytes).digest('hex');
  const store = at.engine.db.fileBytes!;
  await store.put(hex, bytes);
  await store.remove(hex);
  at.engine.db.transaction(() => storeBlob(at.engine.db, hex, bytes));
  const read = other.engine.db.transaction(() => blobBytes(other.engine.db, hex))?.toString();
  await sweep(parseInt(hex.slice(0, 2), 16));
  return read;
}
