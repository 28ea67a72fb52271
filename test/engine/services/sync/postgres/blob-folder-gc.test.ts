import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { collectUnreachableBlobs, sweepShard } from '../../../../../src-main/engine/domain/content/blob-gc.js';
import { BlobFolder } from '../../../../../src-main/engine/services/sync/postgres/blob-folder.js';
import { openPostgresEngine, type PostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { collectThenRollBack, namedWhileTrashed, storeThenName } from './blob-files.js';
import { describeWithPostgres } from './hub-processes.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ELEVEN_MINUTES = 11 * 60 * 1000;
const A_DAY_AND_A_MINUTE = (24 * 60 + 1) * 60 * 1000;
const agedBy = (path: string, ms: number) => {
  const past = (Date.now() - ms) / 1000;
  utimesSync(path, past, past);
};

describeWithPostgres('file bytes in a hub folder go when their rows go (serve --postgres --blob-dir)', (postgres) => {
  let folder: string;
  let processes: PostgresEngine[];
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'folio-blobs-'));
    const url = await postgres().newDatabase();
    // Two working copies of one database: two processes of a hub, sharing the folder.
    processes = [await openPostgresEngine(url), await openPostgresEngine(url)];
    for (const { engine } of processes) engine.db.useFileBytes(BlobFolder.open(folder));
  }, 60_000);
  afterEach(() => {
    for (const opened of processes) opened.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const fileOf = (text: string) => join(folder, sha256(text).slice(0, 2), sha256(text));
  const trashed = (text: string) => join(folder, 'trash', sha256(text));
  const store = storeThenName;
  const rowOn = (at: PostgresEngine, text: string) => at.engine.db.transaction(() => at.engine.db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256(text)) !== undefined);

  it('moves the file to the trash once the collection that deleted its row committed, on whichever process collected', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    await store(first!, 'unused bytes');
    expect(existsSync(fileOf('unused bytes'))).toBe(true);

    // The second process catches up with the first's row in its turn, and nothing names the bytes:
    // they go to the trash, kept a day for a backup of the folder taken after the database's.
    expect(second.engine.db.transaction(() => collectUnreachableBlobs(second.engine.db))).toBe(1);
    // The move follows the commit, off the event loop.
    await vi.waitFor(() => expect(existsSync(trashed('unused bytes'))).toBe(true), { timeout: 10_000, interval: 20 });
    expect(existsSync(fileOf('unused bytes'))).toBe(false);
    expect(rowOn(first, 'unused bytes')).toBe(false);

    // The same bytes stored again later come back whole, file and row.
    await store(first, 'unused bytes');
    expect(existsSync(fileOf('unused bytes'))).toBe(true);
    expect(existsSync(trashed('unused bytes'))).toBe(false);
    expect(rowOn(second, 'unused bytes')).toBe(true);
  }, 60_000);

  it('empties the trash of what it kept a day, and brings back bytes a restored row names again', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    for (const text of ['gone a day', 'gone an hour', 'restored']) await store(first, text);
    const folderOf = BlobFolder.open(folder);
    for (const text of ['gone a day', 'gone an hour', 'restored']) await folderOf.remove(sha256(text));
    agedBy(trashed('gone a day'), A_DAY_AND_A_MINUTE);
    agedBy(trashed('restored'), A_DAY_AND_A_MINUTE);
    // What a backup restored: the row is back (here, never gone), the bytes still in the trash and readable.
    expect(folderOf.read(sha256('restored'))?.toString()).toBe('restored');
    first.engine.db.transaction(() => first.engine.db.run('DELETE FROM file_blobs WHERE sha256 IN (?, ?)', sha256('gone a day'), sha256('gone an hour')));

    for (const text of ['gone a day', 'gone an hour', 'restored']) await sweepShard(second.engine.db, folderOf, parseInt(sha256(text).slice(0, 2), 16));
    expect(existsSync(trashed('gone a day'))).toBe(false);
    expect(existsSync(trashed('gone an hour'))).toBe(true);
    expect(existsSync(trashed('restored'))).toBe(false);
    expect(existsSync(fileOf('restored'))).toBe(true);
  }, 60_000);

  it('names bytes trashed between their store and their row: read from the trash meanwhile, brought back by the sweep', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    const read = await namedWhileTrashed(first, second, 'trashed meanwhile', (shard) => sweepShard(second.engine.db, BlobFolder.open(folder), shard));
    expect(read).toBe('trashed meanwhile');
    expect(existsSync(fileOf('trashed meanwhile'))).toBe(true);
    expect(existsSync(trashed('trashed meanwhile'))).toBe(false);
  }, 60_000);

  it('keeps the file when the collection rolled back', async () => {
    const [first] = processes as [PostgresEngine];
    await store(first, 'kept bytes');
    collectThenRollBack(first.engine.db);
    expect(existsSync(fileOf('kept bytes'))).toBe(true);
    expect(rowOn(first, 'kept bytes')).toBe(true);
  }, 60_000);

  it('sweeps the files no row names out of a shard into the trash, and deletes the half-written ones a dead process left', async () => {
    const [first, second] = processes as [PostgresEngine, PostgresEngine];
    await store(first, 'listed bytes');
    const shard = parseInt(sha256('listed bytes').slice(0, 2), 16);
    const prefix = sha256('listed bytes').slice(0, 2);
    // Bytes whose row went with a process that died before deleting them: same shard, no row.
    const orphan = `${prefix}${'0'.repeat(62)}`;
    writeFileSync(join(folder, prefix, orphan), 'orphaned');
    agedBy(join(folder, prefix, orphan), ELEVEN_MINUTES);
    // Bytes stored just now for a row whose turn has not committed yet: too young to sweep.
    const young = `${prefix}${'2'.repeat(62)}`;
    writeFileSync(join(folder, prefix, young), 'about to be named');
    writeFileSync(join(folder, prefix, 'notes.txt'), 'not a SHA-256: never the sweep’s');
    mkdirSync(join(folder, 'writing'), { recursive: true });
    const stale = join(folder, 'writing', `${orphan}.dead-process`);
    const fresh = join(folder, 'writing', `${orphan}.being-written`);
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'half');
    agedBy(stale, ELEVEN_MINUTES);

    expect(await sweepShard(second.engine.db, BlobFolder.open(folder), shard)).toEqual([orphan]);
    expect(readdirSync(join(folder, prefix)).sort()).toEqual([sha256('listed bytes'), young, 'notes.txt'].sort());
    expect(existsSync(join(folder, 'trash', orphan))).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    // Another shard is not touched.
    writeFileSync(join(folder, prefix, `${prefix}${'1'.repeat(62)}`), 'orphaned');
    expect(await sweepShard(second.engine.db, BlobFolder.open(folder), (shard + 1) % 256)).toEqual([]);
    expect(existsSync(join(folder, prefix, `${prefix}${'1'.repeat(62)}`))).toBe(true);
  }, 60_000);
});
