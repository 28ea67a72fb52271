import { deviceOwnerId, setDeviceOwner } from '../../../domain/admin/device.js';
import { emptyStarter, removeStarter } from '../../admin/starter.js';
import type { Database } from '../../../core/db/database.js';
import type { DocStore } from '../../../core/docs/store.js';
import { adoptCommentAuthors } from './comment-authors.js';
import { baselineChanges } from './triggers.js';
import { insertRow, type RowValues } from './rows.js';
import { REPLICATED_TABLES, tableSpec } from './tables.js';
import { makeRoomFor } from './user-emails.js';

/** Columns naming a user, in tables that stay; those in a table's key may meet a row the hub user already has. */
const USER_REFERENCES: readonly [table: string, column: string, inKey: boolean][] = [
  ['tokens', 'user_id', false],
  ['members', 'user_id', true],
  ['team_members', 'user_id', true],
  ['content_grants', 'user_id', true],
  ['organizations', 'created_by', false],
  ['organizations', 'agent_updated_by', false],
  ['change_requests', 'created_by', false],
  ['change_requests', 'merged_by', false],
  ['change_request_contributors', 'user_id', true],
  ['translations', 'created_by', false],
  ['change_request_conflicts', 'resolved_by', false],
  ['change_request_reviews', 'reviewer_id', false],
  ['change_request_reviews', 'requested_by', false],
  ['change_request_requested_reviewers', 'user_id', true],
  ['change_request_requested_reviewers', 'requested_by', false],
  ['change_request_requested_teams', 'requested_by', false],
];

/** What the hub's `hello` says: its user, and how many organizations they are an active member of there. */
export interface HubGreeting {
  user: RowValues;
  /** Absent from hubs before it: the starter organization is then kept and uploaded. */
  organizations?: number;
}

/**
 * A replica's first connection to a hub (docs/sync.md, "Identity"). The data dir's owner becomes
 * the hub user the token names: everything they made is kept, ids and all, with the hub user as
 * its creator and member; their tokens keep working, now as the hub user; their comments too
 * (comment-authors.ts). Every other local user stays who they are, with their work, and is
 * uploaded with it: the hub takes a user row it lacks from a replica and lets that replica speak
 * for them (comments in their names). A local user holding the hub user's e-mail gives it up
 * (user-emails.ts). The starter organization first start made goes if it is still empty and the
 * hub user has organizations there: it would only be a second, identical one.
 *
 * The change log starts over with every local row as an insert, which the hub receives on the
 * first push and checks like any other change. Nothing was exchanged before, so no peer holds a
 * stamp of the log that is dropped.
 */
export function adoptHubUser(db: Database, docs: DocStore, hello: HubGreeting): void {
  const hubUser = hello.user;
  const hubUserId = String(hubUser.id);
  db.transaction(() => {
    db.raw.pragma('defer_foreign_keys = ON');
    if ((hello.organizations ?? 0) > 0) {
      const starter = emptyStarter(db, docs);
      if (starter) removeStarter(db, docs, starter);
    }
    const ownerId = deviceOwnerId(db);
    if (typeof hubUser.email === 'string') makeRoomFor(db, hubUser.email, ownerId ?? hubUserId);
    if (ownerId && ownerId !== hubUserId) {
      for (const [table, column, inKey] of USER_REFERENCES) {
        db.run(`UPDATE ${inKey ? 'OR IGNORE ' : ''}${table} SET ${column} = ? WHERE ${column} = ?`, hubUserId, ownerId);
        // The hub user had that row already (a second hub, say): theirs stays.
        if (inKey) db.run(`DELETE FROM ${table} WHERE ${column} = ?`, ownerId);
      }
      db.run('DELETE FROM users WHERE id = ?', ownerId);
    }
    if (!db.get('SELECT 1 FROM users WHERE id = ?', hubUserId)) insertRow(db, tableSpec('users')!, hubUser);
    setDeviceOwner(db, hubUserId);
    restartLog(db, hubUserId);
    if (ownerId && ownerId !== hubUserId) adoptCommentAuthors(docs, [ownerId], hubUserId);
  });
}

/** The log again, as if every row but the hub user's had just been made here. */
function restartLog(db: Database, hubUserId: string): void {
  db.run('DELETE FROM change_log');
  db.run('DELETE FROM field_clocks');
  for (const spec of REPLICATED_TABLES) db.raw.exec(baselineChanges(spec));
  // The hub user's row is the hub's: its stamps come from there.
  for (const table of ['change_log', 'field_clocks']) db.run(`DELETE FROM ${table} WHERE tbl = 'users' AND row_key = json_array(?)`, hubUserId);
}
