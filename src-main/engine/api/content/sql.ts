import type { Database } from '../../db/database.js';
import type { PageRow } from '../../content/page-rows.js';
import type { KeysetQuery } from '../../pagination.js';

/** The reads of the content projections (migration 007); `branch` is the one whose rows answer. */

/** A page's row as reads see it: the projected fields, and when its body last changed. */
export interface ContentPageRow extends Omit<PageRow, 'type'> {
  type: 'document' | 'group' | 'link';
  updated_at: string | null;
}

export interface ContentFileRow {
  file_id: string;
  name: string;
  content_type: string;
  size: number;
  blob: string;
}

const PAGE_COLUMNS =
  'page_id, parent_id, position, type, title, slug, path, emoji, description, hidden, target, layout, computed, created_at, updated_at';

/** Every page of the branch, in sibling order (children after their parent is not guaranteed). */
export function pagesOfBranch(db: Database, spaceId: string, branch: string): ContentPageRow[] {
  return db.all<ContentPageRow>(
    `SELECT ${PAGE_COLUMNS} FROM content_pages WHERE space_id = ? AND branch = ? ORDER BY position, page_id`,
    spaceId,
    branch,
  );
}

/** A page and everything under it, in sibling order. */
export function subtreeOf(db: Database, spaceId: string, branch: string, pageId: string): ContentPageRow[] {
  return db.all<ContentPageRow>(
    `WITH RECURSIVE under(page_id) AS (
       SELECT ?
       UNION ALL
       SELECT p.page_id FROM content_pages p JOIN under u ON p.parent_id = u.page_id WHERE p.space_id = ? AND p.branch = ?
     )
     SELECT ${PAGE_COLUMNS} FROM content_pages WHERE space_id = ? AND branch = ? AND page_id IN (SELECT page_id FROM under)
     ORDER BY position, page_id`,
    pageId,
    spaceId,
    branch,
    spaceId,
    branch,
  );
}

export function pageIdByPath(db: Database, spaceId: string, branch: string, path: string): string | undefined {
  return db.get<{ page_id: string }>(
    'SELECT page_id FROM content_pages WHERE space_id = ? AND branch = ? AND path = ? ORDER BY position, page_id LIMIT 1',
    spaceId,
    branch,
    path,
  )?.page_id;
}

export function filesOfBranch(spaceId: string, branch: string): KeysetQuery {
  return {
    select: 'file_id, name, content_type, size, blob',
    from: 'content_files',
    where: 'space_id = ? AND branch = ?',
    params: [spaceId, branch],
    order: [{ expr: 'file_id', column: 'file_id', desc: false }],
  };
}

export function allFilesOfBranch(db: Database, spaceId: string, branch: string): ContentFileRow[] {
  return db.all<ContentFileRow>(
    'SELECT file_id, name, content_type, size, blob FROM content_files WHERE space_id = ? AND branch = ? ORDER BY file_id',
    spaceId,
    branch,
  );
}

export function fileOfBranch(db: Database, spaceId: string, branch: string, fileId: string): ContentFileRow | undefined {
  return db.get<ContentFileRow>(
    'SELECT file_id, name, content_type, size, blob FROM content_files WHERE space_id = ? AND branch = ? AND file_id = ?',
    spaceId,
    branch,
    fileId,
  );
}

export function blobBytes(db: Database, sha256: string): Buffer | undefined {
  return db.get<{ bytes: Buffer }>('SELECT bytes FROM file_blobs WHERE sha256 = ?', sha256)?.bytes;
}

export interface RevisionRow {
  id: string;
  parents: string;
  type: 'edits' | 'merge' | 'update' | 'rollback';
  created_at: string;
}

export function findRevision(db: Database, revisionId: string): RevisionRow | undefined {
  return db.get<RevisionRow>('SELECT id, parents, type, created_at FROM revisions WHERE id = ?', revisionId);
}

export function pageOfBranch(db: Database, spaceId: string, branch: string, pageId: string): ContentPageRow | undefined {
  return db.get<ContentPageRow>(`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE space_id = ? AND branch = ? AND page_id = ?`, spaceId, branch, pageId);
}
