import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok, otherOrganization } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { install, lastTrace, publish, settledEvents } from './fixtures.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const call = (name: string) => ({ params: { integrationName: name } });

describe('installing', () => {
  it('installs in an organization (201) and runs the script on an installation_setup event, whose logs are its trace', async () => {
    await publish(t, 'greeter', { secrets: { TOKEN: 'hidden' } });
    const installation = await install(t, 'greeter');
    expect(installation).toMatchObject({
      status: 'active', space_selection: 'all', site_selection: 'all', configuration: {}, externalIds: [],
      target: { organization: t.organizationId },
    });
    const [event] = await settledEvents(t, 'greeter');
    expect(event).toMatchObject({
      installationId: installation.id, status: 'success',
      payload: { eventId: event!.id, type: 'installation_setup', installationId: installation.id, status: 'active' },
    });
    expect(event!.payload).not.toHaveProperty('previous');
    const { event: got, trace } = await lastTrace(t, 'greeter');
    expect(got).toEqual(event);
    expect(trace.logs.map((log) => [log.level, log.message])).toEqual([
      ['info', `set up ${installation.id}`],
      ['warn', 'secrets: TOKEN'],
    ]);
  });

  it('installing again sets the installation up again: a new event naming the previous state', async () => {
    const first = await install(t, 'greeter');
    const again = await install(t, 'greeter');
    expect(again.id).toBe(first.id);
    const [latest] = await settledEvents(t, 'greeter');
    expect(latest!.payload).toMatchObject({ type: 'installation_setup', previous: { status: 'active', configuration: {} } });
  });

  it('answers 404 for an unknown integration or organization, 403 to a non-administrator of the organization', async () => {
    expectFailure(await t.owner.client.call('installIntegration', { ...call('nothing-here'), body: { organization: t.organizationId } }), 404);
    expectFailure(await t.owner.client.call('installIntegration', { ...call('greeter'), body: { organization: 'unknownOrg' } }), 404);
    const editor = t.user('create');
    expectFailure(await editor.client.call('installIntegration', { ...call('greeter'), body: { organization: t.organizationId } }), 403);
  });

  it('installs a private integration only in the organization that publishes it', async () => {
    await publish(t, 'in-house', { visibility: 'private' });
    const other = otherOrganization(t);
    expectFailure(await t.owner.client.call('installIntegration', { ...call('in-house'), body: { organization: other } }), 403, /private/);
    await install(t, 'in-house');
  });
});

describe('installations and events by organization', () => {
  let admin: TestUser;
  let elsewhere: string;
  beforeAll(async () => {
    await publish(t, 'shared-tool');
    await install(t, 'shared-tool');
    admin = t.user();
    elsewhere = otherOrganization(t, [[admin, 'admin']]);
    await install(t, 'shared-tool', elsewhere, admin);
    await t.engine.integrations.whenIdle();
  });

  it("shows the owner's administrators every installation and event", async () => {
    const installations = ok(await t.owner.client.call('listIntegrationInstallations', call('shared-tool')));
    expect(installations.items.map((i) => i.target.organization).sort()).toEqual([t.organizationId, elsewhere].sort());
    expect((await settledEvents(t, 'shared-tool')).length).toBe(2);
  });

  it("shows another organization's administrators their own installation and its events only", async () => {
    const installations = ok(await admin.client.call('listIntegrationInstallations', call('shared-tool')));
    expect(installations.items.map((i) => i.target.organization)).toEqual([elsewhere]);
    const events = await settledEvents(t, 'shared-tool', admin);
    expect(events.map((e) => e.installationId)).toEqual([installations.items[0]!.id]);
    const theirs = (await settledEvents(t, 'shared-tool')).find((e) => e.installationId !== installations.items[0]!.id)!;
    expectFailure(await admin.client.call('getIntegrationEvent', { params: { integrationName: 'shared-tool', eventId: theirs.id } }), 404);
  });

  it('filters installations by external id, which none has until an integration sets one', async () => {
    const filtered = ok(await t.owner.client.call('listIntegrationInstallations', { ...call('shared-tool'), query: { externalId: 'repo-1' } }));
    expect(filtered).toEqual({ items: [], count: 0 });
  });

  it('pages events newest first', async () => {
    const first = ok(await t.owner.client.call('listIntegrationEvents', { ...call('shared-tool'), query: { limit: 1 } }));
    const second = ok(await t.owner.client.call('listIntegrationEvents', { ...call('shared-tool'), query: { limit: 1, page: first.next!.page } }));
    expect(first.count).toBe(2);
    expect(second.next).toBeUndefined();
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it('answers 404 for an unknown event or integration', async () => {
    expectFailure(await t.owner.client.call('getIntegrationEvent', { params: { integrationName: 'shared-tool', eventId: 'nope' } }), 404);
    expectFailure(await t.owner.client.call('listIntegrationEvents', call('nothing-here')), 404);
    expectFailure(await t.owner.client.call('listIntegrationInstallations', call('nothing-here')), 404);
  });
});

describe('spaces and sites an integration is installed on', () => {
  let spaceId: string;
  let siteId: string;
  beforeAll(async () => {
    spaceId = (await newSpace(t.owner, t.organizationId, { title: 'Handbook' })).id;
    const site = ok(await t.owner.client.call('createSite', { params: { organizationId: t.organizationId }, body: { title: 'Docs site' } }));
    siteId = site.id;
    await publish(t, 'everywhere');
    await publish(t, 'spaces-only', { target: 'space' });
    await install(t, 'everywhere');
    await install(t, 'spaces-only');
  });

  it("lists every live space of an installation's organization, by id or, extended, as the space", async () => {
    const listed = ok(await t.owner.client.call('listIntegrationSpaceInstallations', call('everywhere')));
    const entry = listed.items.find((item) => item.space === spaceId)!;
    expect(entry).toMatchObject({ integration: 'everywhere', status: 'active', configuration: {}, externalIds: [] });
    const extended = ok(await t.owner.client.call('listIntegrationSpaceInstallations', { ...call('everywhere'), query: { extended: 'true' } }));
    const space = extended.items.map((item) => item.space).find((s) => typeof s === 'object' && s.id === spaceId);
    expect(space).toMatchObject({ object: 'space', title: 'Handbook' });
    const installation = ok(await t.owner.client.call('listIntegrationInstallations', call('everywhere'))).items[0]!;
    expect(installation.spaces).toBe(listed.count);
  });

  it('lists the sites too, unless the integration targets spaces only', async () => {
    const sites = ok(await t.owner.client.call('listIntegrationSiteInstallations', { ...call('everywhere'), query: { extended: 'true' } }));
    expect(sites.items.map((item) => (typeof item.site === 'object' ? item.site.id : item.site))).toContain(siteId);
    expect(ok(await t.owner.client.call('listIntegrationSiteInstallations', call('spaces-only'))).items).toEqual([]);
    expect(ok(await t.owner.client.call('listIntegrationSpaceInstallations', call('spaces-only'))).items.length).toBeGreaterThan(0);
  });

  it('leaves out spaces in the trash and those the caller cannot view, and filters by external id', async () => {
    const trashed = (await newSpace(t.owner, t.organizationId, { title: 'Old' })).id;
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: trashed } }));
    const spaces = ok(await t.owner.client.call('listIntegrationSpaceInstallations', { ...call('everywhere'), query: { limit: 1000 } }));
    expect(spaces.items.map((item) => item.space)).not.toContain(trashed);
    const outsider = t.user();
    expect(ok(await outsider.client.call('listIntegrationSpaceInstallations', call('everywhere'))).items).toEqual([]);
    expect(ok(await t.owner.client.call('listIntegrationSpaceInstallations', { ...call('everywhere'), query: { externalId: 'x' } })).items).toEqual([]);
  });

  it('pages with next.page', async () => {
    await newSpace(t.owner, t.organizationId, { title: 'Second' });
    const first = ok(await t.owner.client.call('listIntegrationSpaceInstallations', { ...call('everywhere'), query: { limit: 1 } }));
    const second = ok(await t.owner.client.call('listIntegrationSpaceInstallations', { ...call('everywhere'), query: { limit: 1, page: first.next!.page } }));
    expect(second.items[0]!.space).not.toBe(first.items[0]!.space);
  });
});
