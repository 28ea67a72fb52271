import type { Database } from '../../core/db/database.js';
import type { QueryTerm } from './query-terms.js';
import { idf } from './scoring.js';

/** An FTS5 index of the content projections, and the table it indexes. */
export type SearchIndex = { fts: 'content_search'; rows: 'content_sections' } | { fts: 'content_title_search'; rows: 'content_titles' };

export const SECTIONS: SearchIndex = { fts: 'content_search', rows: 'content_sections' };
export const TITLES: SearchIndex = { fts: 'content_title_search', rows: 'content_titles' };

/**
 * Each term's weight in an index: how many rows it holds and how many the term matches, counted
 * over the whole index (as FTS5's own bm25 does). Counting a word found in most sections walks
 * its whole doclist, a few milliseconds, so the counts are kept until the database changes
 * (`Database.memoize`); ranking itself then never walks more than its candidates.
 */
export function termWeights(db: Database, index: SearchIndex, terms: readonly QueryTerm[]): number[] {
  const rows = db.memoize(`search.rows.${index.rows}`, () => db.get<{ n: number }>(`SELECT count(*) AS n FROM ${index.rows}`)!.n);
  return terms.map((term) => {
    const matching = db.memoize(`search.df.${index.fts}.${term.phrase}`, () =>
      db.get<{ n: number }>(`SELECT count(*) AS n FROM ${index.fts} WHERE ${index.fts} MATCH ?`, term.phrase)!.n,
    );
    return idf(rows, matching);
  });
}
