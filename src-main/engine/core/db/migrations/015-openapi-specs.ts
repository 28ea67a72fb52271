/**
 * OpenAPI specifications of an organization and their versions (docs/openapi-specs.md). A spec
 * keeps its source (an address or the text itself) and the outcome of its last processing;
 * `source_generation` moves on every new source, so that a processing run that read an older one
 * does not record its result. A version holds the specification as fetched, its parsed document
 * and the SHA-256 of the text: a new version is cut only when the hash changes. Versions are
 * numbered per spec, so that their order never depends on the clock.
 */
export const sql = `
CREATE TABLE openapi_specs (
  id                      TEXT PRIMARY KEY,
  organization_id         TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  slug                    TEXT NOT NULL,
  source_url              TEXT,
  source_text             TEXT,
  source_generation       INTEGER NOT NULL DEFAULT 1,
  visibility              TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public')),
  processing_state        TEXT NOT NULL DEFAULT 'pending' CHECK (processing_state IN ('pending', 'progress', 'complete')),
  last_version_id         TEXT,
  last_processed_at       TEXT,
  last_process_error_code TEXT CHECK (last_process_error_code IN ('FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR')),
  last_processed_errors   TEXT NOT NULL DEFAULT '[]',
  created_at              TEXT NOT NULL,
  updated_at              TEXT NOT NULL,
  CHECK ((source_url IS NULL) <> (source_text IS NULL))
);
CREATE UNIQUE INDEX openapi_specs_slug ON openapi_specs(organization_id, slug);
CREATE INDEX openapi_specs_unfinished ON openapi_specs(processing_state) WHERE processing_state <> 'complete';

CREATE TABLE openapi_spec_versions (
  id           TEXT PRIMARY KEY,
  spec_id      TEXT NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE,
  number       INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  file_name    TEXT NOT NULL,
  text         TEXT NOT NULL,
  document     TEXT NOT NULL,
  url          TEXT,
  created_at   TEXT NOT NULL
);
-- A computed page's source (JSON), projected from its tree doc; API-reference pages find theirs by spec.
ALTER TABLE content_pages ADD COLUMN computed TEXT;
CREATE INDEX content_pages_computed_spec ON content_pages(json_extract(computed, '$.dependencies.spec.ref.spec'))
  WHERE computed IS NOT NULL;

CREATE UNIQUE INDEX openapi_spec_versions_number ON openapi_spec_versions(spec_id, number);
`;
