import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '../../src-shared/contract/common.js';
import { TestServer, type TestUser } from './server.js';

/** Every kind of caller a role check must tell apart. */
export const CALLERS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const;
export type Caller = (typeof CALLERS)[number];

export function roleOf(caller: Caller): Role | null | undefined {
  if (caller === 'guest') return null;
  if (caller === 'outsider') return undefined;
  return caller;
}

/** One user per caller kind in the server's first organization (`outsider` is no member). */
export function usersByCaller(t: TestServer): Record<Caller, TestUser> {
  return Object.fromEntries(
    CALLERS.map((caller) => [caller, caller === 'outsider' ? t.user() : t.user(roleOf(caller))]),
  ) as Record<Caller, TestUser>;
}

/** An allowed call must not be refused for its role; a forbidden one must be a 403. */
export function expectAccess(result: { status: number }, allowed: boolean, label: string): void {
  if (allowed) expect(result.status, `${label}: expected to be allowed`).not.toBe(403);
  else expect(result.status, `${label}: expected 403`).toBe(403);
}

/** Starts a server for the file's tests with one user per caller kind, and stops it after. */
export function serverWithCallers(ready: (t: TestServer, users: Record<Caller, TestUser>) => void): void {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start();
    ready(server, usersByCaller(server));
  });
  afterAll(() => server.stop());
}
