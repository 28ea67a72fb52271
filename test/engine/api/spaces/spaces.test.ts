import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newCollection, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

const ALL_PERMISSIONS = {
  view: true,
  access: true,
  admin: true,
  viewInviteLinks: true,
  edit: true,
  triggerGitSync: true,
  comment: true,
  merge: true,
  review: true,
  installIntegration: true,
};

describe('POST /v1/orgs/{organizationId}/spaces', () => {
  it('creates a private, live, untitled space at the root without a body, with 201 and its address', async () => {
    const res = await call('createSpace', { params: { organizationId: t.organizationId } });
    expect(res.status).toBe(201);
    const space = ok(res);
    const now = t.clock.now().toISOString();
    expect(space).toEqual({
      object: 'space',
      id: expect.any(String),
      title: 'Untitled',
      emoji: '',
      visibility: 'private',
      createdAt: now,
      updatedAt: now,
      editMode: 'live',
      mergeRules: { type: 'inherit' },
      urls: { location: `${t.url}/v1/spaces/${space.id}`, app: `${t.url}/app/spaces/${space.id}` },
      organization: t.organizationId,
      revision: expect.any(String),
      defaultLevel: 'inherit',
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      permissions: ALL_PERMISSIONS,
    });
    expect(res.headers.location).toBe(space.urls.location);
  });

  it('creates a space with a title, an emoji, a language and an edit mode in a collection', async () => {
    const collection = await newCollection(t.owner, t.organizationId);
    const space = await newSpace(t.owner, t.organizationId, {
      title: 'Handbook',
      emoji: '📘',
      parent: collection.id,
      language: 'pt-br',
      editMode: 'locked',
    });
    expect(space).toMatchObject({ title: 'Handbook', emoji: '📘', parent: collection.id, language: 'pt-br', editMode: 'locked' });
    expect(space.visibility).toBe('private');
  });

  it('accepts a title of 50 characters and refuses 51', async () => {
    const params = { organizationId: t.organizationId };
    expect(ok(await call('createSpace', { params, body: { title: 'x'.repeat(50) } })).title).toHaveLength(50);
    expectFailure(await call('createSpace', { params, body: { title: 'x'.repeat(51) } }), 400, /^body\.title:/);
  });

  it('refuses an unknown language, edit mode or parent with 400 naming the field', async () => {
    const params = { organizationId: t.organizationId };
    expectFailure(await call('createSpace', { params, body: { language: 'xx' as 'en' } }), 400, /^body\.language:/);
    expectFailure(await call('createSpace', { params, body: { editMode: 'open' as 'live' } }), 400, /^body\.editMode:/);
    expectFailure(await call('createSpace', { params, body: { parent: 'nope' } }), 400, /^body\.parent:/);
  });

  it('answers 404 for an unknown organization', async () => {
    expectFailure(await call('createSpace', { params: { organizationId: 'nope' }, body: {} }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}', () => {
  it('answers the space, with or without a share key', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expect(ok(await call('getSpaceById', { params: { spaceId: space.id } }))).toEqual(space);
    expect(ok(await call('getSpaceById', { params: { spaceId: space.id }, query: { shareKey: 'k3y' } }))).toEqual(space);
  });

  it('answers 404 for an unknown space', async () => {
    expectFailure(await call('getSpaceById', { params: { spaceId: 'nope' } }), 404, 'No matching Space found for given ID');
  });
});

describe('PATCH /v1/spaces/{spaceId}', () => {
  it('updates the title, edit mode, default level, language and merge rules, and the update time', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    t.clock.advance(60_000);
    const reviewer = t.user('review');
    const mergeRules = { type: 'rules' as const, rules: [{ rule: 'require_specific_reviewers' as const, users: [reviewer.id] }] };
    const updated = ok(
      await call('updateSpaceById', {
        params: { spaceId: space.id },
        body: { title: 'Renamed', editMode: 'locked', defaultLevel: 'comment', language: 'fr', mergeRules },
      }),
    );
    expect(updated).toMatchObject({
      title: 'Renamed',
      editMode: 'locked',
      defaultLevel: 'comment',
      language: 'fr',
      mergeRules,
      createdAt: space.createdAt,
      updatedAt: t.clock.now().toISOString(),
    });
    expect(ok(await call('getSpaceById', { params: { spaceId: space.id } }))).toEqual(updated);
  });

  it('turns edit and merge off while the space is locked, and back on when live', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    const locked = ok(await call('updateSpaceById', { params: { spaceId: id }, body: { editMode: 'locked' } }));
    expect(locked.permissions).toEqual({ ...ALL_PERMISSIONS, edit: false, merge: false });
    const live = ok(await call('updateSpaceById', { params: { spaceId: id }, body: { editMode: 'live' } }));
    expect(live.permissions).toEqual(ALL_PERMISSIONS);
  });

  it('sets an emoji or an icon, each clearing the other, and clears both with nulls', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    const params = { spaceId: id };
    const icon = 'https://example.com/icon.png';
    const withEmoji = ok(await call('updateSpaceById', { params, body: { emoji: '🚀' } }));
    expect(withEmoji.emoji).toBe('🚀');
    const withIcon = ok(await call('updateSpaceById', { params, body: { icon } }));
    expect(withIcon.emoji).toBe('');
    expect(withIcon.urls.icon).toBe(icon);
    const backToEmoji = ok(await call('updateSpaceById', { params, body: { emoji: '🎯' } }));
    expect(backToEmoji.emoji).toBe('🎯');
    expect(backToEmoji.urls.icon).toBeUndefined();
    ok(await call('updateSpaceById', { params, body: { icon } }));
    const cleared = ok(await call('updateSpaceById', { params, body: { emoji: null, icon: null } }));
    expect(cleared.emoji).toBe('');
    expect(cleared.urls.icon).toBeUndefined();
  });

  it('refuses an emoji and an icon together with 400', async () => {
    const params = { spaceId: (await newSpace(t.owner, t.organizationId)).id };
    const res = await call('updateSpaceById', { params, body: { emoji: '🚀', icon: 'https://example.com/i.png' } });
    expectFailure(res, 400, /^body\.icon:/);
  });

  it('takes a title up to 50, an emoji up to 50 and an icon address up to 2048 characters', async () => {
    const params = { spaceId: (await newSpace(t.owner, t.organizationId)).id };
    ok(await call('updateSpaceById', { params, body: { title: 'x'.repeat(50) } }));
    expectFailure(await call('updateSpaceById', { params, body: { title: 'x'.repeat(51) } }), 400, /^body\.title:/);
    ok(await call('updateSpaceById', { params, body: { emoji: 'e'.repeat(50) } }));
    expectFailure(await call('updateSpaceById', { params, body: { emoji: 'e'.repeat(51) } }), 400, /^body\.emoji:/);
    const address = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;
    ok(await call('updateSpaceById', { params, body: { icon: address(2048) } }));
    expectFailure(await call('updateSpaceById', { params, body: { icon: address(2049) } }), 400, /^body\.icon:/);
    expectFailure(await call('updateSpaceById', { params, body: { icon: 'not an address' } }), 400, /^body\.icon:/);
  });

  it('refuses merge rules naming someone outside the organization with 400', async () => {
    const params = { spaceId: (await newSpace(t.owner, t.organizationId)).id };
    const stranger = t.user();
    const mergeRules = { type: 'rules' as const, rules: [{ rule: 'allow_bypass' as const, users: [stranger.id] }] };
    expectFailure(await call('updateSpaceById', { params, body: { mergeRules } }), 400, /^body\.mergeRules:/);
  });

  it('keeps the update time for an empty body', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    t.clock.advance(1000);
    expect(ok(await call('updateSpaceById', { params: { spaceId: space.id }, body: {} }))).toEqual(space);
  });

  it('answers 404 for an unknown space', async () => {
    expectFailure(await call('updateSpaceById', { params: { spaceId: 'nope' }, body: {} }), 404);
  });
});

describe('GET /v1/orgs/{organizationId}/spaces', () => {
  it("lists the organization's spaces in creation order, without those in the trash", async () => {
    const organizationId = otherOrganization(t);
    const collection = await newCollection(t.owner, organizationId);
    const first = await newSpace(t.owner, organizationId);
    t.clock.advance(1);
    const nested = await newSpace(t.owner, organizationId, { parent: collection.id });
    t.clock.advance(1);
    const gone = await newSpace(t.owner, organizationId);
    ok(await call('deleteSpaceById', { params: { spaceId: gone.id } }));
    const list = ok(await call('listSpacesInOrganizationById', { params: { organizationId } }));
    expect(list.items).toEqual([first, nested]);
    expect(list.count).toBe(2);
  });

  it('takes a limit up to 1000, and answers 404 for an unknown organization', async () => {
    const params = { organizationId: t.organizationId };
    ok(await call('listSpacesInOrganizationById', { params, query: { limit: 1000 } }));
    expectFailure(await call('listSpacesInOrganizationById', { params, query: { limit: 1001 } }), 400, /^query\.limit:/);
    expectFailure(await call('listSpacesInOrganizationById', { params: { organizationId: 'nope' } }), 404);
  });
});

describe('POST /v1/spaces/{spaceId}/duplicate', () => {
  it('creates a copy right after the original, with a new id and revision', async () => {
    const collection = await newCollection(t.owner, t.organizationId);
    const original = await newSpace(t.owner, t.organizationId, { title: 'Guide', emoji: '📗', parent: collection.id, language: 'de' });
    const next = await newSpace(t.owner, t.organizationId, { title: 'Next', parent: collection.id });
    t.clock.advance(1000);
    const res = await call('duplicateSpace', { params: { spaceId: original.id } });
    expect(res.status).toBe(201);
    const copy = ok(res);
    expect(res.headers.location).toBe(copy.urls.location);
    const now = t.clock.now().toISOString();
    expect(copy).toMatchObject({ title: 'Guide (copy)', emoji: '📗', parent: collection.id, language: 'de', createdAt: now, updatedAt: now });
    expect(copy.id).not.toBe(original.id);
    expect(copy.revision).not.toBe(original.revision);
    const order = ok(await call('listSpacesInCollectionById', { params: { collectionId: collection.id } }));
    expect(order.items.map((s) => s.id)).toEqual([original.id, copy.id, next.id]);
  });

  it('cuts the title of the copy to 50 characters', async () => {
    const original = await newSpace(t.owner, t.organizationId, { title: 'x'.repeat(48) });
    const copy = ok(await call('duplicateSpace', { params: { spaceId: original.id } }));
    expect(copy.title).toBe(`${'x'.repeat(48)} (`);
  });

  it('answers 404 for an unknown space or one in the trash', async () => {
    expectFailure(await call('duplicateSpace', { params: { spaceId: 'nope' } }), 404);
    const { id } = await newSpace(t.owner, t.organizationId);
    ok(await call('deleteSpaceById', { params: { spaceId: id } }));
    expectFailure(await call('duplicateSpace', { params: { spaceId: id } }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/links', () => {
  it('answers no links and zero totals for a space without content', async () => {
    const { id } = await newSpace(t.owner, t.organizationId);
    const empty = { items: [], count: 0, stats: { total: 0, broken: { total: 0, changeRequest: 0 } } };
    expect(ok(await call('listSpaceLinks', { params: { spaceId: id } }))).toEqual(empty);
    expect(ok(await call('listSpaceLinks', { params: { spaceId: id }, query: { status: 'broken' } }))).toEqual(empty);
  });

  it('validates status and limit', async () => {
    const params = { spaceId: (await newSpace(t.owner, t.organizationId)).id };
    const status = 'dead' as 'ok';
    expectFailure(await call('listSpaceLinks', { params, query: { status } }), 400, /^query\.status:/);
    ok(await call('listSpaceLinks', { params, query: { limit: 1000 } }));
    expectFailure(await call('listSpaceLinks', { params, query: { limit: 1001 } }), 400, /^query\.limit:/);
  });

  it('answers 404 when the space does not exist', async () => {
    expectFailure(await call('listSpaceLinks', { params: { spaceId: 'nope' } }), 404);
  });
});
