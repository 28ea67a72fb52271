import type { Database, FileBytesStore } from '../db/database.js';

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
 * Deletes the bytes a store besides the database (a hub's folder) keeps for rows a committed
 * transaction deleted, in a write transaction of its own: on a hub process that is a turn, so no
 * other process is meanwhile storing the same bytes for a new row (it would find the file there
 * and write none). Bytes whose row came back since stay.
 */
function removeUnlistedBytes(db: Database, store: FileBytesStore, sha256s: readonly string[]): void {
  try {
    db.transaction(() => {
      for (const sha256 of sha256s) if (db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256) === undefined) store.remove(sha256);
    });
  } catch {
    // The hub's database is out of reach: the folder's sweep (docs/hub.md) deletes them later.
  }
}

function inTreeHistory(db: Database, sha256: string): boolean {
  const needle = Buffer.from(sha256, 'utf8');
  return (
    db.get(`SELECT 1 FROM doc_updates WHERE doc_id LIKE '%/tree' AND instr("update", ?) > 0 LIMIT 1`, needle) !== undefined ||
    db.get(`SELECT 1 FROM doc_forks WHERE doc_id LIKE '%/tree' AND instr(base_update, ?) > 0 LIMIT 1`, needle) !== undefined
  );
}
