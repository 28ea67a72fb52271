import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { collectUnreachableBlobs, sweepInTurn, sweepShard } from '../../../../src-main/engine/content/blob-gc.js';
import { BlobBucket } from '../../../../src-main/engine/sync/postgres/blob-bucket.js';
import { openPostgresEngine, type PostgresEngine } from '../../../../src-main/engine/sync/postgres/working-copy.js';
import { S3_ENV, startS3, type TestS3 } from '../../../support/s3.js';
import { collectThenRollBack, namedWhileTrashed, storeThenName } from './blob-files.js';
import { describeWithPostgres } from './hub-processes.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ELEVEN_MINUTES = 11 * 60 * 1000;
const A_DAY_AND_A_MINUTE = (24 * 60 + 1) * 60 * 1000;
const shardOf = (text: string) => parseInt(sha256(text).slice(0, 2), 16);

describeWithPostgres('file bytes in a hub bucket go when their rows go (serve --postgres --blob-s3)', (postgres) => {
  let s3: TestS3;
  let processes: PostgresEngine[];
  let buckets: BlobBucket[];
  let prefix: string;
  beforeAll(async () => {
    s3 = await startS3(['blobs']);
  }, 60_000);
  afterAll(() => s3?.stop());
  beforeEach(async () => {
    const url = await postgres().newDatabase();
    // Two working copies of one database: two processes of a hub, sharing the bucket (under a prefix of this test's own).
    prefix = `${url.split('/').pop()}/`;
    const location = `${s3.endpoint}/blobs/${prefix}`;
    processes = [await openPostgresEngine(url), await openPostgresEngine(url)];
    buckets = processes.map(({ engine }) => {
      const bucket = BlobBucket.open(location, S3_ENV);
      engine.db.useFileBytes(bucket);
      return bucket;
    });
  }, 60_000);
  afterEach(() => {
    for (const opened of processes) opened.close();
    for (const bucket of buckets) bucket.stop();
  });

  const kept = (text: string) => s3.object('blobs', `${prefix}${sha256(text)}`);
  const trashed = (text: string) => s3.object('blobs', `${prefix}trash/${sha256(text)}`);
  const store = storeThenName;
  const rowOn = (at: PostgresEngine, text: string) => at.engine.db.transaction(() => at.engine.db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256(text)) !== undefined);

  it('moves the object to the trash once the collection that deleted its row committed, on whichever process collected', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    await store(first, 'unused bytes');
    expect((await kept('unused bytes'))?.toString()).toBe('unused bytes');

    expect(second.engine.db.transaction(() => collectUnreachableBlobs(second.engine.db))).toBe(1);
    expect(await kept('unused bytes')).toBeUndefined();
    expect((await trashed('unused bytes'))?.toString()).toBe('unused bytes');
    expect(rowOn(first, 'unused bytes')).toBe(false);
    // Still readable from the trash: a row a backup brings back finds its bytes.
    expect(buckets[0]!.read(sha256('unused bytes'))?.toString()).toBe('unused bytes');

    // The same bytes stored again later come back whole, object and row.
    await store(first, 'unused bytes');
    expect((await kept('unused bytes'))?.toString()).toBe('unused bytes');
    expect(rowOn(second, 'unused bytes')).toBe(true);
  }, 60_000);

  it('names bytes trashed between their store and their row: read from the trash meanwhile, brought back by the sweep', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    const read = await namedWhileTrashed(first, second, 'trashed meanwhile', (shard) => sweepInTurn(second.engine.db, buckets[1]!, shard));
    expect(read).toBe('trashed meanwhile');
    expect((await kept('trashed meanwhile'))?.toString()).toBe('trashed meanwhile');
    expect(await trashed('trashed meanwhile')).toBeUndefined();
  }, 60_000);

  it('keeps the object when the collection rolled back', async () => {
    const [first] = processes as [PostgresEngine];
    await store(first, 'kept bytes');
    collectThenRollBack(first.engine.db);
    expect((await kept('kept bytes'))?.toString()).toBe('kept bytes');
    expect(await trashed('kept bytes')).toBeUndefined();
    expect(rowOn(first, 'kept bytes')).toBe(true);
  }, 60_000);

  it('sweeps objects no row names into the trash, brings back those a restored row names, and empties the trash of what it kept a day', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    for (const text of ['listed', 'gone', 'restored']) await store(first, text);
    // 'gone' loses its row without its object being moved (a process died in between): the sweep moves it.
    first.engine.db.transaction(() => first.engine.db.run('DELETE FROM file_blobs WHERE sha256 = ?', sha256('gone')));
    // 'restored' went to the trash and its row came back (a restored backup).
    first.engine.db.transaction(() => buckets[0]!.remove(sha256('restored')));

    // Just stored, 'gone' may be about to be named by a turn of another process: too young to sweep.
    for (const text of ['listed', 'gone', 'restored']) sweepInTurn(second.engine.db, buckets[1]!, shardOf(text));
    expect((await kept('gone'))?.toString()).toBe('gone');
    sweepInTurn(second.engine.db, buckets[1]!, shardOf('gone'), Date.now() + ELEVEN_MINUTES);
    expect((await kept('listed'))?.toString()).toBe('listed');
    expect(await kept('gone')).toBeUndefined();
    expect((await trashed('gone'))?.toString()).toBe('gone');
    expect((await kept('restored'))?.toString()).toBe('restored');
    expect(await trashed('restored')).toBeUndefined();

    // A sweep a day later deletes it for good; an hour later, it is still there.
    const listed = (hex: string) => second.engine.db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', hex) !== undefined;
    second.engine.db.transaction(() => sweepShard(buckets[1]!, shardOf('gone'), listed, Date.now() + 60 * 60 * 1000));
    expect(await trashed('gone')).toBeDefined();
    second.engine.db.transaction(() => sweepShard(buckets[1]!, shardOf('gone'), listed, Date.now() + A_DAY_AND_A_MINUTE));
    expect(await trashed('gone')).toBeUndefined();
    expect((await kept('listed'))?.toString()).toBe('listed');
  }, 60_000);
});
