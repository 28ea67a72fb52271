import type { Database } from '../../core/db/database.js';
import type { Actor } from '../../core/pipeline/context.js';

/** The user a signed URL was issued to, acting again when it is opened. */
export function findActor(db: Database, userId: string): Actor | undefined {
  const row = db.get<{ id: string; email: string; display_name: string }>('SELECT id, email, display_name FROM users WHERE id = ?', userId);
  return row && { id: row.id, email: row.email, displayName: row.display_name };
}
