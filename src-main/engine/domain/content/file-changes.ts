import { createHash } from 'node:crypto';
import { storeBlob } from './projection-sql.js';
import { setFile } from './tree.js';
import { newId } from '../../core/ids.js';
import { isFailure, type Failure } from '../../core/pipeline/failure.js';
import { invalidChange, type Batch, type ChangeOf } from './batch.js';
import { sourceFileAt } from './file-source.js';

const MAX_FILE_BYTES = 1024 * 1024;

export interface InsertedFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

/**
 * The bytes of the files a validated body sends inline (`insert_files`' base64), each within a
 * file's limit and once, by SHA-256: a hub's folder or bucket takes them before the request's
 * transaction opens (`RequestReading.fileBytesIn`), as `storeBlob` expects.
 */
export function inlineFileBytes(body: unknown): { sha256: string; bytes: Buffer }[] {
  const found = new Map<string, Buffer>();
  const changes = (body as { changes?: unknown } | undefined)?.changes;
  for (const change of Array.isArray(changes) ? (changes as { operation?: unknown; files?: unknown }[]) : []) {
    if (change?.operation !== 'insert_files' || !Array.isArray(change.files)) continue;
    for (const file of change.files as { base64?: unknown }[]) {
      if (typeof file?.base64 !== 'string') continue;
      const bytes = Buffer.from(file.base64, 'base64');
      if (bytes.length <= MAX_FILE_BYTES) found.set(createHash('sha256').update(bytes).digest('hex'), bytes);
    }
  }
  return [...found].map(([sha256, bytes]) => ({ sha256, bytes }));
}

/**
 * Stores each file's bytes once (by their SHA-256) and adds the file to the change request's tree.
 * Bytes come inline (base64) or from a URL; Folio fetches nothing from the network, so a URL must
 * be the `downloadURL` of a file Folio serves on this loopback address, readable by the caller.
 */
export function insertFiles(batch: Batch, index: number, change: ChangeOf<'insert_files'>, inserted: InsertedFile[]): Failure | void {
  for (const [position, file] of change.files.entries()) {
    const field = `files.${position}`;
    if (file.ref !== undefined) {
      if (batch.refs.has(file.ref)) return invalidChange(index, `${field}.ref`, `the ref ${file.ref} is used twice in the batch`);
      batch.refs.add(file.ref);
    }
    const source = 'base64' in file ? { bytes: Buffer.from(file.base64 as string, 'base64'), contentType: file.contentType as string } : sourceFileAt(batch.ctx, file.url as string);
    if (isFailure(source)) return invalidChange(index, `${field}.url`, source.message);
    if (source.bytes.length > MAX_FILE_BYTES) return invalidChange(index, `${field}.${'base64' in file ? 'base64' : 'url'}`, 'a file holds at most 1 MB');
    const sha256 = createHash('sha256').update(source.bytes).digest('hex');
    storeBlob(batch.ctx.db, sha256, source.bytes);
    const stored = { id: newId(), name: file.name, contentType: file.contentType ?? source.contentType, size: source.bytes.length };
    setFile(batch.tree, { ...stored, blob: sha256, createdAt: batch.ctx.now });
    inserted.push(stored);
  }
}
