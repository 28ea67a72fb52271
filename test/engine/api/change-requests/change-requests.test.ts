import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { cutRevision } from '../../../../src-main/engine/domain/revisions/revisions.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

const DESCRIPTION = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };

async function newChangeRequest(spaceId: string, subject = 'Fix typos', user: TestUser = t.owner) {
  return ok(await user.client.call('createChangeRequest', { params: { spaceId }, body: { subject } }));
}

describe('POST /v1/spaces/{spaceId}/change-requests', () => {
  it("opens change request 1 on the space's current revision, with 201 and its address", async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const res = await call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Fix typos' } });
    expect(res.status).toBe(201);
    const cr = ok(res);
    const now = t.clock.now().toISOString();
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    expect(cr).toEqual({
      object: 'change-request',
      id: expect.any(String),
      number: 1,
      status: 'open',
      subject: 'Fix typos',
      createdBy: expect.objectContaining({ object: 'user', id: t.owner.id }),
      createdAt: now,
      updatedAt: now,
      space: space.id,
      revision: space.revision,
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      urls: { app: `${t.url}/app${path}`, location: `${t.url}/v1${path}` },
    });
    expect(res.headers.location).toBe(cr.urls.location);
  });

  it('limits the subject to 100 characters as an update does, takes an empty one when none is given, and names a field it does not know', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expect((await newChangeRequest(space.id, 'x'.repeat(100))).subject).toHaveLength(100);
    expectFailure(
      await call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'x'.repeat(101) } }),
      400,
      /^body\.subject: /,
    );
    expect(ok(await call('createChangeRequest', { params: { spaceId: space.id }, body: {} })).subject).toBe('');
    const unknown = await call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Typo', agentTaskId: 'a' } as never });
    expectFailure(unknown, 400, /^body\.agentTaskId: unknown field$/);
    const listed = ok(await call('listChangeRequestsForSpace', { params: { spaceId: space.id } }));
    expect(listed.items.map((cr) => cr.subject).sort()).toEqual(['', 'x'.repeat(100)]);
  });

  it('forks the page tree of main in the doc store, and records no revision of its own', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await newChangeRequest(space.id);
    const base = t.engine.docs.forkBase(`space/${space.id}/cr/${cr.id}/tree`);
    expect(base?.sourceDocId).toBe(`space/${space.id}/main/tree`);
    const revisions = t.engine.db.all<{ id: string }>('SELECT id FROM revisions WHERE space_id = ?', space.id);
    expect(revisions.map((r) => r.id)).toEqual([space.revision]);
  });

  it('numbers change requests per space, from 1, also when created concurrently', async () => {
    const [a, b] = [await newSpace(t.owner, t.organizationId), await newSpace(t.owner, t.organizationId)];
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => newChangeRequest(i % 2 ? a.id : b.id, `CR ${i}`)));
    const numbers = (spaceId: string) => created.filter((cr) => cr.space === spaceId).map((cr) => cr.number).sort((x, y) => x - y);
    expect(numbers(a.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(numbers(b.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await newChangeRequest(a.id)).number).toBe(7);
  });

  it('refuses a locked space with 409 naming editMode, and an unknown space with 404', async () => {
    const space = await newSpace(t.owner, t.organizationId, { editMode: 'locked' });
    expectFailure(await call('createChangeRequest', { params: { spaceId: space.id }, body: {} }), 409, /editMode/);
    expectFailure(await call('createChangeRequest', { params: { spaceId: 'missing' }, body: {} }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}', () => {
  it('finds a change request by its id and by its number, and 404 otherwise', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    await newChangeRequest(space.id);
    const second = await newChangeRequest(space.id, 'Second');
    const get = (changeRequestId: string) => call('getChangeRequestById', { params: { spaceId: space.id, changeRequestId } });
    expect(ok(await get(second.id))).toEqual(second);
    expect(ok(await get('2'))).toEqual(second);
    expectFailure(await get('3'), 404);
    expectFailure(await get('nope'), 404);
    const other = await newSpace(t.owner, t.organizationId);
    expectFailure(await call('getChangeRequestById', { params: { spaceId: other.id, changeRequestId: second.id } }), 404);
  });

  it('is outdated once the space has moved to another revision', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await newChangeRequest(space.id);
    t.engine.db.transaction(() => {
      const now = t.clock.now().toISOString();
      const docIds = [`space/${space.id}/main/tree`];
      cutRevision(t.engine.db, t.engine.docs, { id: 'next', spaceId: space.id, parents: [space.revision], type: 'edits', docIds, now });
      t.engine.db.run("UPDATE spaces SET revision = 'next' WHERE id = ?", space.id);
    });
    const seen = ok(await call('getChangeRequestById', { params: { spaceId: space.id, changeRequestId: cr.id } }));
    expect(seen).toMatchObject({ outdated: true, revision: space.revision, revisionInitial: space.revision });
  });
});

describe('PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}', () => {
  it('updates the subject, the description and the status, and moves updatedAt', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await newChangeRequest(space.id);
    t.clock.advance(1000);
    const body = { subject: 'Better subject', description: DESCRIPTION, status: 'draft' as const };
    const updated = ok(await call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: '1' }, body }));
    expect(updated).toMatchObject({ ...body, id: cr.id, updatedAt: t.clock.now().toISOString(), createdAt: cr.createdAt });
    const unchanged = ok(await call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: cr.id }, body: {} }));
    expect(unchanged).toEqual(updated);
  });

  it('answers 404 for an unknown change request', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const params = { spaceId: space.id, changeRequestId: '1' };
    expectFailure(await call('updateChangeRequestById', { params, body: { subject: 'None' } }), 404, /change request/);
  });

  it('limits the subject to 100 characters and refuses the merged status', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await newChangeRequest(space.id);
    const patch = (body: object) =>
      call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: cr.id }, body: body as never });
    expect(ok(await patch({ subject: 'x'.repeat(100) })).subject).toHaveLength(100);
    expectFailure(await patch({ subject: 'x'.repeat(101) }), 400, /^body\.subject: /);
    expectFailure(await patch({ status: 'merged' }), 400, /^body\.status: /);
    expectFailure(await patch({ description: { nodes: [] } }), 400, /^body\.description/);
    const unknownBlock = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'banner', nodes: [] }] };
    expectFailure(await patch({ description: unknownBlock }), 400, /^body\.description\.nodes\.0\.type: /);
    const voidDivider = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'divider', data: {} }] };
    expectFailure(await patch({ description: voidDivider }), 400, /^body\.description\.nodes\.0\.isVoid: a divider needs isVoid/);
  });

  it('lets an editor change the status of their own change request only; a reviewer changes any', async () => {
    const [editor, reviewer] = [t.user('edit'), t.user('review')];
    const space = await newSpace(t.owner, t.organizationId);
    const own = await newChangeRequest(space.id, 'Mine', editor);
    const others = await newChangeRequest(space.id, 'Theirs');
    const patch = (user: TestUser, changeRequestId: string, body: object) =>
      user.client.call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId }, body });
    expect(ok(await patch(editor, own.id, { status: 'archived' })).status).toBe('archived');
    expectFailure(await patch(editor, others.id, { status: 'archived' }), 403);
    expect(ok(await patch(editor, others.id, { subject: 'Edited' })).subject).toBe('Edited');
    expect(ok(await patch(reviewer, others.id, { status: 'draft' })).status).toBe('draft');
  });
});

describe('change requests of a space in the trash', () => {
  it('stay readable, and can be neither created nor updated', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await newChangeRequest(space.id);
    ok(await call('deleteSpaceById', { params: { spaceId: space.id } }));
    const params = { spaceId: space.id, changeRequestId: cr.id };
    expect(ok(await call('getChangeRequestById', { params })).id).toBe(cr.id);
    expect(ok(await call('listChangeRequestsForSpace', { params: { spaceId: space.id } })).count).toBe(1);
    expectFailure(await call('updateChangeRequestById', { params, body: { subject: 'Late' } }), 404);
    expectFailure(await call('createChangeRequest', { params: { spaceId: space.id }, body: {} }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests', () => {
  it('lists open change requests newest first by default, and one status when asked', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const [first, second, third] = [await newChangeRequest(space.id), await newChangeRequest(space.id), await newChangeRequest(space.id)];
    ok(await call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: second.id }, body: { status: 'draft' } }));
    const list = (query = {}) => call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query });
    expect(ok(await list()).items.map((cr) => cr.number)).toEqual([third.number, first.number]);
    expect(ok(await list({ status: 'draft' })).items.map((cr) => cr.id)).toEqual([second.id]);
    expect(ok(await list({ status: 'archived' }))).toEqual({ items: [], count: 0 });
    expectFailure(await list({ status: 'closed' as never }), 400, /^query\.status: /);
  });

  it('pages with limit and a cursor', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    for (let i = 0; i < 5; i++) await newChangeRequest(space.id);
    const first = ok(await call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: { limit: 2 } }));
    expect(first.count).toBe(5);
    expect(first.items.map((cr) => cr.number)).toEqual([5, 4]);
    const rest = ok(await call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: { limit: 10, page: first.next!.page } }));
    expect(rest.items.map((cr) => cr.number)).toEqual([3, 2, 1]);
    expect(rest.next).toBeUndefined();
    expectFailure(await call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: { limit: 1001 } }), 400);
  });

  it('filters by creator and by contributor (who created or edited)', async () => {
    const editor = t.user('edit');
    const space = await newSpace(t.owner, t.organizationId);
    const mine = await newChangeRequest(space.id, 'Mine', editor);
    const edited = await newChangeRequest(space.id, 'Edited by the editor');
    await newChangeRequest(space.id, 'Untouched');
    ok(await editor.client.call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: edited.id }, body: { subject: 'Edited' } }));
    const ids = async (query: object) =>
      ok(await call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query })).items.map((cr) => cr.id);
    expect(await ids({ creator: editor.id })).toEqual([mine.id]);
    expect(await ids({ contributor: editor.id })).toEqual([edited.id, mine.id]);
    expect(await ids({ creator: 'nobody' })).toEqual([]);
  });

  it('accepts the reviewer and issue cluster filters, which nothing matches yet', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    await newChangeRequest(space.id);
    const list = (query: object) => call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query });
    expect(ok(await list({ requestedReviewer: t.owner.id })).count).toBe(0);
    expect(ok(await list({ conversationsIssuesCluster: 'cluster1' })).count).toBe(0);
    expectFailure(await list({ conversationsIssuesCluster: 'not a cluster!' }), 400, /^query\.conversationsIssuesCluster: /);
  });
});

describe('Space change request counts', () => {
  it('count every change request, the open ones and the drafts', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expect(space).toMatchObject({ changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    const crs = [await newChangeRequest(space.id), await newChangeRequest(space.id), await newChangeRequest(space.id)];
    const setStatus = (cr: (typeof crs)[number], status: 'draft' | 'archived') =>
      call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: cr.id }, body: { status } });
    ok(await setStatus(crs[0]!, 'draft'));
    ok(await setStatus(crs[1]!, 'archived'));
    const seen = ok(await call('getSpaceById', { params: { spaceId: space.id } }));
    expect(seen).toMatchObject({ changeRequests: 3, changeRequestsOpen: 1, changeRequestsDraft: 1 });
  });
});

describe('GET /v1/orgs/{organizationId}/change-requests', () => {
  it("lists the change requests of every status in the organization's spaces the caller can view, newest first", async () => {
    const t2 = await TestServer.start();
    try {
      const reader = t2.user('read');
      const [open, hidden] = [await newSpace(t2.owner, t2.organizationId), await newSpace(t2.owner, t2.organizationId)];
      ok(await t2.owner.client.call('updateSpaceById', { params: { spaceId: hidden.id }, body: { defaultLevel: null } }));
      const create = async (spaceId: string) => {
        t2.clock.advance(1000);
        return ok(await t2.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'S' } }));
      };
      const [a, b, c] = [await create(open.id), await create(hidden.id), await create(open.id)];
      ok(await t2.owner.client.call('updateChangeRequestById', { params: { spaceId: open.id, changeRequestId: a.id }, body: { status: 'archived' } }));
      const list = async (user: TestUser, query = {}) =>
        ok(await user.client.call('listChangeRequestsForOrganization', { params: { organizationId: t2.organizationId }, query }));
      expect((await list(t2.owner)).items.map((cr) => cr.id)).toEqual([c.id, b.id, a.id]);
      expect((await list(reader)).items.map((cr) => cr.id)).toEqual([c.id, a.id]);
      expect(await list(reader, { limit: 1 })).toMatchObject({ count: 2, items: [{ id: c.id }] });
      expect((await list(t2.owner, { creator: t2.owner.id, requestedReviewer: 'x' })).count).toBe(0);
      ok(await t2.owner.client.call('deleteSpaceById', { params: { spaceId: open.id } }));
      expect((await list(t2.owner)).items.map((cr) => cr.id)).toEqual([b.id]);
    } finally {
      await t2.stop();
    }
  });
});
