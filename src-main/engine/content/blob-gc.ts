import type { Database } from '../db/database.js';

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
  let deleted = 0;
  for (const { sha256 } of unlisted) {
    if (inTreeHistory(db, sha256)) continue;
    deleted += db.run('DELETE FROM file_blobs WHERE sha256 = ?', sha256).changes;
  }
  return deleted;
}

function inTreeHistory(db: Database, sha256: string): boolean {
  const needle = Buffer.from(sha256, 'utf8');
  return (
    db.get(`SELECT 1 FROM doc_updates WHERE doc_id LIKE '%/tree' AND instr("update", ?) > 0 LIMIT 1`, needle) !== undefined ||
    db.get(`SELECT 1 FROM doc_forks WHERE doc_id LIKE '%/tree' AND instr(base_update, ?) > 0 LIMIT 1`, needle) !== undefined
  );
}
