import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { Actor } from '../pipeline/context.js';

const TOKEN_PREFIX = 'folio_';

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Issues a new bearer token for a user; only its hash is stored. */
export function createToken(db: Database, userId: string, now: string): string {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  db.run('INSERT INTO tokens (hash, user_id, created_at) VALUES (?, ?, ?)', hashToken(token).toString('hex'), userId, now);
  return token;
}

/**
 * Resolves `Authorization: Bearer …` to the user it belongs to. Lookups (the memo's and the
 * index's) are by hash, so what they compare in variable time is never the secret; the final
 * comparison is constant-time.
 */
export function authenticate(db: Database, authorization: string | undefined): Actor | undefined {
  const match = authorization && /^Bearer ([A-Za-z0-9_\-.~+/=]{1,512})$/.exec(authorization);
  if (!match) return undefined;
  const hash = hashToken(match[1]!);
  return db.memoize(`token:${hash.toString('hex')}`, () => lookUp(db, hash));
}

function lookUp(db: Database, hash: Buffer): Actor | undefined {
  const row = db.get<{ hash: string; id: string; email: string; display_name: string }>(
    `SELECT t.hash, u.id, u.email, u.display_name FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ?`,
    hash.toString('hex'),
  );
  if (!row || !timingSafeEqual(Buffer.from(row.hash, 'hex'), hash)) return undefined;
  return { id: row.id, email: row.email, displayName: row.display_name };
}
