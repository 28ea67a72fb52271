import type { Database } from '../../db/database.js';

/** The search queries over the content projections (migrations 007 and 013): matching is FTS5's. */

/** Where to search: a branch of some spaces, for one match expression. */
export interface Scope {
  match: string;
  spaceIds: readonly string[];
  branch: string;
}

export interface SectionRow {
  id: number;
  space_id: string;
  page_id: string;
  ord: number;
  anchor: string | null;
  heading: string;
  body: string;
}

const SECTION_HITS = `SELECT s.id, s.space_id, s.page_id, s.ord, s.anchor, s.heading, s.body
  FROM content_search JOIN content_sections s ON s.id = content_search.rowid
  WHERE content_search MATCH ? AND s.branch = ? AND s.space_id IN (SELECT value FROM json_each(?)) LIMIT ?`;

/**
 * Matching sections of the scope, at most `limit`: first those whose heading holds every word
 * (at most `headingFirst`), then the others in index order (docs/search.md).
 */
export function candidateSections(db: Database, scope: Scope, limit: number, headingFirst: number): SectionRow[] {
  const spaces = JSON.stringify(scope.spaceIds);
  const inHeadings = db.all<SectionRow>(SECTION_HITS, `{heading} : (${scope.match})`, scope.branch, spaces, headingFirst);
  const taken = new Set(inHeadings.map((row) => row.id));
  const others = db.all<SectionRow>(SECTION_HITS, scope.match, scope.branch, spaces, limit).filter((row) => !taken.has(row.id));
  return [...inHeadings, ...others].slice(0, limit);
}

export interface TitleRow {
  space_id: string;
  page_id: string;
  title: string;
}

/** Pages of the scope whose title holds every word, at most `limit`. */
export function candidateTitles(db: Database, scope: Scope, limit: number): TitleRow[] {
  return db.all<TitleRow>(
    `SELECT t.space_id, t.page_id, t.title FROM content_title_search JOIN content_titles t ON t.id = content_title_search.rowid
     WHERE content_title_search MATCH ? AND t.branch = ? AND t.space_id IN (SELECT value FROM json_each(?)) LIMIT ?`,
    scope.match, scope.branch, JSON.stringify(scope.spaceIds), limit,
  );
}

export interface HitPageRow {
  page_id: string;
  title: string;
  path: string;
}

export function hitPages(db: Database, spaceId: string, branch: string, pageIds: readonly string[]): HitPageRow[] {
  return db.all<HitPageRow>(
    'SELECT page_id, title, path FROM content_pages WHERE space_id = ? AND branch = ? AND page_id IN (SELECT value FROM json_each(?))',
    spaceId,
    branch,
    JSON.stringify(pageIds),
  );
}

/** The titles above each page, from the root down. */
export function ancestorTitles(db: Database, spaceId: string, branch: string, pageIds: readonly string[]): Map<string, string[]> {
  const rows = db.all<{ start: string; title: string }>(
    // CROSS JOIN keeps each step a primary-key lookup from the few pages asked.
    `WITH RECURSIVE up(start, page_id, depth) AS (
       SELECT p.page_id, p.parent_id, 1 FROM json_each(?) AS asked
       CROSS JOIN content_pages p ON p.space_id = ? AND p.branch = ? AND p.page_id = asked.value
       UNION ALL
       SELECT up.start, p.parent_id, up.depth + 1 FROM up
       CROSS JOIN content_pages p ON p.space_id = ? AND p.branch = ? AND p.page_id = up.page_id
       WHERE up.depth < 1000
     )
     SELECT up.start, p.title FROM up CROSS JOIN content_pages p ON p.space_id = ? AND p.branch = ? AND p.page_id = up.page_id
     ORDER BY up.start, up.depth DESC`,
    JSON.stringify(pageIds), spaceId, branch, spaceId, branch, spaceId, branch,
  );
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.start, [...(out.get(row.start) ?? []), row.title]);
  return out;
}
