import { createHash } from 'node:crypto';
import type { Database } from '../../../core/db/database.js';
import type { DocStore } from '../../../core/docs/store.js';
import { blobExists, storeBlob, writeFileRows } from '../../../domain/content/projection-sql.js';
import { FILES, readFiles } from '../../../domain/content/tree.js';
import { parseDocName } from '../../../../../src-shared/sync/doc-names.js';

/** As the content API allows one file: larger bytes are not the protocol. */
export const MAX_BLOB_BYTES = 1024 * 1024;

/**
 * The bytes a tree doc's files name that this engine lacks, noted in `sync_missing_blobs`
 * (migration 022). Answers those not noted before, which the sync channels ask for.
 */
export function noteMissingBlobs(db: Database, docs: DocStore, docId: string): string[] {
  if (parseDocName(docId)?.kind !== 'tree') return [];
  const doc = docs.load(docId);
  // Reading a map the doc never had would add it to the store's loaded doc.
  if (!doc.share.has(FILES)) return [];
  const lacking = [...readFiles(doc).values()].map((file) => file.blob).filter((sha256) => !blobExists(db, sha256));
  if (lacking.length === 0) return [];
  // Looked at again in the transaction: on a hub process its turn first replays what others wrote, the bytes perhaps.
  return db.transaction(() =>
    lacking.filter(
      (sha256) => !blobExists(db, sha256) && db.run('INSERT OR IGNORE INTO sync_missing_blobs (sha256, doc_id) VALUES (?, ?)', sha256, docId).changes > 0,
    ),
  );
}

/** Every missing blob, each once. */
export function missingBlobs(db: Database): string[] {
  return db.all<{ sha256: string }>('SELECT DISTINCT sha256 FROM sync_missing_blobs').map((row) => row.sha256);
}

/** Whether the tree doc still waits for the bytes, which are still missing. */
export function isNotedMissing(db: Database, sha256: string, docId: string): boolean {
  return db.get('SELECT 1 FROM sync_missing_blobs WHERE sha256 = ? AND doc_id = ?', sha256, docId) !== undefined && !blobExists(db, sha256);
}

/** The tree docs waiting for `sha256`. */
export function docsWanting(db: Database, sha256: string): string[] {
  return db.all<{ doc_id: string }>('SELECT doc_id FROM sync_missing_blobs WHERE sha256 = ?', sha256).map((row) => row.doc_id);
}

/** Whether the bytes are what their name says, and no larger than a file may be. */
export function isBlob(sha256: string, bytes: Uint8Array): boolean {
  return bytes.length <= MAX_BLOB_BYTES && createHash('sha256').update(bytes).digest('hex') === sha256;
}

/**
 * Stores bytes that were missing and projects the file rows of every tree doc that waited for
 * them, in one transaction: the files become listed and downloadable at once.
 */
export function acceptBlob(db: Database, docs: DocStore, sha256: string, bytes: Uint8Array): void {
  db.transaction(() => {
    storeBlob(db, sha256, bytes);
    for (const docId of docsWanting(db, sha256)) {
      const name = parseDocName(docId)!;
      if (!db.get('SELECT 1 FROM spaces WHERE id = ?', name.spaceId)) continue;
      const branch = name.branch.kind === 'main' ? 'main' : name.branch.changeRequestId;
      writeFileRows(db, name.spaceId, branch, readFiles(docs.load(docId)));
    }
    db.run('DELETE FROM sync_missing_blobs WHERE sha256 = ?', sha256);
  });
}
