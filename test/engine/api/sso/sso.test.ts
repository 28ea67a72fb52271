import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';
import { expectBadField, expectStablePaging, newOrganization, newTeam } from '../members/people.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const org = () => ({ organizationId: t.organizationId });
const CONFIGURED = { ssoURL: 'https://idp.example.com/sso', entityID: 'https://idp.example.com', certificate: 'MIIC-cert' };

const create = (body: Record<string, unknown>, organizationId = t.organizationId) =>
  t.owner.client.call('createOrganizationSAMLProvider', { params: { organizationId }, body: body as never });
const patch = (samlProviderId: string, body: Record<string, unknown>) =>
  t.owner.client.call('updateOrganizationSAMLProvider', { params: { ...org(), samlProviderId }, body: body as never });
const get = (samlProviderId: string) => t.owner.client.call('getOrganizationSAMLProviderById', { params: { ...org(), samlProviderId } });

async function providerId(body: Record<string, unknown>): Promise<string> {
  const res = await create(body);
  if (!res.ok) throw new Error(`cannot create a provider (${res.status} ${res.error.message})`);
  return res.data.id;
}

describe('POST /v1/orgs/{organizationId}/saml', () => {
  it('creates a pending provider with empty settings and no sign-in address, and answers 201', async () => {
    const res = await create({ label: 'Okta' });
    expect(res.status).toBe(201);
    if (!res.ok) return;
    const id = res.data.id;
    const location = `${t.url}/v1/orgs/${t.organizationId}/saml/${id}`;
    expect(res.data).toEqual({
      object: 'saml-provider',
      id,
      label: 'Okta',
      entityID: '',
      certificate: '',
      defaultRole: null,
      createdAt: t.clock.now().toISOString(),
      status: 'pending',
      service: { acsURL: `${t.url}/app/sso/${id}/acs`, startURL: `${t.url}/app/sso/${id}/start`, entityID: location },
      urls: { location },
    });
  });

  it('is active once the address, entity id and certificate are all set', async () => {
    const res = await create({ label: 'Full', ...CONFIGURED, defaultRole: 'edit' });
    expect(res.ok && res.data).toMatchObject({ ...CONFIGURED, defaultRole: 'edit', status: 'active' });
  });

  it('shows its default team as a team', async () => {
    const teamId = await newTeam(t, t.organizationId, 'Newcomers');
    const res = await create({ label: 'With team', defaultTeam: teamId });
    expect(res.ok && res.data.defaultTeam).toEqual(
      expect.objectContaining({ object: 'team', id: teamId, title: 'Newcomers', permissions: { admin: true, view: true } }),
    );
  });

  it('refuses a default team that is not one of the organization', async () => {
    const foreign = await newTeam(t, await newOrganization(t));
    for (const defaultTeam of ['nope', foreign]) {
      const res = await create({ label: 'Bad team', defaultTeam });
      expectBadField(res, 'body.defaultTeam');
      expect(!res.ok && res.error.message).toContain(defaultTeam);
    }
  });

  it.each([
    ['label', 'l'.repeat(30), true],
    ['label', 'l'.repeat(31), false],
    ['label', '', false],
    ['entityID', 'e'.repeat(1024), true],
    ['entityID', 'e'.repeat(1025), false],
    ['certificate', 'c'.repeat(10000), true],
    ['certificate', 'c'.repeat(10001), false],
    ['ssoURL', `https://idp.example.com/${'s'.repeat(2048 - 24)}`, true],
    ['ssoURL', `https://idp.example.com/${'s'.repeat(2049 - 24)}`, false],
    ['ssoURL', 'not an address', false],
    ['defaultRole', null, true],
    ['defaultRole', 'owner', false],
  ])('%s = %s accepted: %s', async (field, value, accepted) => {
    const res = await create({ label: 'Limits', [field]: value });
    if (accepted) expect(res.status).toBe(201);
    else expectBadField(res, `body.${field}`);
  });

  it('requires a label', async () => {
    expectBadField(await create({}), 'body.label');
  });

  it('answers 404 for an unknown organization', async () => {
    expect((await create({ label: 'Lost' }, 'nope')).status).toBe(404);
  });
});

describe('GET, PATCH and DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}', () => {
  it('gets a provider, and answers 404 for a missing one or one of another organization', async () => {
    const id = await providerId({ label: 'Readable' });
    const got = await get(id);
    expect(got.ok && got.data).toMatchObject({ id, label: 'Readable' });
    expect((await get('nope')).status).toBe(404);
    const other = await newOrganization(t);
    const foreign = await create({ label: 'Foreign' }, other);
    if (!foreign.ok) throw new Error('create failed');
    expect((await get(foreign.data.id)).status).toBe(404);
  });

  it('updates only the given fields and turns active when complete', async () => {
    const id = await providerId({ label: 'Partial', entityID: 'https://idp.example.com' });
    const teamId = await newTeam(t, t.organizationId);
    const res = await patch(id, { ssoURL: CONFIGURED.ssoURL, certificate: CONFIGURED.certificate, defaultRole: 'read', defaultTeam: teamId });
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toMatchObject({ label: 'Partial', ...CONFIGURED, defaultRole: 'read', status: 'active' });
    expect(res.ok && res.data.defaultTeam?.id).toBe(teamId);
    const renamed = await patch(id, { label: 'Renamed', entityID: '' });
    expect(renamed.ok && renamed.data).toMatchObject({ label: 'Renamed', entityID: '', status: 'pending', defaultRole: 'read' });
  });

  it('validates like create', async () => {
    const id = await providerId({ label: 'Strict' });
    expectBadField(await patch(id, { label: 'l'.repeat(31) }), 'body.label');
    expectBadField(await patch(id, { label: '' }), 'body.label');
    expectBadField(await patch(id, { ssoURL: 'nope' }), 'body.ssoURL');
    expectBadField(await patch(id, { defaultTeam: 'nope' }), 'body.defaultTeam');
    expect((await patch(id, { label: 'l'.repeat(30) })).status).toBe(200);
    expect((await patch('nope', { label: 'Missing' })).status).toBe(404);
  });

  it('forgets the default team when the team is deleted', async () => {
    const teamId = await newTeam(t, t.organizationId, 'Short-lived');
    const id = await providerId({ label: 'Team goes', defaultTeam: teamId });
    await t.owner.client.call('removeTeamFromOrganizationById', { params: { ...org(), teamId } });
    const res = await get(id);
    expect(res.ok && res.data.defaultTeam).toBeUndefined();
  });

  it('deletes with an empty 204; a missing provider is a 404', async () => {
    const id = await providerId({ label: 'Doomed' });
    const url = `${t.url}/v1/orgs/${t.organizationId}/saml/${id}`;
    expect(await raw(url, { method: 'DELETE', token: t.owner.token })).toEqual({ status: 204, body: undefined });
    expect((await get(id)).status).toBe(404);
    expect((await raw(url, { method: 'DELETE', token: t.owner.token })).status).toBe(404);
  });
});

describe('GET /v1/orgs/{organizationId}/saml', () => {
  it('lists providers in creation order, takes a limit up to 1000 and pages stably', async () => {
    const organizationId = await newOrganization(t);
    const list = (query: Record<string, unknown> = {}) =>
      t.owner.client.call('listSAMLProvidersInOrganizationById', { params: { organizationId }, query: query as never });
    const ids: string[] = [];
    for (const label of ['One', 'Two', 'Three']) {
      t.clock.advance(1000);
      const res = await create({ label }, organizationId);
      if (res.ok) ids.push(res.data.id);
    }
    const all = await list();
    expect(all.ok && all.data.count).toBe(3);
    expect(all.ok && all.data.items.map((p) => p.id)).toEqual(ids);
    expect((await list({ limit: 1000 })).status).toBe(200);
    expectBadField(await list({ limit: 1001 }), 'query.limit');
    await expectStablePaging((page) => list({ limit: 2, page }), (p) => p.id, ids, async () => {
      await create({ label: 'Added while paging' }, organizationId);
    });
  });
});

describe('GET /v1/orgs/{organizationId}/sso', () => {
  it('lists only active providers, to anyone signed in, without next or count', async () => {
    const organizationId = await newOrganization(t);
    const active = await create({ label: 'Ready', ...CONFIGURED }, organizationId);
    await create({ label: 'Not ready', ssoURL: CONFIGURED.ssoURL }, organizationId);
    if (!active.ok) throw new Error('create failed');
    const stranger = t.user();
    const res = await stranger.client.call('listSSOProviderLoginsInOrganization', { params: { organizationId } });
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toEqual({
      items: [{ id: active.data.id, label: 'Ready', startURL: active.data.service.startURL }],
    });
  });

  it('answers 404 for an unknown organization', async () => {
    const res = await t.owner.client.call('listSSOProviderLoginsInOrganization', { params: { organizationId: 'nope' } });
    expect(res.status).toBe(404);
  });
});
