import { expect } from 'vitest';
import { AdminError, addMember, addOrganization } from '../../src-main/engine/app/admin/commands.js';
import type { ApiResult } from '../../src-shared/client/client.js';
import type { Role } from '../../src-shared/contract/common.js';
import { roleAtLeast } from '../../src-shared/roles.js';
import type { ApiContract, OperationId } from '../../src-shared/contract/index.js';
import type { OperationRequest } from '../../src-shared/contract/operation.js';
import type { TestServer, TestUser } from './server.js';

type Data<K extends OperationId> = Extract<ApiResult<K>, { ok: true }>['data'];

/** The data of a call that must succeed; the test fails with the error otherwise. */
export function ok<K extends OperationId>(result: ApiResult<K>): Data<K> {
  if (!result.ok) throw new Error(`expected success, got ${result.status}: ${result.error.message}`);
  return result.data;
}

/** A call that must fail with `status`, and with a message matching `message` when given. */
export function expectFailure<K extends OperationId>(result: ApiResult<K>, status: number, message?: RegExp | string): void {
  expect(result.ok, `expected ${status}`).toBe(false);
  if (result.ok) return;
  expect(result.status, result.error.message).toBe(status);
  expect(result.error.code).toBe(status);
  if (message !== undefined) expect(result.error.message).toMatch(message);
}

export async function newCollection(
  user: TestUser,
  organizationId: string,
  body: OperationRequest<ApiContract['createCollection']>['body'] = {},
): Promise<Data<'createCollection'>> {
  return ok(await user.client.call('createCollection', { params: { organizationId }, body }));
}

export async function newSpace(
  user: TestUser,
  organizationId: string,
  body: OperationRequest<ApiContract['createSpace']>['body'] = {},
): Promise<Data<'createSpace'>> {
  return ok(await user.client.call('createSpace', { params: { organizationId }, body }));
}

/** A second organization owned by the server's owner; each user given joins it with a role (null: guest). */
export function otherOrganization(t: TestServer, members: [TestUser, Role | null][] = []): string {
  const id = addOrganization(t.engine, 'Other organization', t.owner.email);
  if (id instanceof AdminError) throw new Error(id.message);
  for (const [user, role] of members) {
    const added = addMember(t.engine, id, user.email, role ?? 'guest');
    if (added instanceof AdminError) throw new Error(added.message);
  }
  return id;
}

/** The space permissions a role gives in a live space. */
export function spacePermissionsOf(role: Role) {
  const at = (minimum: Role) => roleAtLeast(role, minimum);
  return {
    view: true,
    access: true,
    admin: at('admin'),
    viewInviteLinks: at('admin'),
    edit: at('edit'),
    triggerGitSync: at('edit'),
    comment: at('comment'),
    merge: at('review'),
    review: at('review'),
    installIntegration: at('admin'),
  };
}

/** A space's permissions as `user` sees them; the space must be shown to them. */
export async function spacePermissionsAs(user: TestUser, spaceId: string) {
  return ok(await user.client.call('getSpaceById', { params: { spaceId } })).permissions;
}
