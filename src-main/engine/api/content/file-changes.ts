import { createHash } from 'node:crypto';
import { storeBlob } from '../../content/projection-sql.js';
import { setFile } from '../../content/tree.js';
import { newId } from '../../ids.js';
import { isFailure, type Failure } from '../../pipeline/failure.js';
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
