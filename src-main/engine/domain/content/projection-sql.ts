import type { Database } from '../../core/db/database.js';
import { TryAgainLater } from '../../core/pipeline/failure.js';
import type { Section } from '../../../../src-shared/content/index.js';
import type { BodyFacts as BodyRows, BodyLink } from './body-text.js';
import { PAGE_ROW_COLUMNS, type PageRow } from './page-rows.js';
import type { TreeFile } from './tree.js';

/** The SQL of the projections (migration 007). Every function runs inside the caller's transaction. */

const BRANCH_TABLES = ['content_pages', 'content_sections', 'content_links', 'content_files'] as const;

/** Whether a branch has rows of its own (main always does once it was projected). */
export function ownsRows(db: Database, spaceId: string, branch: string): boolean {
  return branch === 'main' || db.get('SELECT 1 FROM content_branches WHERE space_id = ? AND branch = ?', spaceId, branch) !== undefined;
}

/** The branch whose rows answer reads of `branch`: its own, or main's until it has some. */
export function rowsBranch(db: Database, spaceId: string, branch: string): string {
  return ownsRows(db, spaceId, branch) ? branch : 'main';
}

/** Gives a change request rows of its own: a copy of main's, which its first projection then corrects. */
export function takeRows(db: Database, spaceId: string, branch: string): void {
  if (ownsRows(db, spaceId, branch)) return;
  for (const table of BRANCH_TABLES) {
    const columns = db
      .all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
      .map((c) => c.name)
      .filter((name) => name !== 'branch' && name !== 'id');
    const list = columns.join(', ');
    db.run(`INSERT INTO ${table} (branch, ${list}) SELECT ?, ${list} FROM ${table} WHERE space_id = ? AND branch = 'main'`, branch, spaceId);
  }
  db.run('INSERT INTO content_branches (space_id, branch) VALUES (?, ?)', spaceId, branch);
}

export function projectedPages(db: Database, spaceId: string, branch: string): PageRow[] {
  return db.all<PageRow>(`SELECT ${PAGE_ROW_COLUMNS.join(', ')} FROM content_pages WHERE space_id = ? AND branch = ?`, spaceId, branch);
}

export function projectedPage(db: Database, spaceId: string, branch: string, pageId: string): PageRow | undefined {
  return db.get<PageRow>(
    `SELECT ${PAGE_ROW_COLUMNS.join(', ')} FROM content_pages WHERE space_id = ? AND branch = ? AND page_id = ?`,
    spaceId,
    branch,
    pageId,
  );
}

export function upsertPage(db: Database, spaceId: string, branch: string, row: PageRow, now: string): void {
  const values = PAGE_ROW_COLUMNS.map((column) => row[column]);
  db.run(
    `INSERT INTO content_pages (space_id, branch, ${PAGE_ROW_COLUMNS.join(', ')}, updated_at)
     VALUES (?, ?, ${PAGE_ROW_COLUMNS.map(() => '?').join(', ')}, ?)
     ON CONFLICT (space_id, branch, page_id) DO UPDATE SET
       ${PAGE_ROW_COLUMNS.filter((c) => c !== 'page_id').map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at`,
    spaceId,
    branch,
    ...values,
    now,
  );
}

export function deletePage(db: Database, spaceId: string, branch: string, pageId: string): void {
  for (const table of ['content_pages', 'content_sections', 'content_links']) {
    db.run(`DELETE FROM ${table} WHERE space_id = ? AND branch = ? AND page_id = ?`, spaceId, branch, pageId);
  }
}

export function hasPage(db: Database, spaceId: string, branch: string, pageId: string): boolean {
  return db.get('SELECT 1 FROM content_pages WHERE space_id = ? AND branch = ? AND page_id = ?', spaceId, branch, pageId) !== undefined;
}

export type { BodyRows };

/**
 * What a page whose row was inserted in this transaction holds of its body: no hash, sections or
 * links (they are written and deleted with the row: `deletePage`, `takeRows`).
 */
export const NO_BODY_ROWS: unique symbol = Symbol('no body rows');

/**
 * Rewrites what a page's body gives: its hash, its sections (and so the search index) and its
 * links. `previous`: what the caller last wrote for this page, if it knows; when the page's hash
 * is still its hash, the rows are `previous`'s (they are written together, in one transaction), so
 * only those that differ are touched, without reading the rows back. `NO_BODY_ROWS`: the page's
 * row is new, nothing is read back (a 20-page import read four rows a page for nothing).
 */
export function writeBodyRows(
  db: Database,
  spaceId: string,
  branch: string,
  pageId: string,
  body: BodyRows,
  now: string,
  previous?: BodyRows | typeof NO_BODY_ROWS,
): void {
  const key = [spaceId, branch, pageId] as const;
  const current =
    previous === NO_BODY_ROWS
      ? { body_hash: null }
      : db.get<{ body_hash: string | null }>('SELECT body_hash FROM content_pages WHERE space_id = ? AND branch = ? AND page_id = ?', ...key);
  if (current?.body_hash === body.hash) return;
  db.run('UPDATE content_pages SET body_hash = ?, updated_at = ? WHERE space_id = ? AND branch = ? AND page_id = ?', body.hash, now, ...key);
  const held = previous === NO_BODY_ROWS ? EMPTY_BODY : previous && current?.body_hash === previous.hash ? previous : undefined;
  writeSections(db, key, body.sections, held?.sections);
  writeLinks(db, key, body.links, held?.links);
}

const EMPTY_BODY: Pick<BodyRows, 'sections' | 'links'> = { sections: [], links: [] };

type PageKey = readonly [spaceId: string, branch: string, pageId: string];

/**
 * Only the sections that changed are written again: a keystroke changes one section, and every
 * row written costs its reindexing by FTS5 (rewriting all 500 sections of a 10,000-block page took
 * ~23 ms a keystroke). A changed section is deleted and inserted, which the index triggers follow.
 */
function writeSections(db: Database, key: PageKey, sections: readonly Section[], previous?: readonly Section[]): void {
  const kept = new Set<number>();
  if (previous) {
    previous.forEach((old, ord) => {
      const section = sections[ord];
      if (section && section.id === old.id && section.title === old.title && section.body === old.body) kept.add(ord);
      else db.run('DELETE FROM content_sections WHERE space_id = ? AND branch = ? AND page_id = ? AND ord = ?', ...key, ord);
    });
  } else {
    const held = db.all<{ id: number; ord: number; anchor: string | null; heading: string; body: string }>(
      'SELECT id, ord, anchor, heading, body FROM content_sections WHERE space_id = ? AND branch = ? AND page_id = ?',
      ...key,
    );
    for (const row of held) {
      const section = sections[row.ord];
      if (section && section.id === row.anchor && section.title === row.heading && section.body === row.body) kept.add(row.ord);
      else db.run('DELETE FROM content_sections WHERE id = ?', row.id);
    }
  }
  sections.forEach((section, ord) => {
    if (kept.has(ord)) return;
    db.run(
      'INSERT INTO content_sections (space_id, branch, page_id, ord, anchor, heading, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ...key,
      ord,
      section.id,
      section.title,
      section.body,
    );
  });
}

/** The page's links become `links`: those gone are deleted, the new ones inserted. */
function writeLinks(db: Database, key: PageKey, links: readonly BodyLink[], previous?: readonly BodyLink[]): void {
  // The same list as last written: a keystroke that changed no link (body-index.ts keeps it).
  if (previous === links) return;
  const id = (link: BodyLink) => `${link.kind}\u0000${link.target}`;
  const wanted = new Map(links.map((link) => [id(link), link]));
  const held = previous ?? db.all<BodyLink>('SELECT kind, target FROM content_links WHERE space_id = ? AND branch = ? AND page_id = ?', ...key);
  for (const link of held) {
    if (wanted.delete(id(link))) continue;
    db.run('DELETE FROM content_links WHERE space_id = ? AND branch = ? AND page_id = ? AND kind = ? AND target = ?', ...key, link.kind, link.target);
  }
  for (const link of wanted.values()) db.run('INSERT INTO content_links (space_id, branch, page_id, kind, target) VALUES (?, ?, ?, ?, ?)', ...key, link.kind, link.target);
}

/** What `writeBodyRows` last wrote for a page, read back; undefined when the page has no row or its body none yet. */
export function projectedBodyRows(db: Database, spaceId: string, branch: string, pageId: string): BodyRows | undefined {
  const key = [spaceId, branch, pageId] as const;
  const page = db.get<{ body_hash: string | null }>('SELECT body_hash FROM content_pages WHERE space_id = ? AND branch = ? AND page_id = ?', ...key);
  if (!page?.body_hash) return undefined;
  return {
    hash: page.body_hash,
    sections: db.all<Section>(
      'SELECT anchor AS id, heading AS title, body FROM content_sections WHERE space_id = ? AND branch = ? AND page_id = ? ORDER BY ord',
      ...key,
    ),
    links: db.all<BodyLink>('SELECT kind, target FROM content_links WHERE space_id = ? AND branch = ? AND page_id = ?', ...key),
  };
}

/** Makes the branch's file rows those of `files`. */
export function writeFileRows(db: Database, spaceId: string, branch: string, files: ReadonlyMap<string, TreeFile>): void {
  const held = new Set(
    db.all<{ file_id: string }>('SELECT file_id FROM content_files WHERE space_id = ? AND branch = ?', spaceId, branch).map((r) => r.file_id),
  );
  for (const id of held) if (!files.has(id)) db.run('DELETE FROM content_files WHERE space_id = ? AND branch = ? AND file_id = ?', spaceId, branch, id);
  for (const file of files.values()) {
    if (!blobExists(db, file.blob)) continue;
    db.run(
      `INSERT INTO content_files (space_id, branch, file_id, name, content_type, size, blob, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (space_id, branch, file_id) DO UPDATE SET name = excluded.name, content_type = excluded.content_type,
         size = excluded.size, blob = excluded.blob, created_at = excluded.created_at`,
      spaceId, branch, file.id, file.name, file.contentType, file.size, file.blob, file.createdAt ?? null,
    );
  }
}

export function blobExists(db: Database, sha256: string): boolean {
  return db.get('SELECT 1 FROM file_blobs WHERE sha256 = ?', sha256) !== undefined;
}

/**
 * Keeps a file's bytes under their SHA-256. With a store besides the database (a hub's folder or
 * bucket, `Database.fileBytes`) the caller stored them there before this transaction opened
 * (`FileBytesStore.put`), unless a row names them already (a file copied from another's URL),
 * and the row holds none. Bytes not stored so fail the write as a store away would.
 */
export function storeBlob(db: Database, sha256: string, bytes: Uint8Array): void {
  const store = db.fileBytes;
  // Stored again even if the row is there already (by `put`): a file lost from the store comes back with the next upload.
  if (store && !store.took(sha256) && !blobExists(db, sha256)) throw new TryAgainLater('the file bytes were not stored before the write that names them');
  db.run('INSERT OR IGNORE INTO file_blobs (sha256, bytes) VALUES (?, ?)', sha256, store ? EMPTY_BYTES : bytes);
}

const EMPTY_BYTES = Buffer.alloc(0);
