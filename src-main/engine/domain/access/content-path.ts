import type { Database } from '../../core/db/database.js';
import type { StoredLevel } from './content-role.js';

/** A space or collection as access sees it: its own default level and the collection it sits in. */
export interface LevelRow {
  id: string;
  default_level: StoredLevel;
  parent_id: string | null;
}

export interface PathStep {
  id: string;
  default_level: StoredLevel;
}

/**
 * The item, then every collection around it up to the organization's root: where default
 * levels are inherited from and grants reach down from.
 */
export function contentPath(db: Database, start: LevelRow): readonly PathStep[] {
  const above = start.parent_id === null ? [] : collectionAndAncestors(db, start.parent_id);
  return [start, ...above];
}

/** One query per collection until the database changes; siblings share their parent's. */
function collectionAndAncestors(db: Database, collectionId: string): readonly PathStep[] {
  return db.memoize(`ancestors:${collectionId}`, () =>
    // Collections nest without cycles (moves refuse them); the bound guards against a corrupted file.
    db.all<PathStep>(
      `WITH RECURSIVE up(id, parent_id, default_level, depth) AS (
         SELECT id, parent_id, default_level, 0 FROM collections WHERE id = ?
         UNION ALL
         SELECT c.id, c.parent_id, c.default_level, up.depth + 1 FROM collections c JOIN up ON c.id = up.parent_id
         WHERE up.depth < 1000
       ) SELECT id, default_level FROM up ORDER BY depth`,
      collectionId,
    ),
  );
}
