import type { Database, FileBytesStore } from '../../core/db/database.js';

/**
 * Deletes the file bytes (`file_blobs`) that no content can reach any more, inside the caller's
 * transaction; answers how many went.
 *
 * A blob is reachable while a file row of any branch names it, or while any page tree's history
 * does: every revision replays the tree docs' logs (and a change request's merge reads its fork
 * base), so a file deleted since, but present at some revision, keeps its bytes. A tree doc holds a
 * file's `blob` as a plain string, whose UTF-8 bytes appear as they are in the doc's updates, so
 * the history is searched for those bytes rather than replayed: a title that happened to spell a
 * hash would only keep a blob alive. A file added and removed between two revisions thus keeps
 * its bytes until its tree doc goes, which happens when its space is purged from the trash.
 */
export function collectUnreachableBlobs(db: Database): number {
  const unlisted = db.all<{ sha256: string }>('SELECT sha256 FROM file_blobs EXCEPT SELECT blob FROM content_files');
  const deleted: string[] = [];
  for (const { sha256 } of unlisted) {
    if (inTreeHistory(db, sha256)) continue;
    if (db.run('DELETE FROM file_blobs WHERE sha256 = ?', sha256).changes > 0) deleted.push(sha256);
  }
  const store = db.fileBytes;
  if (store && deleted.length > 0) db.onTransactionEnd((committed) => committed && removeUnlistedBytes(db, store, deleted));
  return deleted.length;
}

/**
 * Lets go the bytes a store besides the database (a hub's folder or bucket) keeps for rows a
 * committed transaction deleted. Which are still unnamed is read in a write transaction of its
 * own (on a hub process, a turn, which sees every row committed); the store's moves come after
 * it, without holding the event loop or the turn. Bytes whose row came back since stay; bytes
 * another process names for a new row meanwhile go to the trash all the same, where reads find
 * them until the sweep brings them back (`sweepShard`).
 */
function removeUnlistedBytes(db: Database, store: FileBytesStore, sha256s: readonly string[]): void {
  let unlisted: string[];
  try {
    unlisted = db.transaction(() => sha256s.filter((sha256) => !named(db, sha256)));
  } catch {
    // The hub's database is out of reach: the store's sweep (docs/hub.md) moves them later.
    return;
  }
  void (async () => {
    for (const sha256 of unlisted) await store.remove(sha256);
  })().catch(() => {
    // The store is out of reach: its sweep moves what is left later.
  });
}

function named(db: Database, sha256: string): boolean {
  return db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256) !== undefined;
}

function inTreeHistory(db: Database, sha256: string): boolean {
  const needle = Buffer.from(sha256, 'utf8');
  return (
    db.get(`SELECT 1 FROM doc_updates WHERE doc_id LIKE '%/tree' AND instr("update", ?) > 0 LIMIT 1`, needle) !== undefined ||
    db.get(`SELECT 1 FROM doc_forks WHERE doc_id LIKE '%/tree' AND instr(base_update, ?) > 0 LIMIT 1`, needle) !== undefined
  );
}

/** Bytes no row names any more are kept this long in a store's trash before a sweep deletes them. */
export const TRASH_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Bytes stored this recently are not swept, named or not: a process stores a file's bytes before
 * the write turn whose row names them (`FileBytesStore.put`), so young unnamed bytes may be named
 * by a turn not committed yet. Far above a turn's wait (PostgreSQL's lock timeout is 10 s), and
 * wide enough for clocks minutes apart (a bucket dates its objects by its own clock).
 */
export const FRESH_BYTES_MS = 10 * 60 * 1000;

/**
 * A store of file bytes besides the database that keeps what it lets go (`remove`) in a trash,
 * and that a sweep can walk a shard at a time (a shard: the SHA-256s whose hex starts with two
 * given digits): a hub's folder or bucket (docs/hub.md). Every call settles without holding the
 * event loop.
 */
export interface SweptBytesStore extends FileBytesStore {
  /** The SHA-256s of the bytes kept (not in the trash) in the shard, with when each was last stored (epoch ms). */
  keptIn(shard: string): Promise<{ sha256: string; since: number }[]>;
  /** The SHA-256s in the trash in the shard, with when each went there (epoch ms). */
  trashedIn(shard: string): Promise<{ sha256: string; since: number }[]>;
  /** Bytes in the trash back where `read` finds them first (nothing when they left the trash meanwhile). */
  restore(sha256: string): Promise<void>;
  /** Bytes in the trash gone for good. */
  purge(sha256: string): Promise<void>;
  /** What else the store tidies in the shard (a folder's files half-written by a process that died). */
  tidy?(shard: string, now: number): Promise<void>;
}

/**
 * Sweeps one shard (`shard` 0–255) of the store and answers what it moved to the trash: bytes no
 * row names and older than `FRESH_BYTES_MS` go to the trash; bytes in the trash a row names again
 * (a restored backup, or bytes a process found stored and named while they were being trashed)
 * come back; bytes in the trash longer than `TRASH_KEEP_MS` are deleted.
 *
 * The store is listed and changed outside any transaction, without holding the event loop (a
 * bucket's requests take a network's time). In between, the rows decide, in a write transaction
 * that holds no call to the store — on a hub process a turn, which sees every row committed.
 * Nearly every sweep takes none: a read transaction first finds no old bytes unnamed and an
 * empty trash, and the sweep ends there (a hub process's working copy may lag behind others'
 * commits, so what it reads only ever spares bytes until the next pass). Bytes a turn names after
 * the check and before their move (stored long ago, `put` found them there) go to the trash,
 * where reads find them, and come back at the shard's next sweep, as before.
 */
export async function sweepShard(db: Database, store: SweptBytesStore, shard: number, now = Date.now()): Promise<string[]> {
  const prefix = shard.toString(16).padStart(2, '0');
  const [kept, trashed] = await Promise.all([store.keptIn(prefix), store.trashedIn(prefix)]);
  const old = kept.filter(({ since }) => now - since >= FRESH_BYTES_MS).map(({ sha256 }) => sha256);
  const unnamed = (sha256s: readonly string[]) => sha256s.filter((sha256) => !named(db, sha256));
  const candidates = db.transaction(() => unnamed(old), 'read');
  if (candidates.length === 0 && trashed.length === 0) {
    await store.tidy?.(prefix, now);
    return [];
  }
  const decided = db.transaction(() => ({
    trash: unnamed(candidates),
    restore: trashed.filter(({ sha256 }) => named(db, sha256)).map(({ sha256 }) => sha256),
    purge: trashed.filter(({ sha256, since }) => now - since > TRASH_KEEP_MS && !named(db, sha256)).map(({ sha256 }) => sha256),
  }));
  for (const sha256 of decided.trash) await store.remove(sha256);
  for (const sha256 of decided.restore) await store.restore(sha256);
  for (const sha256 of decided.purge) await store.purge(sha256);
  await store.tidy?.(prefix, now);
  return decided.trash;
}

/** One shard swept every this often: a whole pass of the store in about an hour. */
const SHARD_EVERY_MS = 15_000;

/**
 * Sweeps the store one shard per tick (`sweepShard`): bytes no `file_blobs` row names (their rows
 * deleted by a process that died before it moved them, or stored for a turn that then rolled
 * back or never came) go to the trash, and the trash is emptied of what it kept a day. Starts at a
 * random shard so that the processes of a hub spread their sweeps; a tick while the last sweep is
 * still waiting on the store is skipped. Answers how to stop it.
 */
export function sweepEvery(db: Database, store: SweptBytesStore, everyMs = SHARD_EVERY_MS): () => void {
  let shard = Math.floor(Math.random() * 256);
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    const current = shard;
    shard = (shard + 1) % 256;
    sweeping = true;
    sweepShard(db, store, current)
      .catch(() => {
        // The database or the store is out of reach: this shard waits for the next pass.
      })
      .finally(() => {
        sweeping = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
