import type { z } from 'zod';
import type { InviteUsersAndTeams } from '../../../../src-shared/contract/permissions.js';
import { findMembership } from '../access/membership.js';
import type { Database } from '../../core/db/database.js';
import { badRequest, isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { teamOrganization } from '../teams/sql.js';
import { findUser, findUserByEmail } from '../users/sql.js';

/** Who a grant is to. */
export interface Principal {
  kind: 'user' | 'team';
  id: string;
}

/** A user or team as a request names it, and the request field that names it. */
export interface PrincipalReference {
  kind: Principal['kind'];
  reference: string;
  field: string;
}

/**
 * The user or team a reference names, which must belong to the content's organization: an
 * unknown one is a 404, one of another organization a 400 naming the field. Users are named by
 * id or by the e-mail of a member or guest.
 */
export function resolvePrincipal(db: Database, organizationId: string, ref: PrincipalReference): Principal | Failure {
  if (ref.kind === 'team') {
    const owner = teamOrganization(db, ref.reference);
    if (owner === undefined) return notFound(`No matching team found for ${ref.reference}`);
    if (owner !== organizationId) return badRequest(`${ref.field}: ${ref.reference} is not a team of the organization`);
    return { kind: 'team', id: ref.reference };
  }
  const user = findUser(db, ref.reference) ?? findUserByEmail(db, ref.reference);
  if (!user) return notFound(`No matching user found for ${ref.reference}`);
  if (!findMembership(db, organizationId, user.id)) {
    return badRequest(`${ref.field}: ${ref.reference} is not a member or guest of the organization`);
  }
  return { kind: 'user', id: user.id };
}

/** Everyone an invitation names, each once; the first reference that fails fails it all. */
export function resolveInvitees(
  db: Database,
  organizationId: string,
  body: z.output<typeof InviteUsersAndTeams>,
): Principal[] | Failure {
  const refs: PrincipalReference[] = [
    ...(body.users ?? []).map((reference) => ({ kind: 'user' as const, reference, field: 'body.users' })),
    ...(body.teams ?? []).map((reference) => ({ kind: 'team' as const, reference, field: 'body.teams' })),
  ];
  const principals = new Map<string, Principal>();
  for (const ref of refs) {
    const principal = resolvePrincipal(db, organizationId, ref);
    if (isFailure(principal)) return principal;
    principals.set(principal.id, principal);
  }
  return [...principals.values()];
}
