import type { Database } from '../../db/database.js';

/**
 * The search queries over the content projections (migrations 007 and 012). Scores are FTS5's
 * bm25, lower is better: a section's heading weighs 4 times its body, and a page's score is its
 * best section's plus 3 times its title's (docs/search.md).
 */
const HEADING_WEIGHT = 4;
const TITLE_WEIGHT = 3;
const SECTION_RANK = `bm25(${HEADING_WEIGHT}.0, 1.0)`;

/**
 * How many matching sections (and titles) of the scope are ranked at most. bm25 costs a few
 * microseconds a row, so a word in every section would take hundreds of milliseconds to rank in
 * full; past this many, the candidates are the first ones in index order (docs/search.md).
 */
const CANDIDATES = 1_000;

/** Where to search: a branch of some spaces, for one match expression. */
export interface Scope {
  match: string;
  spaceIds: readonly string[];
  branch: string;
}

/** A scope with the last rowid of its candidates in each index (0: none). */
export interface BoundScope extends Scope {
  sectionsUpTo: number;
  titlesUpTo: number;
}

export function bound(db: Database, scope: Scope): BoundScope {
  const spaces = JSON.stringify(scope.spaceIds);
  const last = (sql: string) => db.get<{ top: number | null }>(`SELECT max(id) AS top FROM (${sql} LIMIT ${CANDIDATES})`, scope.match, scope.branch, spaces)?.top ?? 0;
  return {
    ...scope,
    sectionsUpTo: last(
      `SELECT content_search.rowid AS id FROM content_search JOIN content_sections s ON s.id = content_search.rowid
       WHERE content_search MATCH ? AND s.branch = ? AND s.space_id IN (SELECT value FROM json_each(?))`,
    ),
    titlesUpTo: last(
      `SELECT content_title_search.rowid AS id FROM content_title_search JOIN content_titles t ON t.id = content_title_search.rowid
       WHERE content_title_search MATCH ? AND t.branch = ? AND t.space_id IN (SELECT value FROM json_each(?))`,
    ),
  };
}

export interface PageHit {
  space_id: string;
  page_id: string;
  score: number;
}

/** Every candidate page that matches, best first (ties by space and page id). */
export function pageHits(db: Database, scope: BoundScope): PageHit[] {
  const spaces = JSON.stringify(scope.spaceIds);
  return db.all<PageHit>(
    `SELECT space_id, page_id, sum(score) AS score FROM (
       SELECT s.space_id, s.page_id, min(content_search.rank) AS score
       FROM content_search JOIN content_sections s ON s.id = content_search.rowid
       WHERE content_search MATCH ? AND content_search.rank MATCH '${SECTION_RANK}' AND content_search.rowid <= ?
         AND s.branch = ? AND s.space_id IN (SELECT value FROM json_each(?))
       GROUP BY s.space_id, s.page_id
       UNION ALL
       SELECT t.space_id, t.page_id, ${TITLE_WEIGHT}.0 * content_title_search.rank
       FROM content_title_search JOIN content_titles t ON t.id = content_title_search.rowid
       WHERE content_title_search MATCH ? AND content_title_search.rowid <= ? AND t.branch = ? AND t.space_id IN (SELECT value FROM json_each(?))
     ) GROUP BY space_id, page_id
     ORDER BY score, space_id, page_id`,
    scope.match, scope.sectionsUpTo, scope.branch, spaces, scope.match, scope.titlesUpTo, scope.branch, spaces,
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

export interface SectionHit {
  page_id: string;
  anchor: string | null;
  heading: string;
  snippet: string;
}

/** The matching sections of some pages, best first, each with its body cut around the match. */
export function sectionHits(db: Database, scope: BoundScope & { spaceId: string }, pageIds: readonly string[], snippetWords: number): SectionHit[] {
  return db.all<SectionHit>(
    `SELECT s.page_id, s.anchor, s.heading, snippet(content_search, 1, '', '', '…', ?) AS snippet
     FROM content_search JOIN content_sections s ON s.id = content_search.rowid
     WHERE content_search MATCH ? AND content_search.rank MATCH '${SECTION_RANK}' AND content_search.rowid <= ?
       AND s.space_id = ? AND s.branch = ? AND s.page_id IN (SELECT value FROM json_each(?))
     ORDER BY content_search.rank, s.ord`,
    snippetWords,
    scope.match,
    scope.sectionsUpTo,
    scope.spaceId,
    scope.branch,
    JSON.stringify(pageIds),
  );
}
