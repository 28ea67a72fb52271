import type { Database } from '../../db/database.js';
import type { KeysetQuery } from '../../pagination.js';

/**
 * The search queries over the content projections (migrations 007 and 012). Scores are FTS5's
 * bm25, lower is better: a section's heading weighs 4 times its body, and a page's score is its
 * best section's plus 3 times its title's (docs/search.md).
 */
const HEADING_WEIGHT = 4;
const TITLE_WEIGHT = 3;
const SECTION_RANK = `bm25(${HEADING_WEIGHT}.0, 1.0)`;

/** Where to search: a branch of some spaces, for one match expression. */
export interface Scope {
  match: string;
  spaceIds: readonly string[];
  branch: string;
}

/** (space_id, page_id, score) of every page that matches, as a subquery, and its parameters. */
function pageHits(scope: Scope): { sql: string; params: unknown[] } {
  const spaces = JSON.stringify(scope.spaceIds);
  return {
    sql: `SELECT space_id, page_id, sum(score) AS score FROM (
        SELECT s.space_id, s.page_id, min(content_search.rank) AS score
        FROM content_search JOIN content_sections s ON s.id = content_search.rowid
        WHERE content_search MATCH ? AND content_search.rank MATCH '${SECTION_RANK}'
          AND s.branch = ? AND s.space_id IN (SELECT value FROM json_each(?))
        GROUP BY s.space_id, s.page_id
        UNION ALL
        SELECT t.space_id, t.page_id, ${TITLE_WEIGHT}.0 * content_title_search.rank
        FROM content_title_search JOIN content_titles t ON t.id = content_title_search.rowid
        WHERE content_title_search MATCH ? AND t.branch = ? AND t.space_id IN (SELECT value FROM json_each(?))
      ) GROUP BY space_id, page_id`,
    params: [scope.match, scope.branch, spaces, scope.match, scope.branch, spaces],
  };
}

/** Matching pages, best first. */
export function rankedPages(scope: Scope): KeysetQuery {
  const hits = pageHits(scope);
  return {
    select: 'space_id, page_id, score',
    from: `(${hits.sql}) AS hits`,
    where: '1',
    params: hits.params,
    order: [
      { expr: 'score', column: 'score', desc: false },
      { expr: 'space_id', column: 'space_id', desc: false },
      { expr: 'page_id', column: 'page_id', desc: false },
    ],
  };
}

/** Spaces with matching pages, the space with the best page first. */
export function rankedSpaces(scope: Scope): KeysetQuery {
  const hits = pageHits(scope);
  return {
    select: 'space_id, score',
    from: `(SELECT space_id, min(score) AS score FROM (${hits.sql}) GROUP BY space_id) AS spaces_hit`,
    where: '1',
    params: hits.params,
    order: [
      { expr: 'score', column: 'score', desc: false },
      { expr: 'space_id', column: 'space_id', desc: false },
    ],
  };
}

export interface PageHit {
  space_id: string;
  page_id: string;
  score: number;
}

/** The best `perSpace` matching pages of each space of the scope. */
export function bestPagesPerSpace(db: Database, scope: Scope, perSpace: number): PageHit[] {
  const hits = pageHits(scope);
  return db.all<PageHit>(
    `SELECT space_id, page_id, score FROM (
       SELECT space_id, page_id, score, row_number() OVER (PARTITION BY space_id ORDER BY score, page_id) AS n FROM (${hits.sql})
     ) WHERE n <= ? ORDER BY score, page_id`,
    ...hits.params,
    perSpace,
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
    `WITH RECURSIVE up(start, page_id, depth) AS (
       SELECT p.page_id, p.parent_id, 1 FROM content_pages p
       WHERE p.space_id = ? AND p.branch = ? AND p.page_id IN (SELECT value FROM json_each(?)) AND p.parent_id IS NOT NULL
       UNION ALL
       SELECT up.start, p.parent_id, up.depth + 1 FROM up
       JOIN content_pages p ON p.space_id = ? AND p.branch = ? AND p.page_id = up.page_id
       WHERE p.parent_id IS NOT NULL AND up.depth < 1000
     )
     SELECT up.start, p.title FROM up JOIN content_pages p ON p.space_id = ? AND p.branch = ? AND p.page_id = up.page_id
     ORDER BY up.start, up.depth DESC`,
    spaceId, branch, JSON.stringify(pageIds), spaceId, branch, spaceId, branch,
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
export function sectionHits(db: Database, scope: Scope & { spaceId: string }, pageIds: readonly string[], snippetWords: number): SectionHit[] {
  return db.all<SectionHit>(
    `SELECT s.page_id, s.anchor, s.heading, snippet(content_search, 1, '', '', '…', ?) AS snippet
     FROM content_search JOIN content_sections s ON s.id = content_search.rowid
     WHERE content_search MATCH ? AND content_search.rank MATCH '${SECTION_RANK}'
       AND s.space_id = ? AND s.branch = ? AND s.page_id IN (SELECT value FROM json_each(?))
     ORDER BY content_search.rank, s.ord`,
    snippetWords,
    scope.match,
    scope.spaceId,
    scope.branch,
    JSON.stringify(pageIds),
  );
}
