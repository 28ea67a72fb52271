import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const org = () => ({ organizationId: t.organizationId });

async function patch(body: Record<string, unknown>) {
  return t.owner.client.call('updateOrganizationById', { params: org(), body: body as never });
}

describe('organizations', () => {
  it('lists the organizations the caller belongs to, with its permissions', async () => {
    const res = await t.owner.client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
    expect(res.ok && res.data.items.map((o) => o.id)).toEqual([t.organizationId]);
    expect(res.ok && res.data.items[0]!.permissions.admin).toBe(true);
    const stranger = t.user();
    const none = await stranger.client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
    expect(none.ok && none.data).toEqual({ items: [], count: 0 });
  });

  it('creates an organization whose creator is admin', async () => {
    const user = t.user();
    const res = await user.client.call('createOrganization', { params: undefined, body: { title: 'Acme docs' } });
    expect(res.status).toBe(201);
    if (!res.ok) return;
    expect(res.data).toMatchObject({ object: 'organization', title: 'Acme docs', permissions: { admin: true } });
    expect(res.data.urls.location).toBe(`${t.url}/v1/orgs/${res.data.id}`);
    const got = await user.client.call('getOrganizationById', { params: { organizationId: res.data.id } });
    expect(got.ok && got.data.title).toBe('Acme docs');
  });

  it('answers 404 for an unknown organization and 403 for a non-member', async () => {
    expect((await t.owner.client.call('getOrganizationById', { params: { organizationId: 'nope' } })).status).toBe(404);
    expect((await t.user().client.call('getOrganizationById', { params: org() })).status).toBe(403);
  });

  it('shows a guest the organization without member rights', async () => {
    const guest = t.user(null);
    const res = await guest.client.call('getOrganizationById', { params: org() });
    expect(res.ok && res.data.permissions).toMatchObject({ view: true, admin: false, listMembers: false, createContent: false });
  });

  it('validates path identifiers', async () => {
    const res = await raw(`${t.url}/v1/orgs/bad%20id`, { token: t.owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^params\.organizationId/);
  });
});

describe('PATCH /v1/orgs/{organizationId}', () => {
  it('updates every documented field', async () => {
    const res = await patch({
      title: 'Renamed',
      emailDomains: ['Example.com', 'example.com'],
      hostname: 'acme',
      defaultRole: 'edit',
      logo: 'https://example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: false,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [t.owner.id] }] },
      defaultContent: null,
    });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.data).toMatchObject({
      title: 'Renamed',
      emailDomains: ['example.com'],
      hostname: 'acme',
      defaultRole: 'edit',
      sso: true,
      ai: true,
      inviteLinks: false,
      urls: { logo: 'https://example.com/logo.png' },
      mergeRules: { type: 'rules' },
    });
    await patch({ inviteLinks: true, logo: null });
    const after = await t.owner.client.call('getOrganizationById', { params: org() });
    expect(after.ok && after.data.urls.logo).toBeUndefined();
  });

  it.each([
    ['title', 'ab', true],
    ['title', 'a', false],
    ['title', 'x'.repeat(255), true],
    ['title', 'x'.repeat(256), false],
    ['title', ' a ', false],
    ['hostname', 'abc', true],
    ['hostname', 'ab', false],
    ['hostname', 'h'.repeat(32), true],
    ['hostname', 'h'.repeat(33), false],
    ['logo', `https://example.com/${'l'.repeat(2048 - 20)}`, true],
    ['logo', `https://example.com/${'l'.repeat(2049 - 20)}`, false],
    ['logo', 'not a url', false],
    ['defaultRole', 'owner', false],
    ['mergeRules', { type: 'nobody' }, false],
  ])('%s = %j accepted: %s', async (field, value, accepted) => {
    const res = await patch({ [field]: value });
    if (accepted) expect(res.status).toBe(200);
    else {
      expect(res.status).toBe(400);
      expect(!res.ok && res.error.message).toMatch(new RegExp(`^body\\.${field}`));
    }
  });

  it('answers its merge rules as Part A gives them: rules, an empty list when it has none; inherit and none both clear them', async () => {
    const created = await t.user().client.call('createOrganization', { params: undefined, body: { title: 'Rules org' } });
    expect(created.ok && created.data.mergeRules).toEqual({ type: 'rules', rules: [] });
    const rules = { type: 'rules', rules: [{ rule: 'require_change_request_subject' }] };
    for (const cleared of [{ type: 'inherit' }, { type: 'none' }]) {
      expect((await patch({ mergeRules: rules })).ok).toBe(true);
      const res = await patch({ mergeRules: cleared });
      expect(res.ok && res.data.mergeRules).toEqual({ type: 'rules', rules: [] });
    }
    const listed = await t.owner.client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
    expect(listed.ok && listed.data.items.map((o) => o.mergeRules)).toEqual([{ type: 'rules', rules: [] }]);
  });

  it('refuses a hostname another organization uses with 409', async () => {
    const other = t.user();
    const created = await other.client.call('createOrganization', { params: undefined, body: { title: 'Other org' } });
    if (!created.ok) throw new Error('create failed');
    await other.client.call('updateOrganizationById', { params: { organizationId: created.data.id }, body: { hostname: 'taken-name' } });
    const res = await patch({ hostname: 'taken-name' });
    expect(res.status).toBe(409);
  });

  it('refuses reviewers who are not members, and a default site that does not exist', async () => {
    const outsider = t.user();
    const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [outsider.id] }] };
    expect((await patch({ mergeRules: rules })).status).toBe(400);
    expect((await patch({ defaultContent: { type: 'site', site: 'nope' } })).status).toBe(400);
  });

  it('changes nothing when a request fails', async () => {
    const before = await t.owner.client.call('getOrganizationById', { params: org() });
    expect((await patch({ title: 'Half written', hostname: 'h' })).status).toBe(400);
    const after = await t.owner.client.call('getOrganizationById', { params: org() });
    expect(after.ok && before.ok && after.data.title).toBe(before.ok && before.data.title);
  });

  it('is for admins only', async () => {
    const editor = t.user('create');
    const res = await editor.client.call('updateOrganizationById', { params: org(), body: { ai: false } });
    expect(res.status).toBe(403);
  });
});

describe('invite links', () => {
  it('creates, lists and deletes invite links; a missing one is 404', async () => {
    const created = await t.owner.client.call('createOrganizationInvite', { params: org(), body: { role: 'read' } });
    expect(created.status).toBe(201);
    if (!created.ok) return;
    expect(created.data).toEqual({ object: 'invite', id: expect.any(String), role: 'read', redundant: true });
    const list = await t.owner.client.call('listOrganizationInviteLinks', { params: org() });
    expect(list.ok && list.data.items.map((i) => i.id)).toContain(created.data.id);
    const params = { ...org(), inviteId: created.data.id };
    expect((await t.owner.client.call('deleteOrganizationInviteById', { params })).status).toBe(204);
    expect((await t.owner.client.call('deleteOrganizationInviteById', { params })).status).toBe(404);
  });

  it('refuses new invite links while they are disabled with 412', async () => {
    await patch({ inviteLinks: false });
    const res = await t.owner.client.call('createOrganizationInvite', { params: org(), body: { role: 'read' } });
    expect(res.status).toBe(412);
    await patch({ inviteLinks: true });
  });
});

describe('POST /v1/orgs/{organizationId}/join', () => {
  it('lets a user whose e-mail domain is allowed join with the default role', async () => {
    await patch({ emailDomains: ['example.com'], defaultRole: 'comment' });
    const user = t.user();
    expect((await user.client.call('joinOrganization', { params: org() })).status).toBe(204);
    const res = await user.client.call('getOrganizationById', { params: org() });
    expect(res.ok && res.data.permissions).toMatchObject({ view: true, listMembers: true, createContent: false });
  });

  it('refuses other domains with 400 and unknown organizations with 404', async () => {
    await patch({ emailDomains: ['elsewhere.org'] });
    const user = t.user();
    const res = await user.client.call('joinOrganization', { params: org() });
    expect(res.status).toBe(400);
    expect(!res.ok && res.error.message).toBe("User's email domain is not valid");
    expect((await user.client.call('joinOrganization', { params: { organizationId: 'nope' } })).status).toBe(404);
  });
});

describe('search', () => {
  it('requires a query of at most 512 characters', async () => {
    const search = (query: string) => t.owner.client.call('searchOrganizationContent', { params: org(), query: { query } });
    expect((await search('x'.repeat(512))).status).toBe(200);
    expect((await search('x'.repeat(513))).status).toBe(400);
    const missing = await raw(`${t.url}/v1/orgs/${t.organizationId}/search`, { token: t.owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^query\.query/);
  });
});

describe('agent instructions', () => {
  const instructions = { object: 'document' as const, data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };

  it('starts empty and is replaced by admins', async () => {
    const before = await t.owner.client.call('getOrganizationAgentInstructions', { params: org() });
    expect(before.ok && before.data.instructions.nodes).toEqual([]);
    const put = await t.owner.client.call('updateOrganizationAgentInstructions', { params: org(), body: { instructions } });
    expect(put.status).toBe(200);
    expect(put.ok && put.data).toMatchObject({ object: 'agent-instructions', instructions, updatedBy: t.owner.id });
    const after = await t.owner.client.call('getOrganizationAgentInstructions', { params: org() });
    expect(after.ok && after.data.instructions).toEqual(instructions);
  });

  it('refuses a body that is not a document', async () => {
    const res = await t.owner.client.call('updateOrganizationAgentInstructions', {
      params: org(),
      body: { instructions: { object: 'block' } } as never,
    });
    expect(res.status).toBe(400);
    expect(!res.ok && res.error.message).toMatch(/^body\.instructions/);
  });
});
