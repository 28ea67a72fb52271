import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newCollection, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

async function spacesNamed(organizationId: string, parent: string | undefined, count: number, prefix: string): Promise<string[]> {
  const ids = [];
  for (let i = 0; i < count; i++) {
    t.clock.advance(1);
    ids.push((await newSpace(t.owner, organizationId, { title: `${prefix}${i}`, parent })).id);
  }
  return ids;
}

describe('paging through spaces', () => {
  it('neither skips nor repeats a space of the organization while others are created between pages', async () => {
    const organizationId = otherOrganization(t);
    const before = await spacesNamed(organizationId, undefined, 5, 'before');
    const seen: string[] = [];
    let page: string | undefined;
    let added: string[] = [];
    do {
      const res = ok(await call('listSpacesInOrganizationById', { params: { organizationId }, query: { limit: 2, page } }));
      seen.push(...res.items.map((s) => s.id));
      page = res.next?.page;
      if (added.length === 0) added = await spacesNamed(organizationId, undefined, 3, 'after');
    } while (page);
    expect(seen).toEqual([...before, ...added]);
  });

  it('neither skips nor repeats a space of a collection while others are put ahead of the cursor', async () => {
    const collection = await newCollection(t.owner, t.organizationId);
    const originals = await spacesNamed(t.organizationId, collection.id, 6, 's');
    const first = ok(await call('listSpacesInCollectionById', { params: { collectionId: collection.id }, query: { limit: 3 } }));
    const front = await newSpace(t.owner, t.organizationId, { parent: collection.id });
    ok(await call('moveSpace', { params: { spaceId: front.id }, body: { position: { before: { type: 'space', space: originals[0]! } } } }));
    const rest = ok(await call('listSpacesInCollectionById', { params: { collectionId: collection.id }, query: { limit: 3, page: first.next!.page } }));
    expect([...first.items, ...rest.items].map((s) => s.id)).toEqual(originals);
    expect(rest.next).toBeUndefined();
    expect(rest.count).toBe(7);
  });

  it('answers only the count for a limit of 0', async () => {
    const organizationId = otherOrganization(t);
    await spacesNamed(organizationId, undefined, 2, 'x');
    expect(ok(await call('listSpacesInOrganizationById', { params: { organizationId }, query: { limit: 0 } }))).toEqual({ items: [], count: 2 });
  });

  it('refuses a page identifier this list did not give with 400', async () => {
    const res = await call('listSpacesInOrganizationById', { params: { organizationId: t.organizationId }, query: { page: 'garbage' } });
    expectFailure(res, 400, /^query\.page:/);
  });
});
