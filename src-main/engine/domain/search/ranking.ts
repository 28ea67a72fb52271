import type { Database } from '../../core/db/database.js';
import type { QueryTerm } from './query-terms.js';
import { bm25, countTerms, type Counts } from './scoring.js';
import { candidateSections, candidateTitles, type Scope, type SectionRow } from './sql.js';
import { SECTIONS, TITLES, termWeights } from './term-stats.js';

/** A section's heading counts 4 times its body; a page's title 3 times its best section. */
const HEADING_WEIGHT = 4;
const TITLE_WEIGHT = 3;

/**
 * How many matching sections (and titles) are ranked at most. Ranking costs a few microseconds a
 * section, so a word in every section of a large space is ranked among its best candidates:
 * those with every word in the heading first, then the others in index order (docs/search.md).
 */
const CANDIDATES = 400;
const HEADING_FIRST = 200;

export interface RankedSection {
  row: SectionRow;
  score: number;
}

export interface PageHit {
  space_id: string;
  page_id: string;
  /** Lower is better: the negated BM25, so that hits sort ascending like every keyset. */
  score: number;
  /** The page's matching sections, best first. */
  sections: RankedSection[];
}

/** Every candidate page that matches, best first (ties by space and page id). */
export function rankPages(db: Database, scope: Scope, terms: readonly QueryTerm[]): PageHit[] {
  const pages = new Map<string, PageHit>();
  const hit = (spaceId: string, pageId: string) => {
    const key = `${spaceId}/${pageId}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { space_id: spaceId, page_id: pageId, score: 0, sections: [] }));
    return page;
  };
  for (const section of rankSections(db, scope, terms)) {
    const page = hit(section.row.space_id, section.row.page_id);
    if (page.sections.length === 0) page.score = -section.score;
    page.sections.push(section);
  }
  const titles = candidateTitles(db, scope, CANDIDATES);
  const counts = titles.map((row) => countTerms(terms, row.title));
  const scores = scoreAll(termWeights(db, TITLES, terms), counts, (c) => c);
  titles.forEach((row, i) => (hit(row.space_id, row.page_id).score -= TITLE_WEIGHT * scores[i]!));
  return [...pages.values()].sort((a, b) => a.score - b.score || compare(a.space_id, b.space_id) || compare(a.page_id, b.page_id));
}

/** The candidate sections, best first (ties in page order). */
function rankSections(db: Database, scope: Scope, terms: readonly QueryTerm[]): RankedSection[] {
  const rows = candidateSections(db, scope, CANDIDATES, HEADING_FIRST);
  const counts = rows.map((row) => ({ heading: countTerms(terms, row.heading), body: countTerms(terms, row.body) }));
  const weighted = ({ heading, body }: { heading: Counts; body: Counts }): Counts => ({
    hits: heading.hits.map((h, i) => HEADING_WEIGHT * h + body.hits[i]!),
    length: heading.length + body.length,
  });
  const scores = scoreAll(termWeights(db, SECTIONS, terms), counts, weighted);
  return rows.map((row, i) => ({ row, score: scores[i]! })).sort((a, b) => b.score - a.score || a.row.ord - b.row.ord);
}

/** BM25 of each text, against the average length of the texts ranked together. */
function scoreAll<T>(weights: readonly number[], texts: readonly T[], counts: (text: T) => Counts): number[] {
  const all = texts.map(counts);
  const average = all.reduce((sum, c) => sum + c.length, 0) / Math.max(all.length, 1);
  return all.map((c) => bm25(weights, c.hits, c.length, average));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
