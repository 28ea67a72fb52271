import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { collectUnreachableBlobs, sweepShard } from '../../../../../src-main/engine/domain/content/blob-gc.js';
import { BlobBucket } from '../../../../../src-main/engine/services/sync/postgres/blob-bucket.js';
import { openPostgresEngine, type PostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { S3_ENV, startS3, type TestS3 } from '../../../../support/s3.js';
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
    // The move follows the commit, off the event loop.
    await vi.waitFor(async () => expect(await kept('unused bytes')).toBeUndefined(), { timeout: 10_000, interval: 20 });
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
    const read = await namedWhileTrashed(first, second, 'trashed meanwhile', (shard) => sweepShard(second.engine.db, buckets[1]!, shard));
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
    await buckets[0]!.remove(sha256('restored'));

    // Just stored, 'gone' may be about to be named by a turn of another process: too young to sweep.
    for (const text of ['listed', 'gone', 'restored']) await sweepShard(second.engine.db, buckets[1]!, shardOf(text));
    expect((await kept('gone'))?.toString()).toBe('gone');
    await sweepShard(second.engine.db, buckets[1]!, shardOf('gone'), Date.now() + ELEVEN_MINUTES);
    expect((await kept('listed'))?.toString()).toBe('listed');
    expect(await kept('gone')).toBeUndefined();
    expect((await trashed('gone'))?.toString()).toBe('gone');
    expect((await kept('restored'))?.toString()).toBe('restored');
    expect(await trashed('restored')).toBeUndefined();

    // A sweep a day later deletes it for good; an hour later, it is still there.
    await sweepShard(second.engine.db, buckets[1]!, shardOf('gone'), Date.now() + 60 * 60 * 1000);
    expect(await trashed('gone')).toBeDefined();
    await sweepShard(second.engine.db, buckets[1]!, shardOf('gone'), Date.now() + A_DAY_AND_A_MINUTE);
    expect(await trashed('gone')).toBeUndefined();
    expect((await kept('listed'))?.toString()).toBe('listed');
  }, 60_000);

  it('lists and moves a shard without holding the event loop or a turn: both processes write while the bucket holds its requests', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    await store(first, 'orphaned');
    first.engine.db.transaction(() => first.engine.db.run('DELETE FROM file_blobs WHERE sha256 = ?', sha256('orphaned')));
    // The second process's bucket through the proxy, which holds what the test says.
    const slow = BlobBucket.open(`${s3.proxied}/blobs/${prefix}`, S3_ENV);
    try {
      await s3.proxy('hold-lists');
      const listing = s3.nextRequest('held');
      const swept = sweepShard(second.engine.db, slow, shardOf('orphaned'), Date.now() + ELEVEN_MINUTES);
      await listing;
      // Before, the sweep listed inside a turn, the event loop asleep: nothing else ran on the process, nor a turn elsewhere.
      await store(second, 'written while listing');
      await store(first, 'written elsewhere while listing');
      const moving = s3.nextRequest('held');
      // The listings go on; the move's copy is held.
      expect(await s3.proxy('hold-puts')).toBe(2);
      await moving;
      await store(second, 'written while moving');
      await store(first, 'written elsewhere while moving');
      expect(await kept('orphaned')).toBeDefined();
      expect(await s3.proxy('pass')).toBe(1);
      expect(await swept).toEqual([sha256('orphaned')]);
      expect(await kept('orphaned')).toBeUndefined();
      expect((await trashed('orphaned'))?.toString()).toBe('orphaned');
      for (const text of ['written while listing', 'written elsewhere while listing', 'written while moving', 'written elsewhere while moving']) {
        expect(rowOn(second, text)).toBe(true);
        expect((await kept(text))?.toString()).toBe(text);
      }
    } finally {
      await s3.proxy('pass');
      slow.stop();
    }
  }, 60_000);

  it('reads bytes wanted twice at once with one GET, and gives each reader the bytes', async () => {
    const [first] = processes as [PostgresEngine];
    await store(first, 'wanted twice');
    const slow = BlobBucket.open(`${s3.proxied}/blobs/${prefix}`, S3_ENV);
    try {
      await s3.proxy('hold-gets');
      const held = s3.nextRequest('held');
      const reads = [slow.readAsync(sha256('wanted twice')), slow.readAsync(sha256('wanted twice'))];
      await held;
      // Time for a second GET, were there one, to reach the proxy.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await s3.proxy('pass')).toBe(1);
      expect((await Promise.all(reads)).map(String)).toEqual(['wanted twice', 'wanted twice']);
      // Once ended, a read is a GET of its own again.
      await s3.proxy('hold-gets');
      const again = s3.nextRequest('held');
      const later = slow.readAsync(sha256('wanted twice'));
      await again;
      expect(await s3.proxy('pass')).toBe(1);
      expect((await later)?.toString()).toBe('wanted twice');
    } finally {
      await s3.proxy('pass');
      slow.stop();
    }
  }, 60_000);
});
