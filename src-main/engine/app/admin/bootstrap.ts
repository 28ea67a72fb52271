import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { organizationTitleFor } from '../../../../src-shared/contract/first-start.js';
import { insertOrganization } from '../../domain/orgs/sql.js';
import { insertUser } from '../../domain/users/sql.js';
import { createToken } from '../../core/auth/tokens.js';
import type { Engine } from '../engine.js';
import { recordFirstStart } from '../../domain/admin/device.js';

export interface FirstStartOptions {
  /** The owner's name (`serve --name`); without it, the OS user's, until the first-start screen asks. */
  name?: string;
  /** The first organization's title (`serve --organization`); without it, named after the person. */
  organization?: string;
  /** Start with the welcome space (the `welcome` template): what `serve` and the desktop app do. */
  welcome?: boolean;
}

/** The welcome space's title; its pages are the `welcome` template's (api/templates/catalog.ts). */
export const WELCOME_SPACE_TITLE = 'Welcome to Folio';

/**
 * First start on an empty data dir: an owner, a first organization they administrate named after
 * them, their token in DIR/token (0600) and, if asked, the welcome space built from the
 * `welcome` template through the API's own operations, all in one transaction. The device table
 * remembers the owner and the starter (docs/sync.md, "Identity"). Does nothing when users exist.
 */
export function bootstrapIfEmpty(engine: Engine, options: FirstStartOptions = {}): boolean {
  const { db } = engine;
  const token = db.transaction(() => {
    if (db.get('SELECT 1 FROM users LIMIT 1')) return undefined;
    const now = engine.clock.now().toISOString();
    const login = osUserName();
    const name = options.name?.trim() || login;
    const ownerId = insertUser(db, { email: `${login}@localhost`, displayName: name, now });
    const organizationId = insertOrganization(db, { title: options.organization?.trim() || organizationTitleFor(name), ownerId, now });
    const token = createToken(db, ownerId, now);
    const welcome = options.welcome ? createWelcomeSpace(engine, token, organizationId) : undefined;
    // Tests and the CLI's own data dirs need no first-start screen; serve and the app ask unless named.
    const named = !options.welcome || options.name !== undefined;
    recordFirstStart(db, { ownerId, organizationId, spaceId: welcome?.spaceId ?? null, revision: welcome?.revision ?? null, named });
    return token;
  });
  if (token === undefined) return false;
  writeFileSync(join(engine.options.dataDir, 'token'), `${token}\n`, { mode: 0o600 });
  return true;
}

/** Made as a person would: createSpace, then the template applied to its main content. */
function createWelcomeSpace(engine: Engine, token: string, organizationId: string): { spaceId: string; revision: string } {
  const call = (method: string, pathname: string, body: unknown) => {
    const answer = engine.dispatcher.dispatch({ method, pathname, query: {}, authorization: `Bearer ${token}`, body });
    // Small bodies without Markdown are answered at once, inside this transaction (nothing for the worker threads).
    if (answer instanceof Promise) throw new Error(`first start: ${method} ${pathname} did not answer at once`);
    if (answer.status >= 300) throw new Error(`first start: ${method} ${pathname} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as { id: string };
  };
  const space = call('POST', `/v1/orgs/${organizationId}/spaces`, { title: WELCOME_SPACE_TITLE, emoji: '1f44b' });
  call('POST', `/v1/spaces/${space.id}/content/template`, { id: 'welcome' });
  const { revision } = engine.db.get<{ revision: string }>('SELECT revision FROM spaces WHERE id = ?', space.id)!;
  return { spaceId: space.id, revision };
}

function osUserName(): string {
  try {
    const name = userInfo().username.replace(/[^A-Za-z0-9._-]/g, '');
    return name.length >= 2 ? name : 'owner';
  } catch {
    return 'owner';
  }
}
