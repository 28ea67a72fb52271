import type { Database } from '../../db/database.js';
import type { DocStore } from '../../docs/store.js';
import { adoptCommentAuthors } from './comment-authors.js';
import { baselineChanges } from './triggers.js';
import { insertRow, type RowValues } from './rows.js';
import { REPLICATED_TABLES, tableSpec } from './tables.js';

/** Every column that names a user, in tables that stay (a local user's rows become the hub user's). */
const USER_REFERENCES: readonly [table: string, column: string][] = [
  ['tokens', 'user_id'],
  ['members', 'user_id'],
  ['team_members', 'user_id'],
  ['content_grants', 'user_id'],
  ['organizations', 'created_by'],
  ['organizations', 'agent_updated_by'],
  ['change_requests', 'created_by'],
  ['change_requests', 'merged_by'],
  ['change_request_contributors', 'user_id'],
  ['change_request_conflicts', 'resolved_by'],
  ['change_request_reviews', 'reviewer_id'],
  ['change_request_reviews', 'requested_by'],
  ['change_request_requested_reviewers', 'user_id'],
  ['change_request_requested_reviewers', 'requested_by'],
];

/**
 * A replica's first connection (docs/sync.md, "Change log"): users come from the hub, so the
 * engine's local users (the owner its first start made) become the hub user the token names.
 * Everything they made is kept, ids and all, with the hub user as its creator and member;
 * their tokens keep working, now as the hub user; their comments too (comment-authors.ts). The change log starts over with every local
 * row as an insert of that user's, which the hub receives on the first push and checks like
 * any other change (creating an organization and being its first admin is allowed to anyone).
 * Nothing was exchanged before, so no peer holds a stamp of the log that is dropped.
 */
export function adoptHubUser(db: Database, docs: DocStore, hubUser: RowValues): void {
  const hubUserId = String(hubUser.id);
  db.transaction(() => {
    db.raw.pragma('defer_foreign_keys = ON');
    const locals = db.all<{ id: string }>('SELECT id FROM users WHERE id <> ?', hubUserId).map((row) => row.id);
    for (const localId of locals) {
      for (const [table, column] of USER_REFERENCES) db.run(`UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`, hubUserId, localId);
    }
    db.run(`DELETE FROM users WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(locals));
    if (!db.get('SELECT 1 FROM users WHERE id = ?', hubUserId)) insertRow(db, tableSpec('users')!, hubUser);
    restartLog(db);
    adoptCommentAuthors(docs, locals, hubUserId);
  });
}

/** The log again, as if every row but the users (the hub's) had just been made here. */
function restartLog(db: Database): void {
  db.run('DELETE FROM change_log');
  db.run('DELETE FROM field_clocks');
  for (const spec of REPLICATED_TABLES.filter((table) => table.name !== 'users')) db.raw.exec(baselineChanges(spec));
}
