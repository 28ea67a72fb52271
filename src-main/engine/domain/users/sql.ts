import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { RequestContext } from '../../core/pipeline/context.js';

export interface UserRow {
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: string;
}

export function findUser(db: Database, id: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
}

export function findUserByEmail(db: Database, email: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM users WHERE email = ?', email);
}

/** Whether two users are members (guests included) of at least one common organization, or the same user. */
export function sharesAnOrganization(db: Database, userId: string, otherId: string): boolean {
  if (userId === otherId) return true;
  return !!db.get(
    `SELECT 1 FROM members a JOIN members b ON b.organization_id = a.organization_id
     WHERE a.user_id = ? AND b.user_id = ? LIMIT 1`,
    userId,
    otherId,
  );
}

export function insertUser(db: Database, input: { email: string; displayName: string; now: string }): string {
  const id = newId();
  db.run('INSERT INTO users (id, email, display_name, created_at) VALUES (?, ?, ?, ?)', id, input.email, input.displayName, input.now);
  return id;
}

/** Users are shown the same wherever they appear (members, comments, reviewers). */
export function toUser(ctx: Pick<RequestContext, 'urls'>, row: UserRow) {
  return {
    object: 'user' as const,
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    ...(row.photo_url ? { photoURL: row.photo_url } : {}),
    urls: { location: ctx.urls.api(`/users/${row.id}`) },
  };
}
