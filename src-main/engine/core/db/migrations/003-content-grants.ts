/**
 * Explicit grants: a role on a space or a collection, given to a user or to a team of the
 * content's organization. A grant on a collection reaches everything inside it.
 *
 * The table keeps itself consistent so that no code path can leave a grant behind: foreign keys
 * drop the grants of a deleted team, user or collection (sub-collections cascade) and of a space
 * purged from the trash; triggers drop a removed member's grants on the organization's content,
 * and, when content moves to another organization, the grants to users and teams not of it.
 * A space in the trash keeps its grants, so that restoring it restores who could reach it.
 *
 * `content_id` and `principal_id` name the space or collection and the user or team whatever
 * their kind: ids are drawn at random for every table, so one id never names two things.
 */
/** A space or collection moved to another organization keeps only its grants to that organization's users and teams. */
function dropGrantsOfStrangersOnTransfer(table: 'spaces' | 'collections', column: 'space_id' | 'collection_id'): string {
  return `
CREATE TRIGGER ${table}_transfer_drops_grants AFTER UPDATE OF organization_id ON ${table}
WHEN NEW.organization_id <> OLD.organization_id BEGIN
  DELETE FROM content_grants
  WHERE ${column} = NEW.id
    AND principal_id NOT IN (
      SELECT user_id FROM members WHERE organization_id = NEW.organization_id
      UNION ALL SELECT id FROM teams WHERE organization_id = NEW.organization_id);
END;`;
}

export const sql = `
CREATE TABLE content_grants (
  space_id      TEXT REFERENCES spaces(id) ON DELETE CASCADE,
  collection_id TEXT REFERENCES collections(id) ON DELETE CASCADE,
  user_id       TEXT REFERENCES users(id) ON DELETE CASCADE,
  team_id       TEXT REFERENCES teams(id) ON DELETE CASCADE,
  content_id    TEXT NOT NULL GENERATED ALWAYS AS (coalesce(space_id, collection_id)) VIRTUAL,
  principal_id  TEXT NOT NULL GENERATED ALWAYS AS (coalesce(user_id, team_id)) VIRTUAL,
  role          TEXT NOT NULL,                       -- a role; never NULL (no grant is no row)
  granted_at    TEXT NOT NULL,
  CHECK ((space_id IS NULL) <> (collection_id IS NULL)),
  CHECK ((user_id IS NULL) <> (team_id IS NULL))
);
CREATE UNIQUE INDEX content_grants_key ON content_grants(content_id, principal_id);
CREATE INDEX content_grants_by_space ON content_grants(space_id);
CREATE INDEX content_grants_by_collection ON content_grants(collection_id);
CREATE INDEX content_grants_by_user ON content_grants(user_id);
CREATE INDEX content_grants_by_team ON content_grants(team_id);

CREATE TRIGGER member_removed_drops_grants AFTER DELETE ON members BEGIN
  DELETE FROM content_grants
  WHERE user_id = OLD.user_id
    AND (space_id IN (SELECT id FROM spaces WHERE organization_id = OLD.organization_id)
      OR collection_id IN (SELECT id FROM collections WHERE organization_id = OLD.organization_id));
END;

${dropGrantsOfStrangersOnTransfer('spaces', 'space_id')}
${dropGrantsOfStrangersOnTransfer('collections', 'collection_id')}
`;
