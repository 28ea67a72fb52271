import type { TranslationErrorCode, TranslationRunError, TranslationStatus } from '../../../../src-shared/contract/translations.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { ascending } from '../content-tree/rows.js';

export interface TranslationRow {
  id: string;
  organization_id: string;
  source_space_id: string;
  source_language: string;
  language: string;
  /** The JSONDocument, as JSON text. */
  instructions: string;
  status: TranslationStatus;
  run_generation: number;
  result_space_id: string | null;
  result_revision_id: string | null;
  runs: number;
  total_words: number;
  total_duration_ms: number;
  latest_duration_ms: number;
  latest_pages: number;
  latest_words: number;
  last_error_code: TranslationErrorCode | null;
  last_error_message: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A row with the number of distinct source pages it has translated. */
export type ListedTranslationRow = TranslationRow & { pages: number };

const WITH_PAGES = '*, (SELECT count(*) FROM translation_pages p WHERE p.translation_id = translations.id) AS pages';

export function findTranslation(db: Database, organizationId: string, id: string): ListedTranslationRow | undefined {
  return db.get<ListedTranslationRow>(`SELECT ${WITH_PAGES} FROM translations WHERE organization_id = ? AND id = ?`, organizationId, id);
}

export function findTranslationById(db: Database, id: string): ListedTranslationRow | undefined {
  return db.get<ListedTranslationRow>(`SELECT ${WITH_PAGES} FROM translations WHERE id = ?`, id);
}

/** An organization's translations, oldest first. */
export const translationsOf = (organizationId: string): KeysetQuery => ({
  select: WITH_PAGES,
  from: 'translations',
  where: 'organization_id = ?',
  params: [organizationId],
  order: ascending('created_at', 'id'),
});

export interface NewTranslation {
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: string;
  language: string;
  instructions: unknown;
  createdBy: string;
}

export function insertTranslation(db: Database, translation: NewTranslation, now: string): string {
  const id = newId();
  db.run(
    `INSERT INTO translations (id, organization_id, source_space_id, source_language, language, instructions, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id, translation.organizationId, translation.sourceSpaceId, translation.sourceLanguage, translation.language,
    JSON.stringify(translation.instructions), translation.createdBy, now, now,
  );
  return id;
}

export function setInstructions(db: Database, id: string, instructions: unknown, now: string): void {
  db.run('UPDATE translations SET instructions = ?, updated_at = ? WHERE id = ?', JSON.stringify(instructions), now, id);
}

/** A run is asked for: a run under way stays `running` and leaves the status `pending` when it ends. */
export function requestRun(db: Database, id: string, now: string): void {
  db.run(
    `UPDATE translations SET run_generation = run_generation + 1, updated_at = ?,
       status = CASE status WHEN 'running' THEN 'running' ELSE 'pending' END WHERE id = ?`,
    now, id,
  );
}

export function deleteTranslation(db: Database, id: string): void {
  db.run('DELETE FROM translations WHERE id = ?', id);
}

export function unfinishedTranslationIds(db: Database): string[] {
  return db.all<{ id: string }>("SELECT id FROM translations WHERE status <> 'completed' ORDER BY updated_at, id").map((row) => row.id);
}

export function markRunning(db: Database, id: string, now: string): void {
  db.run("UPDATE translations SET status = 'running', runs = runs + 1, updated_at = ? WHERE id = ?", now, id);
}

/** How a run ended: what it translated (nothing when it failed) and how long it took. */
export interface RunOutcome {
  generation: number;
  durationMs: number;
  pages: number;
  words: number;
  error: TranslationRunError | null;
  result?: { spaceId: string; revisionId: string };
}

/** Completed, unless another run was asked for meanwhile: that one is queued, so the status stays pending. */
export function recordRun(db: Database, id: string, outcome: RunOutcome, now: string): void {
  db.run(
    `UPDATE translations SET status = CASE WHEN run_generation = ? THEN 'completed' ELSE 'pending' END,
       result_space_id = COALESCE(?, result_space_id), result_revision_id = COALESCE(?, result_revision_id),
       total_words = total_words + ?, total_duration_ms = total_duration_ms + ?, latest_duration_ms = ?,
       latest_pages = ?, latest_words = ?, last_error_code = ?, last_error_message = ?, updated_at = ? WHERE id = ?`,
    outcome.generation, outcome.result?.spaceId ?? null, outcome.result?.revisionId ?? null,
    outcome.words, outcome.durationMs, outcome.durationMs, outcome.pages, outcome.words,
    outcome.error?.code ?? null, outcome.error?.message ?? null, now, id,
  );
}

/** The result space is gone: the next run starts a new one, translating every page. */
export function forgetResult(db: Database, id: string): void {
  db.run('UPDATE translations SET result_space_id = NULL, result_revision_id = NULL WHERE id = ?', id);
  db.run('DELETE FROM translation_pages WHERE translation_id = ?', id);
}

export interface PageMapping {
  target: string;
  hash: string;
}

export function pageMappings(db: Database, id: string): Map<string, PageMapping> {
  const rows = db.all<{ source_page_id: string; target_page_id: string; source_hash: string }>(
    'SELECT source_page_id, target_page_id, source_hash FROM translation_pages WHERE translation_id = ?',
    id,
  );
  return new Map(rows.map((row) => [row.source_page_id, { target: row.target_page_id, hash: row.source_hash }]));
}

export function saveMapping(db: Database, id: string, sourcePageId: string, mapping: PageMapping): void {
  db.run(
    `INSERT INTO translation_pages (translation_id, source_page_id, target_page_id, source_hash) VALUES (?, ?, ?, ?)
     ON CONFLICT (translation_id, source_page_id) DO UPDATE SET target_page_id = excluded.target_page_id, source_hash = excluded.source_hash`,
    id, sourcePageId, mapping.target, mapping.hash,
  );
}

export function dropMapping(db: Database, id: string, sourcePageId: string): void {
  db.run('DELETE FROM translation_pages WHERE translation_id = ? AND source_page_id = ?', id, sourcePageId);
}
