import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src-shared/contract/common.js';
import { roleAtLeast } from '../../src-shared/roles.js';
import { otherOrganization } from './content.js';
import { CALLERS, expectAccess, roleOf, usersByCaller, type Caller } from './roles.js';
import { TestServer, type TestUser } from './server.js';

/** Who an operation lets through, by caller kind. */
export type Allowed = (caller: Caller) => boolean;

export const anyMember: Allowed = (caller) => caller !== 'outsider';
export const atLeast = (minimum: Role): Allowed => (caller) => roleAtLeast(roleOf(caller), minimum);

/** One operation of a role test: who it lets through, and one attempt at it by a user on fresh resources. */
export type AccessCase = [operation: string, allowed: Allowed, attempt: (user: TestUser) => Promise<{ status: number }>];

export interface RoleTest {
  t: TestServer;
  users: Record<Caller, TestUser>;
  /** An organization where every caller may create, so that transfers depend on the source only. */
  target: string;
}

/** A server with one user per caller kind for the file's tests; the fields are set once it runs. */
export function roleTestServer(): RoleTest {
  const test = {} as RoleTest;
  beforeAll(async () => {
    test.t = await TestServer.start();
    test.users = usersByCaller(test.t);
    test.target = otherOrganization(test.t, CALLERS.map((caller) => [test.users[caller], 'admin']));
  });
  afterAll(() => test.t.stop());
  return test;
}

/** Every case as every caller kind: a refusal is a 403, and an allowed call succeeds. */
export function describeAccess(test: RoleTest, cases: AccessCase[]): void {
  describe.each(cases)('%s', (operation, allowed, attempt) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const result = await attempt(test.users[caller]);
      const label = `${operation} as ${caller}`;
      expectAccess(result, allowed(caller), label);
      if (allowed(caller)) expect(result.status, label).toBeLessThan(300);
    });
  });
}
