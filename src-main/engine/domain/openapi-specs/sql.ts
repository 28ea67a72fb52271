import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import type {
  OpenAPIErrorObject, OpenAPISpecProcessingErrorCode, OpenAPISpecProcessingState,
} from '../../../../src-shared/contract/openapi-specs.js';

export interface SpecRow {
  id: string;
  organization_id: string;
  slug: string;
  source_url: string | null;
  source_text: string | null;
  source_generation: number;
  visibility: 'private' | 'public';
  processing_state: OpenAPISpecProcessingState;
  last_version_id: string | null;
  last_processed_at: string | null;
  last_process_error_code: OpenAPISpecProcessingErrorCode | null;
  last_processed_errors: string;
  created_at: string;
  updated_at: string;
}

export interface VersionRow {
  id: string;
  spec_id: string;
  number: number;
  content_hash: string;
  file_name: string;
  text: string;
  document: string;
  url: string | null;
  created_at: string;
}

/** A spec's source: exactly one of an address and the text itself. */
export type SpecSource = { url: string } | { text: string };

export function findSpec(db: Database, organizationId: string, slug: string): SpecRow | undefined {
  return db.get<SpecRow>('SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ?', organizationId, slug);
}

export function findSpecById(db: Database, id: string): SpecRow | undefined {
  return db.get<SpecRow>('SELECT * FROM openapi_specs WHERE id = ?', id);
}

export const specsOf = (organizationId: string): KeysetQuery => ({
  select: '*',
  from: 'openapi_specs',
  where: 'organization_id = ?',
  params: [organizationId],
  order: [
    { expr: 'slug', column: 'slug', desc: false },
    { expr: 'id', column: 'id', desc: false },
  ],
});

export function unfinishedSpecIds(db: Database): string[] {
  return db.all<{ id: string }>("SELECT id FROM openapi_specs WHERE processing_state <> 'complete' ORDER BY updated_at, id").map((r) => r.id);
}

const sourceColumns = (source: SpecSource) => ('url' in source ? [source.url, null] : [null, source.text]);

export function insertSpec(db: Database, organizationId: string, slug: string, source: SpecSource, now: string): string {
  const id = newId();
  db.run(
    `INSERT INTO openapi_specs (id, organization_id, slug, source_url, source_text, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    id, organizationId, slug, ...sourceColumns(source), now, now,
  );
  return id;
}

/** A new source: processing starts over, and a run still reading the old one will not record it. */
export function replaceSource(db: Database, id: string, source: SpecSource, now: string): void {
  db.run(
    `UPDATE openapi_specs SET source_url = ?, source_text = ?, source_generation = source_generation + 1,
       processing_state = 'pending', updated_at = ? WHERE id = ?`,
    ...sourceColumns(source), now, id,
  );
}

export function setVisibility(db: Database, id: string, visibility: SpecRow['visibility'], now: string): void {
  db.run('UPDATE openapi_specs SET visibility = ?, updated_at = ? WHERE id = ?', visibility, now, id);
}

export function deleteSpec(db: Database, id: string): void {
  db.run('DELETE FROM openapi_specs WHERE id = ?', id);
}

export function markInProgress(db: Database, id: string): void {
  db.run("UPDATE openapi_specs SET processing_state = 'progress' WHERE id = ?", id);
}

export interface ProcessOutcome {
  versionId: string | null;
  errorCode: OpenAPISpecProcessingErrorCode | null;
  errors: OpenAPIErrorObject[];
}

/** Records how a run ended; a failed run keeps the last version, so nothing processed before is lost. */
export function recordOutcome(db: Database, id: string, outcome: ProcessOutcome, now: string): void {
  db.run(
    `UPDATE openapi_specs SET processing_state = 'complete', last_version_id = COALESCE(?, last_version_id),
       last_processed_at = ?, last_process_error_code = ?, last_processed_errors = ?, updated_at = ? WHERE id = ?`,
    outcome.versionId, now, outcome.errorCode, JSON.stringify(outcome.errors), now, id,
  );
}

export function findVersion(db: Database, specId: string, versionId: string): VersionRow | undefined {
  return db.get<VersionRow>('SELECT * FROM openapi_spec_versions WHERE spec_id = ? AND id = ?', specId, versionId);
}

export function latestVersion(db: Database, specId: string): VersionRow | undefined {
  return db.get<VersionRow>('SELECT * FROM openapi_spec_versions WHERE spec_id = ? ORDER BY number DESC LIMIT 1', specId);
}

/** What a list of versions reads of each: not the text nor the document. */
export type ListedVersionRow = Pick<VersionRow, 'id' | 'spec_id' | 'number' | 'url' | 'created_at'>;

export const versionsOf = (specId: string): KeysetQuery => ({
  select: 'id, spec_id, number, url, created_at',
  from: 'openapi_spec_versions',
  where: 'spec_id = ?',
  params: [specId],
  order: [{ expr: 'number', column: 'number', desc: true }],
});

export interface NewVersion {
  contentHash: string;
  fileName: string;
  text: string;
  document: unknown;
  url: string | null;
}

export function insertVersion(db: Database, specId: string, version: NewVersion, now: string): string {
  const id = newId();
  db.run(
    `INSERT INTO openapi_spec_versions (id, spec_id, number, content_hash, file_name, text, document, url, created_at)
     VALUES (?, ?, (SELECT COALESCE(MAX(number), 0) + 1 FROM openapi_spec_versions WHERE spec_id = ?), ?, ?, ?, ?, ?, ?)`,
    id, specId, specId, version.contentHash, version.fileName, version.text, JSON.stringify(version.document), version.url, now,
  );
  return id;
}
