/**
 * Translations of spaces (docs/translations.md). A translation names its source space and the
 * language to translate into, keeps the space it writes (`result_space_id`, created by its first
 * successful run) and the stats and outcome of its runs. `run_generation` moves on every run asked
 * for, so that a run that started before another was asked leaves the status pending for it.
 * `translation_pages` maps each source page to its copy in the result space, with the hash of
 * what was translated: a later run translates only the pages whose hash changed.
 */
export const sql = `
CREATE TABLE translations (
  id                  TEXT PRIMARY KEY,
  organization_id     TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  source_space_id     TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  source_language     TEXT NOT NULL,
  language            TEXT NOT NULL,
  instructions        TEXT NOT NULL,
  status              TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed')),
  run_generation      INTEGER NOT NULL DEFAULT 1,
  result_space_id     TEXT REFERENCES spaces(id) ON DELETE SET NULL,
  result_revision_id  TEXT,
  runs                INTEGER NOT NULL DEFAULT 0,
  total_words         INTEGER NOT NULL DEFAULT 0,
  total_duration_ms   INTEGER NOT NULL DEFAULT 0,
  latest_duration_ms  INTEGER NOT NULL DEFAULT 0,
  latest_pages        INTEGER NOT NULL DEFAULT 0,
  latest_words        INTEGER NOT NULL DEFAULT 0,
  last_error_code     TEXT CHECK (last_error_code IN ('NO_TRANSLATOR', 'TRANSLATOR_UNAVAILABLE', 'TRANSLATOR_ERROR', 'SOURCE_UNAVAILABLE')),
  last_error_message  TEXT,
  created_by          TEXT NOT NULL,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);
CREATE INDEX translations_organization ON translations(organization_id, created_at, id);
CREATE INDEX translations_unfinished ON translations(status) WHERE status <> 'completed';

CREATE TABLE translation_pages (
  translation_id TEXT NOT NULL REFERENCES translations(id) ON DELETE CASCADE,
  source_page_id TEXT NOT NULL,
  target_page_id TEXT NOT NULL,
  source_hash    TEXT NOT NULL,
  PRIMARY KEY (translation_id, source_page_id)
) WITHOUT ROWID;
`;
