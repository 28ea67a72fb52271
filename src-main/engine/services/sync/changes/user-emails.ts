import type { Database } from '../../../core/db/database.js';

/**
 * E-mails are unique (case-insensitively) on every engine, but a device's local users are
 * made without asking the hub (docs/sync.md, "Identity"). When a user row would take an e-mail
 * another user holds, the one that gives way takes `local+ITS_ID@domain`: derived from its own id,
 * so every engine derives the same. Who gives way: on a hub, the row arriving from a replica
 * (what the hub holds stays); on a replica, its own row (what the hub sends stays).
 */
export function asideEmail(email: string, userId: string): string {
  const at = email.lastIndexOf('@');
  const [local, domain] = at > 0 ? [email.slice(0, at), email.slice(at + 1)] : [email, 'localhost'];
  return `${local.slice(0, 63 - userId.length)}+${userId}@${domain}`;
}

/** The user other than `userId` holding `email`, if any. */
export function holderOf(db: Database, email: string, userId: string): string | undefined {
  return db.get<{ id: string }>('SELECT id FROM users WHERE email = ? AND id <> ?', email, userId)?.id;
}

/** A replica's local user holding `email` gives it up for a row from the hub; the move is logged and travels. */
export function makeRoomFor(db: Database, email: string, userId: string): void {
  const holder = holderOf(db, email, userId);
  if (holder) db.run('UPDATE users SET email = ? WHERE id = ?', asideEmail(email, holder), holder);
}
