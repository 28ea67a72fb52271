import type { Database } from '../../core/db/database.js';

/** The search queries over the content projections (migrations 007 and 013): matching is FTS5's. */

/**
 * Where to search: a branch of some spaces, for one match expression, and the same with its last
 * word matched whole (FTS5 builds a prefix's whole doclist before the first row; a word's streams).
 */
export interface Scope {
  match: string;
  wholeWords: string;
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
 * Matching sections of the scope, at most `limit`, best tier first: those whose heading holds
 * every word (at most `headingFirst` of them), then the others, in index order (docs/search.md).
 * Each tier takes whole words first, so that a word typed to its end is never expanded as a prefix.
 */
export function candidateSections(db: Database, scope: Scope, limit: number, headingFirst: number): SectionRow[] {
  const spaces = JSON.stringify(scope.spaceIds);
  const found = new Map<number, SectionRow>();
  const take = (match: string, upTo: number) => {
    if (found.size >= upTo) return;
    for (const row of db.all<SectionRow>(SECTION_HITS, match, scope.branch, spaces, upTo)) {
      if (found.size < upTo) found.set(row.id, row);
    }
  };
  for (const match of expressions(scope)) take(`{heading} : (${match})`, headingFirst);
  for (const match of expressions(scope)) take(match, limit);
  return [...found.values()];
}

const expressions = (scope: Scope) => (scope.wholeWords === scope.match ? [scope.match] : [scope.wholeWords, scope.match]);

export interface TitleRow {
  space_id: string;
  page_id: string;
  title: string;
}

/** Pages of the scope whose title holds every word, at most `limit`, whole words first. */
export function candidateTitles(db: Database, scope: Scope, limit: number): TitleRow[] {
  const found = new Map<string, TitleRow>();
  for (const match of expressions(scope)) {
    if (found.size >= limit) break;
    const rows = db.all<TitleRow>(
      `SELECT t.space_id, t.page_id, t.title FROM content_title_search JOIN content_titles t ON t.id = content_title_search.rowid
       WHERE content_title_search MATCH ? AND t.branch = ? AND t.space_id IN (SELECT value FROM json_each(?)) LIMIT ?`,
      match, scope.branch, JSON.stringify(scope.spaceIds), limit,
    );
    for (const row of rows) if (found.size < limit) found.set(`${row.space_id}/${row.page_id}`, row);
  }
  return [...found.values()];
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
