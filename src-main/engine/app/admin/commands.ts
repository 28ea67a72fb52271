import { z } from 'zod';
import { ROLES, type Role } from '../../../../src-shared/contract/common.js';
import { OrganizationTitle } from '../../../../src-shared/contract/orgs.js';
import { findMembership } from '../../domain/access/membership.js';
import { findOrganization, insertMember, insertOrganization } from '../../domain/orgs/sql.js';
import { findUserByEmail, insertUser } from '../../domain/users/sql.js';
import { createToken } from '../../core/auth/tokens.js';
import type { Engine } from '../engine.js';

/** Local administration, for the data dir's owner at the command line. Errors are values. */
export class AdminError {
  constructor(readonly message: string) {}
}

const Email = z.email();

function now(engine: Engine): string {
  return engine.clock.now().toISOString();
}

export function addUser(engine: Engine, email: string, displayName: string): string | AdminError {
  if (!Email.safeParse(email).success) return new AdminError(`--email: not an e-mail address: ${email}`);
  if (displayName.trim() === '') return new AdminError('--name: must not be empty');
  return engine.db.transaction(() => {
    if (findUserByEmail(engine.db, email)) return new AdminError(`a user with e-mail ${email} already exists`);
    return insertUser(engine.db, { email, displayName, now: now(engine) });
  });
}

export function issueToken(engine: Engine, email: string): string | AdminError {
  return engine.db.transaction(() => {
    const user = findUserByEmail(engine.db, email);
    if (!user) return new AdminError(`no user with e-mail ${email}`);
    return createToken(engine.db, user.id, now(engine));
  });
}

export function addOrganization(engine: Engine, title: string, ownerEmail: string): string | AdminError {
  const valid = OrganizationTitle.safeParse(title);
  if (!valid.success) return new AdminError(`--title: ${valid.error.issues[0]!.message}`);
  return engine.db.transaction(() => {
    const owner = findUserByEmail(engine.db, ownerEmail);
    if (!owner) return new AdminError(`no user with e-mail ${ownerEmail}`);
    return insertOrganization(engine.db, { title, ownerId: owner.id, now: now(engine) });
  });
}

/** Adds a member, or changes the role of an existing one. `guest` stands for the null role. */
export function addMember(engine: Engine, organizationId: string, email: string, roleName: string): string | AdminError {
  if (roleName !== 'guest' && !(ROLES as readonly string[]).includes(roleName)) {
    return new AdminError(`--role: must be one of ${[...ROLES, 'guest'].join(', ')}`);
  }
  const role = roleName === 'guest' ? null : (roleName as Role);
  return engine.db.transaction(() => {
    if (!findOrganization(engine.db, organizationId)) return new AdminError(`no organization with id ${organizationId}`);
    const user = findUserByEmail(engine.db, email);
    if (!user) return new AdminError(`no user with e-mail ${email}`);
    if (findMembership(engine.db, organizationId, user.id)) {
      engine.db.run('UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?', role, organizationId, user.id);
    } else {
      insertMember(engine.db, { organizationId, userId: user.id, role, now: now(engine) });
    }
    return user.id;
  });
}
