import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';

export interface GitLinkRow {
  space_id: string;
  url: string;
  ref: string;
  direction: 'import' | 'export' | 'both';
  project_directory: string;
  poll_seconds: number;
  linked_by: string | null;
  updated_at: string;
}

export interface GitStateRow {
  space_id: string;
  source: string;
  commit_oid: string;
  revision: string;
  synced_at: string;
  layout: string;
  pending_export: number;
}

export interface GitOperationRow {
  id: string;
  space_id: string;
  direction: 'import' | 'export';
  state: 'running' | 'success' | 'failure';
  stage: 'repo_fetch' | 'config_check' | 'content_process' | 'finalize';
  dispatched_tasks: number;
  completed_tasks: number;
  started_at: string;
  updated_at: string;
  completed_at: string | null;
  error: string | null;
  commit_oid: string | null;
  change_request_id: string | null;
  created_by: string | null;
}

export const findLink = (db: Database, spaceId: string) => db.get<GitLinkRow>('SELECT * FROM space_git_links WHERE space_id = ?', spaceId);

/**
 * The links this engine runs on its own (polls, exports after merges): those set here, as they
 * stand. A link replicates to every engine of the space, which takes the content through sync:
 * each importing the repository itself would make its own copy of every page (migration 036).
 */
export const heldLinks = (db: Database) => db.all<GitLinkRow>(HELD_LINKS);

export const holdsLink = (db: Database, spaceId: string) => db.get(`${HELD_LINKS} WHERE l.space_id = ?`, spaceId) !== undefined;

/** A link's fields as this engine set them: any of them changed through sync alone, the link is not run here. */
const LINK_AS_SET = 'json_array(l.url, l.ref, l.direction, l.project_directory, l.poll_seconds, l.linked_by)';

const HELD_LINKS = `SELECT l.* FROM space_git_links l JOIN git_sync_holds h ON h.space_id = l.space_id AND h.link_updated_at = l.updated_at AND h.link = ${LINK_AS_SET}`;

/** How far back `mergedSince` walks main's revisions: beyond, a merge is found at the next export. */
const MERGES_LOOKED_BACK = 1_000;

/**
 * The space's main revision when main took a merge since `since` (one of its earlier revisions,
 * the last sync's): its revisions walked back by first parent. Undefined when none did.
 */
export function mergedSince(db: Database, spaceId: string, since: string): string | undefined {
  const main = mainRevision(db, spaceId);
  let merged = false;
  walkMain(db, main, (revision, type) => {
    merged = revision !== since && type === 'merge';
    return revision === since || merged;
  });
  return merged ? main : undefined;
}

/** Whether main holds `revision` (a merge of it, seen through sync before main's docs and revision, does not yet). */
export function mainHolds(db: Database, spaceId: string, revision: string): boolean {
  let found = false;
  walkMain(db, mainRevision(db, spaceId), (current) => (found = current === revision));
  return found;
}

const mainRevision = (db: Database, spaceId: string) => db.get<{ revision: string }>('SELECT revision FROM spaces WHERE id = ?', spaceId)?.revision;

/** Main's revisions from `from` back by first parent, until `stop` answers true (at most `MERGES_LOOKED_BACK`). */
function walkMain(db: Database, from: string | undefined, stop: (revision: string, type: string) => boolean): void {
  let current = from;
  for (let steps = 0; current !== undefined && steps < MERGES_LOOKED_BACK; steps++) {
    const row = db.get<{ parents: string; type: string }>('SELECT parents, type FROM revisions WHERE id = ?', current);
    if (!row || stop(current, row.type)) return;
    current = firstParent(row.parents);
  }
}

/** A revision's first parent, from its `parents` column. */
export function firstParent(parents: string): string | undefined {
  const list: unknown = JSON.parse(parents);
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

/** The link as set on this engine, which then runs it (`heldLinks`) until it is set again elsewhere or deleted. */
export function saveLink(db: Database, row: GitLinkRow): void {
  db.run(
    `INSERT INTO space_git_links (space_id, url, ref, direction, project_directory, poll_seconds, linked_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (space_id) DO UPDATE SET url = excluded.url, ref = excluded.ref, direction = excluded.direction,
       project_directory = excluded.project_directory, poll_seconds = excluded.poll_seconds, linked_by = excluded.linked_by, updated_at = excluded.updated_at`,
    row.space_id, row.url, row.ref, row.direction, row.project_directory, row.poll_seconds, row.linked_by, row.updated_at,
  );
  db.run(
    `INSERT INTO git_sync_holds (space_id, link_updated_at, link) SELECT l.space_id, l.updated_at, ${LINK_AS_SET} FROM space_git_links l WHERE l.space_id = ?
     ON CONFLICT (space_id) DO UPDATE SET link_updated_at = excluded.link_updated_at, link = excluded.link`,
    row.space_id,
  );
}

export function deleteLink(db: Database, spaceId: string): boolean {
  db.run('DELETE FROM git_sync_secrets WHERE space_id = ?', spaceId);
  db.run('DELETE FROM git_sync_holds WHERE space_id = ?', spaceId);
  return db.run('DELETE FROM space_git_links WHERE space_id = ?', spaceId).changes > 0;
}

export interface Secret {
  username: string | null;
  password: string;
}

export const findSecret = (db: Database, spaceId: string) => db.get<Secret>('SELECT username, password FROM git_sync_secrets WHERE space_id = ?', spaceId);

export function saveSecret(db: Database, spaceId: string, secret: Secret | undefined): void {
  if (!secret) return;
  db.run(
    'INSERT INTO git_sync_secrets (space_id, username, password) VALUES (?, ?, ?) ON CONFLICT (space_id) DO UPDATE SET username = excluded.username, password = excluded.password',
    spaceId, secret.username, secret.password,
  );
}

/** One state per repository and ref a space syncs with (or folder): `source` names it. */
export const sourceKey = (url: string, ref: string) => `${url} ${ref}`;

export const findState = (db: Database, spaceId: string, source: string) =>
  db.get<GitStateRow>('SELECT * FROM git_sync_states WHERE space_id = ? AND source = ?', spaceId, source);

export function saveState(db: Database, row: Omit<GitStateRow, 'pending_export'>): void {
  db.run(
    `INSERT INTO git_sync_states (space_id, source, commit_oid, revision, synced_at, layout, pending_export) VALUES (?, ?, ?, ?, ?, ?, 0)
     ON CONFLICT (space_id, source) DO UPDATE SET commit_oid = excluded.commit_oid, revision = excluded.revision, synced_at = excluded.synced_at,
       layout = excluded.layout, pending_export = 0`,
    row.space_id, row.source, row.commit_oid, row.revision, row.synced_at, row.layout,
  );
}

/** Marks (or clears) an export waiting for its repository; a space never synced with it gets a state to hold the mark. */
export function setPendingExport(db: Database, spaceId: string, source: string, pending: boolean, now: string): void {
  if (db.run('UPDATE git_sync_states SET pending_export = ? WHERE space_id = ? AND source = ?', pending ? 1 : 0, spaceId, source).changes > 0 || !pending) return;
  db.run(
    `INSERT INTO git_sync_states (space_id, source, commit_oid, revision, synced_at, layout, pending_export) VALUES (?, ?, '', '', ?, '{}', 1)`,
    spaceId, source, now,
  );
}

export function insertOperation(db: Database, spaceId: string, direction: GitOperationRow['direction'], createdBy: string | null, now: string): string {
  const id = newId();
  db.run(
    `INSERT INTO git_sync_operations (id, space_id, direction, state, stage, started_at, updated_at, created_by) VALUES (?, ?, ?, 'running', 'repo_fetch', ?, ?, ?)`,
    id, spaceId, direction, now, now, createdBy,
  );
  return id;
}

export const findOperation = (db: Database, id: string) => db.get<GitOperationRow>('SELECT * FROM git_sync_operations WHERE id = ?', id);
export const latestOperation = (db: Database, spaceId: string) =>
  db.get<GitOperationRow>('SELECT * FROM git_sync_operations WHERE space_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1', spaceId);
export const runningOperations = (db: Database) => db.all<GitOperationRow>("SELECT * FROM git_sync_operations WHERE state = 'running'");

export function updateOperation(db: Database, id: string, fields: Partial<Omit<GitOperationRow, 'id' | 'space_id'>>, now: string): void {
  const entries = Object.entries({ ...fields, updated_at: now });
  db.run(`UPDATE git_sync_operations SET ${entries.map(([key]) => `${key} = ?`).join(', ')} WHERE id = ?`, ...entries.map(([, value]) => value), id);
}
