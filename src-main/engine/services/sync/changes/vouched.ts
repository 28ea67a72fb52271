import type { Database } from '../../../core/db/database.js';

/**
 * On a hub, the users a replica uploaded (a device's other local users: docs/sync.md,
 * "Identity") and the hub user whose replica did. That replica speaks for them: it may edit
 * their profile and post, resolve and react in comments in their names, as the device it came
 * from let them.
 */
export function vouchedBy(db: Database, userId: string, voucherId: string): boolean {
  return !!db.get('SELECT 1 FROM vouched_users WHERE user_id = ? AND voucher_id = ?', userId, voucherId);
}

/** The user and everyone their replica uploaded: the names its comments may carry. */
export function namesSpokenFor(db: Database, userId: string): ReadonlySet<string> {
  const vouched = db.all<{ user_id: string }>('SELECT user_id FROM vouched_users WHERE voucher_id = ?', userId);
  return new Set([userId, ...vouched.map((row) => row.user_id)]);
}
