import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../../../src-shared/client/client.js';
import { httpTransport } from '../../../../../src-shared/client/http-transport.js';
import { listen } from '../../../../../src-main/engine/app/http/server.js';
import { BlobBucket } from '../../../../../src-main/engine/services/sync/postgres/blob-bucket.js';
import type { PostgresHub } from '../../../../../src-main/engine/app/sync/postgres/hub-server.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { ok } from '../../../../support/content.js';
import { runServeToEnd } from '../../../../support/processes.js';
import { S3_ENV, startS3, type TestS3 } from '../../../../support/s3.js';
import { allRefusedInOneLine, changeRequestOn, download, fileOf, insertFile, storedBlobRows, tableCount, teamOn, uploadedOnOneReadOnOther } from './blob-files.js';
import { eventually } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest, hubUser, startHubInProcess } from './hub-processes.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describeWithPostgres('file bytes in an S3-compatible bucket the processes of a hub share (serve --postgres --blob-s3)', (postgres) => {
  const cluster = hubClusterEachTest(postgres);
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3(['blobs', 'other']);
  }, 60_000);
  afterAll(() => s3?.stop());
  /** Hubs run in this process (`hubBehindProxy`), closed after each test. */
  const inProcess: PostgresHub[] = [];
  afterEach(async () => {
    for (const hub of inProcess.splice(0)) await hub.close();
  });
  /** The bucket under a prefix of the test's database's own, so tests share the server and not their objects. */
  const bucketOf = (database: string) => ({ url: `${s3.endpoint}/blobs/${database.split('/').pop()}`, prefix: `${database.split('/').pop()}/` });

  it('a file uploaded through one process is kept in the bucket, not the database, and served by the other', async () => {
    const database = cluster.database();
    const { url, prefix } = bucketOf(database);
    const hex = await uploadedOnOneReadOnOther(cluster, ['--blob-s3', url], S3_ENV);
    expect((await s3.object('blobs', `${prefix}${hex}`))?.toString()).toBe('written through the first process');
    // The database holds the file's row, without its bytes.
    expect((await storedBlobRows(database)).get(hex)).toEqual(Buffer.alloc(0));
  }, 180_000);

  it('refuses in one line, before touching the database: no credentials, credentials refused, no such bucket, nobody listening', async () => {
    const database = cluster.database();
    const { url } = bucketOf(database);
    const serve = (location: string, env: NodeJS.ProcessEnv) => runServeToEnd(['--postgres', database, '--blob-s3', location], env);
    const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...noCredentials } = S3_ENV;
    // A port nobody listens on: the server just stopped is the surest.
    const gone = await startS3([]);
    await gone.stop();
    await allRefusedInOneLine([
      [serve(url, noCredentials), /--blob-s3: no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
      [serve(url, { ...S3_ENV, AWS_ACCESS_KEY_ID: 'WRONG' }), /--blob-s3: .*: the credentials were refused \(InvalidAccessKeyId\)/],
      [serve(`${s3.endpoint}/missing-bucket`, S3_ENV), /--blob-s3: .*missing-bucket: the bucket does not exist: create it first/],
      [serve(`${gone.endpoint}/blobs`, S3_ENV), /--blob-s3: .*: cannot reach http:\/\/127\.0\.0\.1:\d+\/blobs \(ECONNREFUSED\)/],
      [serve(url.replace('http://', 'http://key:secret@'), S3_ENV), /--blob-s3: credentials do not go in the URL/],
      [runServeToEnd(['--postgres', database, '--blob-s3', url, '--blob-dir', '/tmp'], S3_ENV), /--blob-dir and --blob-s3/],
      [runServeToEnd(['--data-dir', '/tmp/folio-nowhere', '--blob-s3', url], S3_ENV), /--blob-s3 goes with --postgres/],
    ]);
    expect(await tableCount(database)).toBe(0);
  }, 120_000);

  it('refuses a process started without the bucket, or with a folder, once the hub keeps file bytes in one', async () => {
    const database = cluster.database();
    // The hub's first process, which records the bucket, in this one: the refused processes are the subject.
    await (await startHubInProcess(database, { kind: 's3', location: bucketOf(database).url, env: S3_ENV })).close();
    await allRefusedInOneLine([
      [runServeToEnd(['--postgres', database]), /this hub keeps file bytes in an S3-compatible bucket: start every process with --blob-s3 URL/],
      [runServeToEnd(['--postgres', database, '--blob-dir', '/tmp']), /this hub keeps file bytes in an S3-compatible bucket, not a folder: start every process with --blob-s3 URL/],
    ]);
  }, 120_000);

  /**
   * A hub whose bucket is behind the proxy, with two replicas of Ann's on it, and a change request
   * to upload to. The hub runs in this process (what is asserted is how it answers and relays while
   * the bucket holds or cuts a request, over its sockets).
   */
  async function hubBehindProxy() {
    const database = cluster.database();
    const { prefix } = bucketOf(database);
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    // A PUT may take two minutes: one held is still open when the test releases it.
    const hub = await startHubInProcess(database, { kind: 's3', location: `${s3.proxied}/blobs/${prefix}`, env: { ...S3_ENV, FOLIO_S3_TIMEOUT_MS: '120000' } });
    inProcess.push(hub);
    const a = await cluster.replicaOn(hub.syncUrl, ann.token);
    const b = await cluster.replicaOn(hub.syncUrl, ann.token);
    const team = await teamOn(a);
    return { database, prefix, hub, a, b, team, ...(await changeRequestOn(a.client, team.id)) };
  }

  /**
   * `text` uploaded through Ann's first replica while the proxy holds or cuts PUTs (`mode`), and
   * `meanwhile` run once it did so to the upload's, with no row yet; then PUTs pass again, and
   * the row and the object land.
   */
  async function uploadedPastProxy(mode: 'hold-puts' | 'cut-puts', text: string, meanwhile: (at: Awaited<ReturnType<typeof hubBehindProxy>>) => Promise<void>) {
    const at = await hubBehindProxy();
    try {
      await s3.proxy(mode);
      const met = s3.nextRequest(mode === 'hold-puts' ? 'held' : 'cut');
      // The replica's upload reaches the hub on its own: the hub asks for bytes a tree names, and PUTs them.
      await insertFile(at.a.client, at.spaceId, at.changeRequestId, text);
      await met;
      expect((await storedBlobRows(at.database)).has(sha256(text))).toBe(false);
      await meanwhile(at);
    } finally {
      await s3.proxy('pass');
    }
    await vi.waitFor(async () => expect((await storedBlobRows(at.database)).has(sha256(text))).toBe(true), { timeout: 60_000, interval: 50 });
    expect((await s3.object('blobs', `${at.prefix}${sha256(text)}`))?.toString()).toBe(text);
  }

  it('a PUT the bucket holds does not hold the hub process: it answers and takes another replica’s write meanwhile, and the row waits for the PUT', async () => {
    await uploadedPastProxy('hold-puts', 'held by the bucket', async ({ database, hub, a, b, team }) => {
      // The hub process is in the middle of the PUT (it waited on it for the whole request, its turn included, before).
      expect((await fetch(`${hub.url}/health`)).status).toBe(200);
      const space = ok(await b.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Meanwhile' } })).id;
      await eventually(async () => expect((await a.client.call('getSpaceById', { params: { spaceId: space } })).ok).toBe(true));
      // No row names bytes the bucket has not taken yet.
      expect((await storedBlobRows(database)).has(sha256('held by the bucket'))).toBe(false);
      // All that was answered before the PUT was let go: the hub still waited on it, its connection open.
      expect(await s3.proxy('pass')).toBe(1);
    });
  }, 180_000);

  it('a GET the bucket holds does not hold the hub process: it answers and relays another replica’s write meanwhile, then gives the bytes whole', async () => {
    const { database, hub, a, b, team, spaceId, changeRequestId } = await hubBehindProxy();
    // As large as an upload through the API may be (its base64 within the 1 MB body), hex so that it is text.
    const text = Array.from({ length: 10_937 }, (_, i) => sha256(`part ${i}`)).join('').slice(0, 700_000);
    try {
      await s3.proxy('hold-gets');
      const held = s3.nextRequest('held');
      // Uploaded through a (its PUT passes), the file is wanted by b, and the hub reads it from the bucket for b.
      const fileId = await insertFile(a.client, spaceId, changeRequestId, text);
      await held;
      expect((await storedBlobRows(database)).has(sha256(text))).toBe(true);
      expect((await fetch(`${hub.url}/health`)).status).toBe(200);
      const space = ok(await b.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Meanwhile' } })).id;
      await eventually(async () => expect((await a.client.call('getSpaceById', { params: { spaceId: space } })).ok).toBe(true));
      // All that was answered before the GET was let go: the hub still waited on it, its connection open.
      expect(await s3.proxy('pass')).toBe(1);
      await vi.waitFor(async () => expect(await download(b, spaceId, changeRequestId, fileId)).toBe(text), { timeout: 60_000, interval: 50 });
    } finally {
      await s3.proxy('pass');
    }
  }, 180_000);

  it('reads at most four files from the bucket at once for one replica, and gives the rest as those end', async () => {
    const { hub, a, b, spaceId, changeRequestId } = await hubBehindProxy();
    const texts = Array.from({ length: 6 }, (_, i) => `file ${i} read through the proxy`);
    try {
      await s3.proxy('hold-gets');
      const fileIds: string[] = [];
      for (const text of texts) fileIds.push(await insertFile(a.client, spaceId, changeRequestId, text));
      await vi.waitFor(async () => expect(await s3.proxy('hold-gets')).toBe(4), { timeout: 60_000, interval: 50 });
      // Time for the other wants to reach the hub and, were there no cap, their GETs the proxy.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await fetch(`${hub.url}/health`)).status).toBe(200);
      expect(await s3.proxy('pass')).toBe(4);
      for (const [i, fileId] of fileIds.entries()) {
        await vi.waitFor(async () => expect(await download(b, spaceId, changeRequestId, fileId)).toBe(texts[i]), { timeout: 60_000, interval: 50 });
      }
    } finally {
      await s3.proxy('pass');
    }
  }, 180_000);

  it('a GET cut by the bucket does not stop the process; the replica that wanted the bytes gets them once the bucket is back', async () => {
    const { hub, a, b, spaceId, changeRequestId } = await hubBehindProxy();
    const text = 'read while the bucket cuts';
    try {
      await s3.proxy('cut-gets');
      const cut = s3.nextRequest('cut');
      const fileId = await insertFile(a.client, spaceId, changeRequestId, text);
      await cut;
      // The hub tells b to try again later (1013, as the blocking read did: not asserted here, the hub's stderr is not captured); the process goes on.
      expect((await fetch(`${hub.url}/health`)).status).toBe(200);
      await s3.proxy('pass');
      // Reconnected, b asks again.
      await vi.waitFor(async () => expect(await download(b, spaceId, changeRequestId, fileId)).toBe(text), { timeout: 60_000, interval: 50 });
    } finally {
      await s3.proxy('pass');
    }
  }, 180_000);

  it('a PUT cut halfway fails the replica’s push and leaves no row; the replica pushes again once the bucket is back', async () => {
    // The hub closes the replica's connection (try again later); reconnected, it is asked for the bytes again.
    await uploadedPastProxy('cut-puts', 'cut by the bucket', async () => undefined);
  }, 180_000);

  it('a bucket that stops mid-write fails the request with a 503 in the error envelope, and no row names the bytes', async () => {
    const database = cluster.database();
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    // A process of the hub in this one, its API served: the upload is one request, answered here.
    const opened = await openPostgresEngine(database);
    // Short, so the stalled PUT is given up soon, but not so short that the open's own check (its thread's start, a list, a probe) misses it under load (seen at 2 s, load ~10).
    const bucket = BlobBucket.open(`${s3.proxied}/blobs/${database.split('/').pop()}`, { ...S3_ENV, FOLIO_S3_TIMEOUT_MS: '5000' });
    opened.engine.db.useFileBytes(bucket);
    const server = await listen(opened.engine, 0);
    try {
      const client = new ApiClient(httpTransport(server.url, ann.token, fetch));
      const team = ok(await client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} })).items.find((org) => org.title === 'Team')!;
      const { spaceId, changeRequestId } = await changeRequestOn(client, team.id);
      for (const [mode, text] of [['cut-puts', 'cut off halfway'], ['stall-puts', 'never answered']] as const) {
        await s3.proxy(mode);
        const answer = await client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes: [{ operation: 'insert_files', files: [fileOf(text)] }] } });
        // A 503 in the envelope (the store is away; nothing was written), saying nothing of the internals nor the bucket's address.
        expect(answer).toMatchObject({ ok: false, status: 503, error: { code: 503, message: expect.stringMatching(/try again/) } });
        expect(JSON.stringify(answer)).not.toMatch(/blob-bucket|\.ts:\d|127\.0\.0\.1/);
        expect((await storedBlobRows(database)).has(sha256(text))).toBe(false);
      }
      // The bucket back: the same upload goes through.
      await s3.proxy('pass');
      await insertFile(client, spaceId, changeRequestId, 'cut off halfway');
      expect((await storedBlobRows(database)).has(sha256('cut off halfway'))).toBe(true);
    } finally {
      await server.close();
      opened.close();
      bucket.stop();
      await s3.proxy('pass');
    }
  }, 120_000);
});
