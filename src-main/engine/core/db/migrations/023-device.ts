/**
 * This device's own facts, which never replicate (docs/sync.md, "Identity"):
 * - `device`: the data dir's owner (the person whose token is `DIR/token`, who sets the hub), the
 *   starter organization and welcome space first start made (and the revision it left them at,
 *   so that "untouched" can be told), and whether the owner has named themselves and it yet.
 *   Before, the owner was "the first user by rowid", which adoption broke once other local users
 *   stayed.
 * - `vouched_users`: on a hub, users a replica uploaded (a device's other local users), with the
 *   hub user whose replica did; that replica may post comments in their names.
 */
export const sql = `
CREATE TABLE device (
  id                      INTEGER PRIMARY KEY CHECK (id = 1),
  owner_id                TEXT NOT NULL,
  starter_organization_id TEXT,
  starter_space_id        TEXT,
  starter_revision        TEXT,
  named                   INTEGER NOT NULL DEFAULT 1
);
INSERT INTO device (id, owner_id) SELECT 1, id FROM users ORDER BY rowid LIMIT 1;

CREATE TABLE vouched_users (
  user_id    TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  voucher_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE
) WITHOUT ROWID;
`;
