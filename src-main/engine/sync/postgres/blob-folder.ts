import { createHash, randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database, FileBytesStore } from '../../db/database.js';

/** A file's name in the folder is its SHA-256 in hex, and nothing else is ever made into a path. */
const SHA256 = /^[0-9a-f]{64}$/;

/** Files being written, renamed into place once whole and on disk. */
const WRITING = 'writing';

/** Bytes no row names any more, kept `TRASH_KEEP_MS` before they are deleted. */
const TRASH = 'trash';
const TRASH_KEEP_MS = 24 * 60 * 60 * 1000;

/** Why the folder cannot hold the hub's file bytes: said in one line, and the process exits. */
export class BlobFolderRefused extends Error {}

/**
 * File bytes of a hub on PostgreSQL kept as files in a folder every process of the hub shares
 * (`serve --postgres URL --blob-dir DIR`, docs/hub.md, "File bytes in a folder"), so that the
 * database holds only their `file_blobs` rows. Content-addressed: `DIR/ab/abcdef…` holds the bytes
 * whose SHA-256 is `abcdef…`. A file is written whole into `DIR/writing/`, flushed to disk, renamed
 * into place and its folder flushed too, inside the write transaction and so before the row that
 * names it commits in PostgreSQL: a row never names bytes that are not on disk. The same bytes
 * written twice (by two processes) land on the same name with the same content.
 */
export class BlobFolder implements FileBytesStore {
  private constructor(readonly dir: string) {}

  /** The folder, checked: it exists, is a folder, and this process can write and rename files in it. */
  static open(dir: string): BlobFolder {
    const path = resolve(dir);
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch (error) {
      throw new BlobFolderRefused(`--blob-dir: ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): create it first, writable by this process`);
    }
    if (!isFolder) throw new BlobFolderRefused(`--blob-dir: ${path} is not a folder`);
    const folder = new BlobFolder(path);
    try {
      folder.write(sha256Hex(PROBE), PROBE);
    } catch (error) {
      throw new BlobFolderRefused(`--blob-dir: cannot write files in ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    return folder;
  }

  /** The bytes, from their shard or else from the trash (a row a backup brought back after they went). */
  read(sha256: string): Buffer | undefined {
    return readIfThere(this.pathOf(sha256)) ?? readIfThere(this.trashPathOf(sha256));
  }

  write(sha256: string, bytes: Uint8Array): void {
    if (sha256Hex(bytes) !== sha256) throw new Error(`file bytes do not have the SHA-256 they are stored under (${sha256})`);
    const target = this.pathOf(sha256);
    const shard = join(this.dir, sha256.slice(0, 2));
    if (exists(target)) return;
    if (exists(this.trashPathOf(sha256))) {
      made(shard);
      renameSync(this.trashPathOf(sha256), target);
      syncFolder(shard);
      return;
    }
    const writing = join(this.dir, WRITING);
    made(writing);
    made(shard);
    const temporary = join(writing, `${sha256}.${randomUUID()}`);
    try {
      const fd = openSync(temporary, 'wx', 0o644);
      try {
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, target);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    syncFolder(shard);
  }

  /**
   * Moves the bytes to `trash/`, where they stay `TRASH_KEEP_MS` before a sweep deletes them: a
   * backup of the folder taken within that time after the database's still has the bytes of every
   * row in the dump, even of a file whose row went in between.
   */
  remove(sha256: string): void {
    const trash = join(this.dir, TRASH);
    made(trash);
    try {
      renameSync(this.pathOf(sha256), this.trashPathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // The trash counts its time from the move, not from when the bytes were first written.
    const now = new Date();
    utimesSync(this.trashPathOf(sha256), now, now);
  }

  /**
   * Sweeps one shard (`00`…`ff`, `shard` 0–255) and its part of `trash/` and `writing/`: files no
   * row names (`listed`) go to the trash, answered; files in the trash a row names again (a
   * restored backup) go back; files in the trash longer than `TRASH_KEEP_MS`, and files left
   * half-written in `writing/` by a process that died (older than `STALE_WRITE_MS`), are deleted.
   * Call it inside a write turn (docs/hub.md, "File bytes in a folder"): no process writes a file
   * outside its turn, so none is being written for a row about to commit.
   */
  sweepShard(shard: number, listed: (sha256: string) => boolean, now = Date.now()): string[] {
    const trashed: string[] = [];
    const prefix = shard.toString(16).padStart(2, '0');
    const ours = (name: string) => SHA256.test(name) && name.startsWith(prefix);
    for (const name of namesIn(join(this.dir, prefix))) {
      if (!ours(name) || listed(name)) continue;
      this.remove(name);
      trashed.push(name);
    }
    for (const name of namesIn(join(this.dir, TRASH)).filter(ours)) {
      const path = this.trashPathOf(name);
      if (listed(name)) {
        made(join(this.dir, prefix));
        renameSync(path, this.pathOf(name));
      } else if (ageOf(path, now) > TRASH_KEEP_MS) rmSync(path, { force: true });
    }
    for (const name of namesIn(join(this.dir, WRITING))) {
      // A file being written by a process still opening its folder (`open`'s probe) is young.
      const path = join(this.dir, WRITING, name);
      if (name.startsWith(prefix) && ageOf(path, now) > STALE_WRITE_MS) rmSync(path, { force: true });
    }
    return trashed;
  }

  private trashPathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 in hex');
    return join(this.dir, TRASH, sha256);
  }

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 in hex');
    return join(this.dir, sha256.slice(0, 2), sha256);
  }
}

/** One shard swept every this often: a whole pass of the folder in about an hour. */
const SHARD_EVERY_MS = 15_000;

/**
 * Sweeps the folder one shard per tick (`sweepShard`): bytes no `file_blobs` row names (their
 * rows deleted by a process that died before it moved them, or written in a turn that then rolled
 * back) go to the trash, and the trash is emptied of what it kept a day. Starts at a random shard so that the processes of a hub spread their sweeps.
 * Answers how to stop it.
 */
export function sweepEvery(db: Database, folder: BlobFolder, everyMs = SHARD_EVERY_MS): () => void {
  let shard = Math.floor(Math.random() * 256);
  const timer = setInterval(() => {
    const current = shard;
    shard = (shard + 1) % 256;
    try {
      sweepInTurn(db, folder, current);
    } catch {
      // The database is out of reach: this shard waits for the next pass.
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** One shard swept inside a write transaction of `db` (on a hub process, a turn: the working copy caught up, no other process writing). */
export function sweepInTurn(db: Database, folder: BlobFolder, shard: number): string[] {
  return db.transaction(() => folder.sweepShard(shard, (sha256) => db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256) !== undefined));
}

/** How old a file in `writing/` must be before a sweep takes it for one a dead process left. */
const STALE_WRITE_MS = 10 * 60 * 1000;

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The names in a folder; none when it is not there (a shard never written). */
function namesIn(path: string): string[] {
  try {
    return readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Milliseconds since the file was last written; 0 when it is gone already. */
function ageOf(path: string, now: number): number {
  try {
    return now - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** What `open` writes to learn that the folder takes files: small, and a file like any other. */
const PROBE = Buffer.from('Folio keeps file bytes here\n');

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A folder right under the store's, there already or made now (not recursive: the store's own must exist). */
function made(path: string): void {
  try {
    mkdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A rename is durable once the folder that holds the new name is flushed too. */
function syncFolder(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
