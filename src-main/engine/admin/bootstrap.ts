import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { insertOrganization } from '../api/orgs/sql.js';
import { insertUser } from '../api/users/sql.js';
import { createToken } from '../auth/tokens.js';
import type { Engine } from '../engine.js';

/**
 * First start on an empty data dir: an owner, a first organization they administrate, and
 * their token in DIR/token (0600). Does nothing when users exist.
 */
export function bootstrapIfEmpty(engine: Engine): boolean {
  const { db } = engine;
  return db.transaction(() => {
    if (db.get('SELECT 1 FROM users LIMIT 1')) return false;
    const now = engine.clock.now().toISOString();
    const name = safeUserName();
    const ownerId = insertUser(db, { email: `${name}@localhost`, displayName: name, now });
    insertOrganization(db, { title: `${name}'s organization`, ownerId, now });
    const token = createToken(db, ownerId, now);
    writeFileSync(join(engine.options.dataDir, 'token'), `${token}\n`, { mode: 0o600 });
    return true;
  });
}

function safeUserName(): string {
  try {
    const name = userInfo().username.replace(/[^A-Za-z0-9._-]/g, '');
    return name.length >= 2 ? name : 'owner';
  } catch {
    return 'owner';
  }
}
