import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { CALLERS, serverWithCallers, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { itChecksAccess } from '../members/people.js';
import { install, publish, publishBody, settledEvents } from './fixtures.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

/** Anyone signed in reads a public integration; the organization's administrators change and install it. */
const anyone = () => true;
const admin = (c: Caller) => c === 'admin';
const shared = { params: { integrationName: 'shared' } };
let count = 0;

beforeAll(async () => {
  await publish(t, 'shared');
  await install(t, 'shared');
});

/** A fresh integration to act upon (calls may delete it). */
async function fresh() {
  const integrationName = `target-${++count}`;
  await publish(t, integrationName);
  return { integrationName };
}

const operations: { name: string; allowed: (c: Caller) => boolean; call: (u: TestUser) => Promise<{ status: number }> }[] = [
  { name: 'listIntegrations', allowed: anyone, call: (u) => u.client.call('listIntegrations', { params: undefined }) },
  { name: 'getIntegrationByName', allowed: anyone, call: (u) => u.client.call('getIntegrationByName', shared) },
  { name: 'publishIntegration', allowed: admin, call: (u) => u.client.call('publishIntegration', { params: { integrationName: `new-${++count}` }, body: publishBody(t.organizationId) }) },
  { name: 'unpublishIntegration', allowed: admin, call: async (u) => u.client.call('unpublishIntegration', { params: await fresh() }) },
  { name: 'listIntegrationInstallations', allowed: anyone, call: (u) => u.client.call('listIntegrationInstallations', shared) },
  { name: 'installIntegration', allowed: admin, call: (u) => u.client.call('installIntegration', { ...shared, body: { organization: t.organizationId } }) },
  { name: 'listIntegrationEvents', allowed: anyone, call: (u) => u.client.call('listIntegrationEvents', shared) },
  { name: 'listIntegrationSpaceInstallations', allowed: anyone, call: (u) => u.client.call('listIntegrationSpaceInstallations', shared) },
  { name: 'listIntegrationSiteInstallations', allowed: anyone, call: (u) => u.client.call('listIntegrationSiteInstallations', shared) },
  { name: 'setIntegrationDevelopmentMode', allowed: admin, call: async (u) => u.client.call('setIntegrationDevelopmentMode', { params: await fresh(), body: { tunnelUrl: 'http://127.0.0.1:9/' } }) },
  { name: 'disableIntegrationDevelopmentMode', allowed: admin, call: async (u) => u.client.call('disableIntegrationDevelopmentMode', { params: await fresh() }) },
];

describe('integration operations by role', () => {
  itChecksAccess(operations.map((op) => ({ ...op, call: (c: Caller) => op.call(users[c]) })));

  it.each(CALLERS)("%s: the integration's permissions.admin says whether they administer its owner", async (caller) => {
    const integration = ok(await users[caller].client.call('getIntegrationByName', shared));
    expect(integration.permissions.admin).toBe(admin(caller));
  });

  it.each(CALLERS.filter((c) => !admin(c)))('%s sees no installation nor event of the organization they do not administer', async (caller) => {
    const [event] = await settledEvents(t, 'shared');
    expect(ok(await users[caller].client.call('listIntegrationInstallations', shared)).items).toEqual([]);
    expect(ok(await users[caller].client.call('listIntegrationEvents', shared)).items).toEqual([]);
    expectFailure(await users[caller].client.call('getIntegrationEvent', { params: { integrationName: 'shared', eventId: event!.id } }), 404);
  });
});
