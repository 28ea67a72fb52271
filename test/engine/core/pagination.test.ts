import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const params = () => ({ organizationId: t.organizationId });

async function createInvites(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    t.clock.advance(1000);
    const res = await t.owner.client.call('createOrganizationInvite', { params: params(), body: { role: 'read' } });
    if (!res.ok) throw new Error(res.error.message);
    ids.push(res.data.id);
  }
  return ids;
}

async function list(query: { limit?: number; page?: string }) {
  return t.owner.client.call('listOrganizationInviteLinks', { params: params(), query });
}

describe('list envelope and cursors', () => {
  it('accepts limit 0 to 1000 and refuses beyond with a 400 naming the field', async () => {
    for (const limit of [0, 1, 1000]) expect((await list({ limit })).status).toBe(200);
    for (const limit of [-1, 1001, 1.5]) {
      const res = await list({ limit });
      expect(res.status).toBe(400);
      expect(!res.ok && res.error.message).toMatch(/^query\.limit/);
    }
  });

  it('answers only the count for limit 0', async () => {
    await createInvites(3);
    const res = await list({ limit: 0 });
    expect(res.ok && res.data).toEqual({ items: [], count: 3 });
  });

  it('refuses a page identifier it did not give out', async () => {
    for (const page of ['garbage', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      const res = await list({ page });
      expect(res.status).toBe(400);
      expect(!res.ok && res.error.message).toMatch(/^query\.page/);
    }
  });

  it('never skips or repeats an item while others are inserted between pages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), async (limit, insertsPerPage) => {
        const before = await list({ limit: 1000 });
        if (!before.ok) throw new Error('list failed');
        const existing = before.data.items.map((i) => i.id);
        const seen: string[] = [];
        let page: string | undefined;
        let pages = 0;
        do {
          const res = await list({ limit, page });
          if (!res.ok) throw new Error(res.error.message);
          seen.push(...res.data.items.map((i) => i.id));
          page = res.data.next?.page;
          // Inserting on every page would append forever; a few pages of churn are enough.
          if (++pages <= 3) await createInvites(insertsPerPage);
        } while (page);
        expect(new Set(seen).size).toBe(seen.length);
        for (const id of existing) expect(seen).toContain(id);
      }),
      { numRuns: 8, seed: 42 },
    );
  });
});
