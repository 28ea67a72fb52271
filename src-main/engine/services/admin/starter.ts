import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { collectUnreachableBlobs } from '../../domain/content/blob-gc.js';
import { spaceDocPrefix } from '../../../../src-shared/sync/doc-names.js';
import { forgetOutboxUnder } from '../sync/sql.js';
import { forgetStarter, readDevice } from '../../domain/admin/device.js';

/** What the starter organization may hold and still count as empty: its owner's membership and the welcome space. */
const ALLOWED_IN_ORGANIZATION: Record<string, (db: Database, organizationId: string, starterSpaceId: string | null) => boolean> = {
  members: (db, organizationId) => db.get<{ n: number }>('SELECT count(*) AS n FROM members WHERE organization_id = ?', organizationId)!.n === 1,
  spaces: (db, organizationId, spaceId) =>
    db.all<{ id: string }>('SELECT id FROM spaces WHERE organization_id = ?', organizationId).every((row) => row.id === spaceId),
};

/** Rows that would mean someone used the welcome space beyond reading it. */
const USES_OF_A_SPACE = ['change_requests', 'content_grants', 'comments', 'site_spaces', 'live_edit_sessions'];

/**
 * The starter organization first start made, if it is still empty (docs/sync.md, "Identity"):
 * nothing in it but its owner and the welcome space as first start left it. Every table that
 * belongs to an organization (found by its foreign key, so a table added later counts too) holds
 * none of its rows beyond those; the welcome space is not in the trash, has no change request,
 * grant, comment, site or live edit, is still at first start's revision, and each of its docs is
 * as that revision recorded it (no doc beyond them, such as comment threads).
 */
export function emptyStarter(db: Database, docs: DocStore): { organizationId: string; spaceId: string | null } | undefined {
  const starter = readDevice(db)?.starter;
  if (!starter || !db.get('SELECT 1 FROM organizations WHERE id = ?', starter.organizationId)) return undefined;
  const { organizationId, spaceId } = starter;
  for (const { table, column } of referencesTo(db, 'organizations')) {
    const allowed = ALLOWED_IN_ORGANIZATION[table];
    if (allowed ? !allowed(db, organizationId, spaceId) : db.get(`SELECT 1 FROM ${table} WHERE ${column} = ?`, organizationId)) return undefined;
  }
  if (spaceId && !untouchedSpace(db, docs, spaceId, starter.revision)) return undefined;
  return { organizationId, spaceId };
}

function untouchedSpace(db: Database, docs: DocStore, spaceId: string, revision: string | null): boolean {
  const space = db.get<{ revision: string | null; deleted_at: string | null }>('SELECT revision, deleted_at FROM spaces WHERE id = ?', spaceId);
  if (!space || space.deleted_at !== null || space.revision !== revision) return false;
  if (USES_OF_A_SPACE.some((table) => db.get(`SELECT 1 FROM ${table} WHERE space_id = ?`, spaceId))) return false;
  if (db.get('SELECT 1 FROM translations WHERE source_space_id = ? OR result_space_id = ?', spaceId, spaceId)) return false;
  const recorded = new Map(
    db.all<{ doc_id: string; state_vector: Uint8Array }>('SELECT doc_id, state_vector FROM revision_docs WHERE revision_id = ?', revision).map(
      (row) => [row.doc_id, Buffer.from(row.state_vector).toString('hex')],
    ),
  );
  const written = docs.writtenUnder(spaceDocPrefix(spaceId));
  return written.every((docId) => recorded.get(docId) === Buffer.from(docs.stateVector(docId)).toString('hex'));
}

/**
 * Removes the empty starter organization, its welcome space and that space's docs, in the
 * caller's transaction: a hub's organizations arrived, so it would only be a second, identical
 * one there. It was never uploaded, and what the triggers log of this goes with the log's restart.
 */
export function removeStarter(db: Database, docs: DocStore, starter: { organizationId: string; spaceId: string | null }): void {
  if (starter.spaceId) {
    const prefix = spaceDocPrefix(starter.spaceId);
    docs.removeUnder(prefix);
    forgetOutboxUnder(db, prefix);
    db.run('DELETE FROM spaces WHERE id = ?', starter.spaceId);
    collectUnreachableBlobs(db);
  }
  db.run('DELETE FROM members WHERE organization_id = ?', starter.organizationId);
  db.run('DELETE FROM organizations WHERE id = ?', starter.organizationId);
  forgetStarter(db);
}

/** Every (table, column) whose foreign key names `parent`'s rows. */
function referencesTo(db: Database, parent: string): { table: string; column: string }[] {
  const tables = db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  return tables.flatMap(({ name }) =>
    db
      .all<{ table: string; from: string }>(`SELECT "table", "from" FROM pragma_foreign_key_list(?)`, name)
      .filter((fk) => fk.table === parent)
      .map((fk) => ({ table: name, column: fk.from })),
  );
}
