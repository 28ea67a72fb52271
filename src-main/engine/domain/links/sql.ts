import type { Database } from '../../core/db/database.js';

/** The reads of the links projection (migrations 007 and 012); `branch` is the one whose rows answer. */

export interface LinkRow {
  page_id: string;
  kind: 'url' | 'page' | 'file' | 'anchor';
  target: string;
}

/** The links of a branch, or of one page of it. */
export function linksOf(db: Database, spaceId: string, branch: string, pageId?: string): LinkRow[] {
  return db.all<LinkRow>(
    `SELECT page_id, kind, target FROM content_links WHERE space_id = ? AND branch = ? ${pageId === undefined ? '' : 'AND page_id = ?'}`,
    ...[spaceId, branch, ...(pageId === undefined ? [] : [pageId])],
  );
}

/** The pages that link to a file, in page id order. */
export function pagesUsingFile(db: Database, spaceId: string, branch: string, fileId: string): string[] {
  return db
    .all<{ page_id: string }>(
      "SELECT page_id FROM content_links WHERE space_id = ? AND branch = ? AND kind = 'file' AND target = ? ORDER BY page_id",
      spaceId,
      branch,
      fileId,
    )
    .map((row) => row.page_id);
}

/** Each page's section anchors (heading block ids) and headings, for the pages asked. */
export function headingsOf(db: Database, spaceId: string, branch: string, pageIds: readonly string[]): { page_id: string; anchor: string; heading: string }[] {
  return db.all(
    `SELECT page_id, anchor, heading FROM content_sections
     WHERE space_id = ? AND branch = ? AND anchor IS NOT NULL AND page_id IN (SELECT value FROM json_each(?))`,
    spaceId,
    branch,
    JSON.stringify(pageIds),
  );
}
