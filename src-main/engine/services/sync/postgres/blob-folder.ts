import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SweptBytesStore } from '../../../domain/content/blob-gc.js';
import { BlobStoreRefused, checkAddress, LABEL_NAME, labelBytes, parseLabel, PROBE, SHA256, sha256Hex, type StoreLabel } from './blob-address.js';
import { TakenAhead } from './taken-ahead.js';
import { UnderWay } from './under-way.js';

/** Files being written, renamed into place once whole and on disk. */
const WRITING = 'writing';

/** Bytes no row names any more, kept `TRASH_KEEP_MS` (blob-gc.ts) before a sweep deletes them. */
const TRASH = 'trash';

/**
 * File bytes of a hub on PostgreSQL kept as files in a folder every process of the hub shares
 * (`serve --postgres URL --blob-dir DIR`, docs/hub.md, "File bytes in a folder"), so that the
 * database holds only their `file_blobs` rows. Content-addressed: `DIR/ab/abcdef…` holds the bytes
 * whose SHA-256 is `abcdef…`. A file is written whole into `DIR/writing/`, flushed to disk, renamed
 * into place and its folder flushed too, before the write transaction that names it opens (`put`,
 * without holding the event loop), and so before its row commits in PostgreSQL: a row never names
 * bytes that are not on disk. The same bytes written twice (by two processes) land on the same
 * name with the same content.
 */
export class BlobFolder implements SweptBytesStore {
  private readonly taken = new TakenAhead();
  private readonly reads = new UnderWay<Buffer | undefined>();

  private constructor(readonly dir: string) {}

  /**
   * The folder, checked: it exists, is a folder, and this process can write and rename files in
   * it. `beforeWriting` looks at it first (a move's target must be empty, and gets its label).
   */
  static open(dir: string, beforeWriting?: (folder: BlobFolder) => void): BlobFolder {
    const path = resolve(dir);
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch (error) {
      throw new BlobStoreRefused(`--blob-dir: ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): create it first, writable by this process`);
    }
    if (!isFolder) throw new BlobStoreRefused(`--blob-dir: ${path} is not a folder`);
    const folder = new BlobFolder(path);
    try {
      beforeWriting?.(folder);
      folder.write(sha256Hex(PROBE), PROBE);
    } catch (error) {
      if (error instanceof BlobStoreRefused) throw error;
      throw new BlobStoreRefused(`--blob-dir: cannot write files in ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    return folder;
  }

  /** The bytes, from their shard or else from the trash (a row a backup brought back after they went). */
  read(sha256: string): Buffer | undefined {
    return readIfThere(this.pathOf(sha256)) ?? readIfThere(this.trashPathOf(sha256));
  }

  readAsync(sha256: string): Promise<Buffer | undefined> {
    return this.reads.join(sha256, async () => (await readIfThereAsync(this.pathOf(sha256))) ?? (await readIfThereAsync(this.trashPathOf(sha256))));
  }

  /**
   * `write` off the event loop, before the write turn whose row names the bytes (docs/hub.md):
   * bytes there already are touched, so that the sweep counts them as fresh
   * (`FRESH_BYTES_MS`); a sweep moving them to the trash meanwhile is met by fetching them back,
   * or by writing them anew.
   */
  put(sha256: string, bytes: Uint8Array): Promise<void> {
    checkAddress(sha256, bytes);
    return this.taken.put(sha256, async () => {
      const target = this.pathOf(sha256);
      const shard = join(this.dir, sha256.slice(0, 2));
      const now = new Date();
      if (await absentWhen(fs.utimes(target, now, now))) {
        await madeAsync(shard);
        if (await absentWhen(fs.rename(this.trashPathOf(sha256), target))) await this.writeWholeAsync(`${sha256}.${randomUUID()}`, bytes, target);
        else await fs.utimes(target, now, now);
        await syncFolderAsync(shard);
      }
    });
  }

  took(sha256: string): boolean {
    return this.taken.took(sha256);
  }

  /** Stores the bytes waiting on the disk (`open`'s probe, `blobs move`); a hub's uploads `put` them instead. */
  write(sha256: string, bytes: Uint8Array): void {
    checkAddress(sha256, bytes);
    const target = this.pathOf(sha256);
    const shard = join(this.dir, sha256.slice(0, 2));
    if (exists(target)) return;
    if (exists(this.trashPathOf(sha256))) {
      made(shard);
      renameSync(this.trashPathOf(sha256), target);
      syncFolder(shard);
      return;
    }
    made(shard);
    this.writeWhole(`${sha256}.${randomUUID()}`, bytes, target);
    syncFolder(shard);
  }

  /** How the folder is named to an operator. */
  get where(): string {
    return this.dir;
  }

  /** The folder's label (`StoreLabel`), if a move gave it one. */
  label(): StoreLabel | undefined {
    const bytes = readIfThere(join(this.dir, LABEL_NAME));
    return bytes && parseLabel(bytes, this.dir);
  }

  setLabel(label: StoreLabel): void {
    this.writeWhole(`${LABEL_NAME}.${randomUUID()}`, labelBytes(label), join(this.dir, LABEL_NAME));
    syncFolder(this.dir);
  }

  /** Whether the folder holds anything but its label. */
  holdsAnything(): boolean {
    return readdirSync(this.dir).some((name) => name !== LABEL_NAME);
  }

  /** Writes `bytes` into `writing/` under `temporaryName`, flushed, then renames them to `target` (whose folder the caller flushes). */
  private writeWhole(temporaryName: string, bytes: Uint8Array, target: string): void {
    const writing = join(this.dir, WRITING);
    made(writing);
    const temporary = join(writing, temporaryName);
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
  }

  /** `writeWhole` off the event loop. */
  private async writeWholeAsync(temporaryName: string, bytes: Uint8Array, target: string): Promise<void> {
    const writing = join(this.dir, WRITING);
    await madeAsync(writing);
    const temporary = join(writing, temporaryName);
    try {
      const file = await fs.open(temporary, 'wx', 0o644);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Moves the bytes to `trash/`, where they stay `TRASH_KEEP_MS` before a sweep deletes them: a
   * backup of the folder taken within that time after the database's still has the bytes of every
   * row in the dump, even of a file whose row went in between.
   */
  async remove(sha256: string): Promise<void> {
    await madeAsync(join(this.dir, TRASH));
    if (await absentWhen(fs.rename(this.pathOf(sha256), this.trashPathOf(sha256)))) return;
    // The trash counts its time from the move, not from when the bytes were first written.
    const now = new Date();
    await absentWhen(fs.utimes(this.trashPathOf(sha256), now, now));
  }

  async keptIn(shard: string): Promise<{ sha256: string; since: number }[]> {
    const names = (await namesIn(join(this.dir, shard))).filter((name) => SHA256.test(name) && name.startsWith(shard));
    return datedAsync(names, (sha256) => this.pathOf(sha256));
  }

  async trashedIn(shard: string): Promise<{ sha256: string; since: number }[]> {
    const names = (await namesIn(join(this.dir, TRASH))).filter((name) => SHA256.test(name) && name.startsWith(shard));
    return datedAsync(names, (sha256) => this.trashPathOf(sha256));
  }

  async restore(sha256: string): Promise<void> {
    await madeAsync(join(this.dir, sha256.slice(0, 2)));
    await absentWhen(fs.rename(this.trashPathOf(sha256), this.pathOf(sha256)));
  }

  async purge(sha256: string): Promise<void> {
    await fs.rm(this.trashPathOf(sha256), { force: true });
  }

  /** Deletes the files of the shard a process that died left half-written in `writing/` (older than `STALE_WRITE_MS`). */
  async tidy(shard: string, now: number): Promise<void> {
    const names = (await namesIn(join(this.dir, WRITING))).filter((name) => name.startsWith(shard));
    for (const { sha256: name, since } of await datedAsync(names, (name) => join(this.dir, WRITING, name))) {
      // A file being written by a process still opening its folder (`open`'s probe) is young.
      if (now - since > STALE_WRITE_MS) await fs.rm(join(this.dir, WRITING, name), { force: true });
    }
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

async function readIfThereAsync(path: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The names in a folder; none when it is not there (a shard never written). */
async function namesIn(path: string): Promise<string[]> {
  try {
    return await fs.readdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Each name with when its file (at `pathOf(name)`) was last written (epoch ms); names whose file is gone already are left out. */
async function datedAsync(names: readonly string[], pathOf: (name: string) => string): Promise<{ sha256: string; since: number }[]> {
  const dated: { sha256: string; since: number }[] = [];
  for (const name of names) {
    try {
      dated.push({ sha256: name, since: (await fs.stat(pathOf(name))).mtimeMs });
    } catch {
      // Moved or deleted since it was listed.
    }
  }
  return dated;
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

/** `made` off the event loop. */
async function madeAsync(path: string): Promise<void> {
  try {
    await fs.mkdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Whether `done` failed for want of its file (true), or went through (false); any other failure is thrown. */
async function absentWhen(done: Promise<void>): Promise<boolean> {
  try {
    await done;
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** `syncFolder` off the event loop. */
async function syncFolderAsync(path: string): Promise<void> {
  const folder = await fs.open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
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
