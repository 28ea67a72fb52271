import type { ContentVisibility, SpaceEditMode } from '../../../../src-shared/contract/spaces.js';
import type { StoredLevel } from '../access/content-role.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { startSpaceContent } from '../revisions/space-content.js';
import { ascending, insertRow } from '../content-tree/rows.js';
import { trashCutoff } from './trash.js';

export interface SpaceRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  icon: string | null;
  visibility: ContentVisibility;
  edit_mode: SpaceEditMode;
  merge_rules: string;
  language: string | null;
  default_level: StoredLevel;
  position: number;
  revision: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A space, in the trash or not; a space past its time in the trash is not found. */
export function findSpace(db: Database, id: string, now: string): SpaceRow | undefined {
  const sql = 'SELECT * FROM spaces WHERE id = ? AND (deleted_at IS NULL OR deleted_at > ?)';
  return db.get<SpaceRow>(sql, id, trashCutoff(now));
}

/** Columns a new space is given; the others take their defaults. */
export type NewSpace = Pick<SpaceRow, 'organization_id' | 'parent_id' | 'title' | 'emoji' | 'position'> &
  Partial<Pick<SpaceRow, 'icon' | 'visibility' | 'edit_mode' | 'merge_rules' | 'language' | 'default_level'>>;

/** Writes a new space's first content and cuts its first revision (`revisionId`, the id its row names). */
export type StartContent = (db: Database, docs: DocStore, space: { spaceId: string; revisionId: string; now: string }) => void;

/**
 * Inserts a space out of the trash with a fresh id, times, and content of its own: by default an
 * empty page tree and a first revision. The other columns come from `space`, which may be a whole
 * row to copy, or take their defaults.
 */
export function insertSpace(db: Database, docs: DocStore, space: NewSpace, now: string, start: StartContent = startSpaceContent): string {
  const id = newId();
  const fresh = { id, revision: newId(), created_at: now, updated_at: now, deleted_at: null };
  const columns: Record<string, unknown> = { ...space, ...fresh };
  for (const [name, value] of Object.entries(columns)) if (value === undefined) delete columns[name];
  insertRow(db, 'spaces', columns);
  start(db, docs, { spaceId: id, revisionId: fresh.revision, now });
  return id;
}

/** The spaces out of the trash directly in a collection, in their order among siblings. */
export const spacesInCollection = (collectionId: string): KeysetQuery => ({
  select: '*',
  from: 'spaces',
  where: 'parent_id = ? AND deleted_at IS NULL',
  params: [collectionId],
  order: ascending('position', 'id'),
});

/** The spaces out of the trash of an organization, in creation order. */
export const spacesOfOrganization = (organizationId: string): KeysetQuery => ({
  select: '*',
  from: 'spaces',
  where: 'organization_id = ? AND deleted_at IS NULL',
  params: [organizationId],
  order: ascending('created_at', 'id'),
});
