import type { Database } from '../db/database.js';

/** A doc of a forked branch, and the doc of the source branch it reads until it is written. */
export interface BranchLink {
  docId: string;
  sourceDocId: string;
}

/**
 * `sourceOf`'s answers in the transaction open now, by the doc's longest prefix: a transaction
 * sees no other connection's writes, and this connection's go through `record` and `removeUnder`,
 * which forget them. A 20-page import asked it twice per page (~2 ms of each request).
 */
const answered = new WeakMap<Database, { scope: object; links: Map<string, { target: string; source: string } | undefined> }>();

/**
 * The SQL of lazy branch forks. A branch is the docs sharing a prefix; forking one records a
 * single row, and a doc of the target is copied from its source only when one of them is first
 * written (copy-before-write), so forking costs the same for a page as for ten thousand.
 */
export class BranchForks {
  constructor(private readonly db: Database) {}

  record(sourcePrefix: string, targetPrefix: string): void {
    answered.delete(this.db);
    this.db.run('INSERT INTO branch_forks (target_prefix, source_prefix) VALUES (?, ?)', targetPrefix, sourcePrefix);
  }

  /** Where `docId` reads from while it has no rows of its own: its source, if it lies in a forked branch. */
  sourceOf(docId: string): string | undefined {
    const prefixes = slashPrefixes(docId);
    if (prefixes.length === 0) return undefined;
    const links = this.answeredNow();
    const longest = prefixes.at(-1)!;
    let row = links?.get(longest);
    if (!row && !links?.has(longest)) {
      row = this.db.get<{ target: string; source: string }>(
        `SELECT target_prefix AS target, source_prefix AS source FROM branch_forks
         WHERE target_prefix IN (${prefixes.map(() => '?').join(', ')}) ORDER BY length(target_prefix) DESC LIMIT 1`,
        ...prefixes,
      );
      links?.set(longest, row);
    }
    return row ? row.source + docId.slice(row.target.length) : undefined;
  }

  /** The answers kept for the transaction open now; undefined outside one. */
  private answeredNow(): Map<string, { target: string; source: string } | undefined> | undefined {
    const scope = this.db.hookScope();
    if (!scope) return undefined;
    let kept = answered.get(this.db);
    if (kept?.scope !== scope) answered.set(this.db, (kept = { scope, links: new Map() }));
    return kept.links;
  }

  /** The docs forked from `docId` by a branch fork; the caller keeps those that are still unwritten. */
  copiesOf(docId: string): BranchLink[] {
    const prefixes = slashPrefixes(docId);
    if (prefixes.length === 0) return [];
    return this.db
      .all<{ target: string; source: string }>(
        `SELECT target_prefix AS target, source_prefix AS source FROM branch_forks
         WHERE frozen = 0 AND source_prefix IN (${prefixes.map(() => '?').join(', ')})`,
        ...prefixes,
      )
      .map((row) => ({ docId: row.target + docId.slice(row.source.length), sourceDocId: docId }));
  }

  /** Stops copy-before-write into the branch; its unwritten docs go on reading their source. */
  freeze(targetPrefix: string): void {
    this.db.run('UPDATE branch_forks SET frozen = 1 WHERE target_prefix = ?', targetPrefix);
  }

  removeUnder(prefix: string): void {
    answered.delete(this.db);
    const under = (column: string) => `substr(${column}, 1, length(?)) = ?`;
    this.db.run(`DELETE FROM branch_forks WHERE ${under('target_prefix')} OR ${under('source_prefix')}`, prefix, prefix, prefix, prefix);
  }
}

/** `a/b/c` → `a/`, `a/b/`: the prefixes a branch may be named by. */
function slashPrefixes(docId: string): string[] {
  const prefixes: string[] = [];
  for (let i = docId.indexOf('/'); i !== -1; i = docId.indexOf('/', i + 1)) prefixes.push(docId.slice(0, i + 1));
  return prefixes;
}
