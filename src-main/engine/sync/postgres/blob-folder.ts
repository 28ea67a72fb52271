import { createHash, randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FileBytesStore } from '../../db/database.js';

/** A file's name in the folder is its SHA-256 in hex, and nothing else is ever made into a path. */
const SHA256 = /^[0-9a-f]{64}$/;

/** Files being written, renamed into place once whole and on disk. */
const WRITING = 'writing';

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

  read(sha256: string): Buffer | undefined {
    try {
      return readFileSync(this.pathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  write(sha256: string, bytes: Uint8Array): void {
    if (sha256Hex(bytes) !== sha256) throw new Error(`file bytes do not have the SHA-256 they are stored under (${sha256})`);
    const target = this.pathOf(sha256);
    const shard = join(this.dir, sha256.slice(0, 2));
    if (exists(target)) return;
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

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 in hex');
    return join(this.dir, sha256.slice(0, 2), sha256);
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
