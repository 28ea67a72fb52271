import type { Database } from '../../core/db/database.js';
import type { PageRow } from './page-rows.js';
import type { KeysetQuery } from '../../core/pagination.js';

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

/**
 * Every page of the branch, in sibling order (children after their parent is not guaranteed).
 * The rows are read in key order and sorted here: `ORDER BY position` walks the sibling index and
 * looks each row up in the table, which took most of a 10,000-page list's read.
 */
export function pagesOfBranch(db: Database, spaceId: string, branch: string): ContentPageRow[] {
  const statement = db.statement(`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE space_id = ? AND branch = ? -- as arrays`).raw(true);
  return (statement.all(spaceId, branch) as PageValues[]).map(pageRow).sort(bySiblingOrder);
}

type PageValues = [string, string | null, string, ContentPageRow['type'], string, string, string, string | null, string | null, number, string | null, string | null, string | null, string | null, string | null];

/** Rows come as arrays and are made objects here, of one shape: better-sqlite3's own objects cost three times as much. */
function pageRow(values: PageValues): ContentPageRow {
  const [page_id, parent_id, position, type, title, slug, path, emoji, description, hidden, target, layout, computed, created_at, updated_at] = values;
  return { page_id, parent_id, position, type, title, slug, path, emoji, description, hidden, target, layout, computed, created_at, updated_at };
}

/** SQLite's BINARY order: positions and ids are ASCII, so code units compare as bytes do. */
function bySiblingOrder(a: ContentPageRow, b: ContentPageRow): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.page_id < b.page_id ? -1 : a.page_id > b.page_id ? 1 : 0;
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

/**
 * A file's bytes by their SHA-256. A row holding none has them in the hub's folder
 * (`Database.fileBytes`), unless the file is empty; without a folder they are missing.
 */
export function blobBytes(db: Database, sha256: string): Buffer | undefined {
  const bytes = rowBytes(db, sha256);
  return bytes === IN_STORE ? db.fileBytes?.read(sha256) : bytes;
}

/**
 * `blobBytes` without holding the event loop on the store: the row's bytes at once, or a promise
 * of the store's (`FileBytesStore.readAsync`), to be awaited outside any transaction.
 */
export function blobBytesLater(db: Database, sha256: string): Buffer | undefined | Promise<Buffer | undefined> {
  const bytes = rowBytes(db, sha256);
  return bytes === IN_STORE ? db.fileBytes?.readAsync(sha256) : bytes;
}

const IN_STORE = Symbol('in the store');

/** The bytes the row holds, or that they are in the store (a row of none, not the empty file's). */
function rowBytes(db: Database, sha256: string): Buffer | undefined | typeof IN_STORE {
  const bytes = db.get<{ bytes: Buffer }>('SELECT bytes FROM file_blobs WHERE sha256 = ?', sha256)?.bytes;
  return bytes === undefined || bytes.length > 0 || sha256 === EMPTY_SHA256 ? bytes : IN_STORE;
}

/** The SHA-256 of no bytes: the one file whose row rightly holds none. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface RevisionRow {
  id: string;
  parents: string;
  type: 'edits' | 'merge' | 'update' | 'rollback';
  /** The change request a merge or an update came from. */
  change_request_id: string | null;
  created_at: string;
}

export function findRevision(db: Database, revisionId: string): RevisionRow | undefined {
  return db.get<RevisionRow>('SELECT id, parents, type, change_request_id, created_at FROM revisions WHERE id = ?', revisionId);
}

export function pageOfBranch(db: Database, spaceId: string, branch: string, pageId: string): ContentPageRow | undefined {
  return db.get<ContentPageRow>(`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE space_id = ? AND branch = ? AND page_id = ?`, spaceId, branch, pageId);
}
