import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newCollection, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

const space = (id: string) => ({ type: 'space' as const, space: id });
const collection = (id: string) => ({ type: 'collection' as const, collection: id });

async function titlesIn(collectionId: string): Promise<string[]> {
  const list = ok(await call('listSpacesInCollectionById', { params: { collectionId }, query: { limit: 1000 } }));
  return list.items.map((s) => s.title);
}

async function spacesTitled(parent: string, ...titles: string[]) {
  const spaces = [];
  for (const title of titles) spaces.push(await newSpace(t.owner, t.organizationId, { title, parent }));
  return spaces;
}

describe('POST /v1/spaces/{spaceId}/move', () => {
  it('moves a space into a collection at its end, and back to the root with parent null', async () => {
    const target = await newCollection(t.owner, t.organizationId);
    await spacesTitled(target.id, 'A');
    const moving = await newSpace(t.owner, t.organizationId, { title: 'M' });
    t.clock.advance(1000);
    const moved = ok(await call('moveSpace', { params: { spaceId: moving.id }, body: { parent: target.id } }));
    expect(moved).toMatchObject({ parent: target.id, updatedAt: t.clock.now().toISOString() });
    expect(await titlesIn(target.id)).toEqual(['A', 'M']);
    const back = ok(await call('moveSpace', { params: { spaceId: moving.id }, body: { parent: null } }));
    expect(back.parent).toBeUndefined();
    expect(await titlesIn(target.id)).toEqual(['A']);
  });

  it('reorders spaces with before and after, and moves into a collection at a position', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const [a, b, c] = await spacesTitled(parent.id, 'A', 'B', 'C');
    ok(await call('moveSpace', { params: { spaceId: c!.id }, body: { position: { before: space(a!.id) } } }));
    expect(await titlesIn(parent.id)).toEqual(['C', 'A', 'B']);
    ok(await call('moveSpace', { params: { spaceId: c!.id }, body: { position: { after: space(a!.id) } } }));
    expect(await titlesIn(parent.id)).toEqual(['A', 'C', 'B']);
    ok(await call('moveSpace', { params: { spaceId: a!.id }, body: { position: { after: space(c!.id), before: space(b!.id) } } }));
    expect(await titlesIn(parent.id)).toEqual(['C', 'A', 'B']);
    ok(await call('moveSpace', { params: { spaceId: c!.id }, body: { position: {} } }));
    expect(await titlesIn(parent.id)).toEqual(['A', 'B', 'C']);

    const outside = await newSpace(t.owner, t.organizationId, { title: 'O' });
    ok(await call('moveSpace', { params: { spaceId: outside.id }, body: { parent: parent.id, position: { after: space(a!.id) } } }));
    expect(await titlesIn(parent.id)).toEqual(['A', 'O', 'B', 'C']);
  });

  it('orders spaces and collections together among siblings', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const [a] = await spacesTitled(parent.id, 'A');
    const sub = await newCollection(t.owner, t.organizationId, { parent: parent.id });
    const [b] = await spacesTitled(parent.id, 'B');
    ok(await call('moveSpace', { params: { spaceId: a!.id }, body: { position: { after: collection(sub.id) } } }));
    expect(await titlesIn(parent.id)).toEqual(['A', 'B']);
    ok(await call('moveSpace', { params: { spaceId: b!.id }, body: { position: { before: collection(sub.id) } } }));
    expect(await titlesIn(parent.id)).toEqual(['B', 'A']);
    expectFailure(await call('moveSpace', { params: { spaceId: a!.id }, body: { position: { after: collection(sub.id) } } }), 409);
  });

  it('keeps the order right when many spaces go between the same two neighbours', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const [first] = await spacesTitled(parent.id, 'first', 'last');
    const expected = ['first'];
    // Each lands right after `first`: every midpoint halves the same gap, until the siblings are renumbered.
    for (let i = 0; i < 40; i++) {
      const { id } = await newSpace(t.owner, t.organizationId, { title: `s${i}`, parent: parent.id });
      ok(await call('moveSpace', { params: { spaceId: id }, body: { position: { after: space(first!.id) } } }));
      expected.splice(1, 0, `s${i}`);
    }
    expect(await titlesIn(parent.id)).toEqual([...expected, 'last']);
    const positions = t.engine.db
      .all<{ position: number }>('SELECT position FROM spaces WHERE parent_id = ? ORDER BY position', parent.id)
      .map((row) => row.position);
    const gaps = positions.slice(1).map((position, i) => position - positions[i]!);
    // Forty halvings of one gap would leave about 1e-12: the siblings were spread out again.
    expect(Math.min(...gaps)).toBeGreaterThan(1e-7);
  });

  it('refuses a body with neither parent nor position with 400', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    expectFailure(await call('moveSpace', { params: { spaceId: id }, body: {} }), 400, /^body: /);
  });

  it('refuses a pointer that names nothing, or no sibling in the target parent, with 400', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const [inside] = await spacesTitled(parent.id, 'inside');
    const { id } = await newSpace(t.owner, t.organizationId);
    const message = 'Invalid position space or collection provided';
    for (const pointer of [space('nope'), collection('nope'), space(inside!.id), space(id)]) {
      expectFailure(await call('moveSpace', { params: { spaceId: id }, body: { position: { before: pointer } } }), 400, message);
    }
    const res = await call('moveSpace', { params: { spaceId: id }, body: { parent: null, position: { after: space(inside!.id) } } });
    expectFailure(res, 400, message);
  });

  it('refuses a pointer without its id with 400 naming the field', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    const before = { type: 'space' } as { type: 'space'; space: string };
    expectFailure(await call('moveSpace', { params: { spaceId: id }, body: { position: { before } } }), 400, /^body\.position\.before/);
  });

  it('refuses a parent that is no collection of the organization with 400', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    const elsewhere = await newCollection(t.owner, otherOrganization(t));
    for (const parent of ['nope', elsewhere.id]) {
      expectFailure(await call('moveSpace', { params: { spaceId: id }, body: { parent } }), 400, /^body\.parent:/);
    }
  });

  it('answers 409 when the move would change nothing', async () => {
    const parent = await newCollection(t.owner, t.organizationId);
    const [a, b] = await spacesTitled(parent.id, 'A', 'B');
    const message = 'Operation would not result in any update';
    expectFailure(await call('moveSpace', { params: { spaceId: b!.id }, body: { parent: parent.id } }), 409, message);
    expectFailure(await call('moveSpace', { params: { spaceId: a!.id }, body: { position: { before: space(b!.id) } } }), 409, message);
  });

  it('answers 404 when no space matches the id', async () => {
    expectFailure(await call('moveSpace', { params: { spaceId: 'nope' }, body: { parent: null } }), 404, 'No matching Space found for given ID');
  });
});

describe('POST /v1/spaces/{spaceId}/transfer', () => {
  it("moves the space to the end of the other organization's root", async () => {
    const target = otherOrganization(t);
    const there = await newCollection(t.owner, target);
    const parent = await newCollection(t.owner, t.organizationId);
    const moving = await newSpace(t.owner, t.organizationId, { parent: parent.id });
    t.clock.advance(1000);
    const moved = ok(await call('transferSpace', { params: { spaceId: moving.id }, body: { organization: target } }));
    expect(moved).toMatchObject({ id: moving.id, organization: target, updatedAt: t.clock.now().toISOString() });
    expect(moved.parent).toBeUndefined();
    const list = ok(await call('listSpacesInOrganizationById', { params: { organizationId: target } }));
    expect(list.items.map((s) => s.id)).toEqual([moving.id]);
    expect(await titlesIn(parent.id)).toEqual([]);
    // The root there already held a collection; the space came after it.
    const beforeIt = { position: { before: space(moving.id) } };
    expectFailure(await call('moveCollection', { params: { collectionId: there.id }, body: beforeIt }), 409);
  });

  it('answers 409 for a transfer to the same organization', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    const res = await call('transferSpace', { params: { spaceId: id }, body: { organization: t.organizationId } });
    expectFailure(res, 409, 'Transfer would not result in any update');
  });

  it('answers 412 for a space in the trash', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    ok(await call('deleteSpaceById', { params: { spaceId: id } }));
    const res = await call('transferSpace', { params: { spaceId: id }, body: { organization: otherOrganization(t) } });
    expectFailure(res, 412, 'The space cannot be moved.');
  });

  it('needs create rights in the target organization', async () => {
    const admin = t.user('admin');
    const { id } = await newSpace(admin, t.organizationId);
    const target = otherOrganization(t, [[admin, 'review']]);
    expectFailure(await admin.client.call('transferSpace', { params: { spaceId: id }, body: { organization: target } }), 403);
    const stranger = otherOrganization(t);
    expectFailure(await admin.client.call('transferSpace', { params: { spaceId: id }, body: { organization: stranger } }), 403);
  });

  it('refuses an unknown target organization or none with 400, and answers 404 when no space matches', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    expectFailure(await call('transferSpace', { params: { spaceId: id }, body: { organization: 'nope' } }), 400, /^body\.organization:/);
    const body = {} as { organization: string };
    expectFailure(await call('transferSpace', { params: { spaceId: id }, body }), 400, /^body\.organization:/);
    const res = await call('transferSpace', { params: { spaceId: 'nope' }, body: { organization: t.organizationId } });
    expectFailure(res, 404, 'No matching Space found for given ID');
  });
});
