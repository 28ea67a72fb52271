import { expect, it } from 'vitest';
import { CALLERS, expectAccess, type Caller } from '../../../support/roles.js';
import type { TestServer } from '../../../support/server.js';

/**
 * Helpers shared by the members, teams and SSO tests. They live with the members tests because
 * people start there: teams and providers are built from members.
 */

/** A fresh organization owned by the server's owner, so that counts and orders start clean. */
export async function newOrganization(t: TestServer, title = 'People test org'): Promise<string> {
  const res = await t.owner.client.call('createOrganization', { params: undefined, body: { title } });
  if (!res.ok) throw new Error(`cannot create an organization (${res.status})`);
  return res.data.id;
}

/** A team created one second after the previous one, so that creation order is certain. */
export async function newTeam(t: TestServer, organizationId: string, title = 'A team', members: string[] = []): Promise<string> {
  t.clock.advance(1000);
  const res = await t.owner.client.call('createOrganizationTeam', { params: { organizationId }, body: { title, members } });
  if (!res.ok) throw new Error(`cannot create a team (${res.status})`);
  return res.data.id;
}

interface PageOf<T> {
  ok: boolean;
  status: number;
  data?: { items: T[]; next?: { page: string } };
}

/**
 * Walks a list page by page and runs `between` after each of the first three pages (to insert
 * other items; inserting after every page could feed an ascending list forever).
 * Expects every id in `before` exactly once among what was served; returns what was served.
 */
export async function expectStablePaging<T>(
  fetchPage: (page: string | undefined) => Promise<PageOf<T>>,
  idOf: (item: T) => string,
  before: string[],
  between: () => Promise<void>,
): Promise<string[]> {
  const served: string[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const res = await fetchPage(page);
    expect(res.status).toBe(200);
    served.push(...res.data!.items.map(idOf));
    page = res.data!.next?.page;
    if (++pages <= 3) await between();
  } while (page !== undefined);
  expect(pages, 'the list took several pages').toBeGreaterThan(1);
  expect(new Set(served).size, 'no item is served twice').toBe(served.length);
  for (const id of before) expect(served, `item ${id} is not skipped`).toContain(id);
  return served;
}

/** The 400 of a failed validation, naming the field. */
export function expectBadField(res: { status: number; ok: boolean; error?: { message: string } }, field: string): void {
  expect(res.status, `${field} should be refused`).toBe(400);
  expect(res.error?.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}`));
}

export interface AccessCase {
  name: string;
  allowed: (caller: Caller) => boolean;
  call: (caller: Caller) => Promise<{ status: number }>;
}

/** A test per operation and caller kind: an allowed call succeeds, any other is a 403. */
export function itChecksAccess(cases: AccessCase[]): void {
  for (const op of cases) {
    it.each(CALLERS)(`${op.name} as %s`, async (caller) => {
      const res = await op.call(caller);
      expectAccess(res, op.allowed(caller), `${op.name} as ${caller}`);
      if (op.allowed(caller)) expect(res.status, `${op.name} as ${caller}`).toBeLessThan(300);
    });
  }
}
