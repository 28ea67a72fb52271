import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrganizationIntegrations } from '../../src-renderer/integrations/installed.js';
import { hrefFor, parseHash } from '../../src-renderer/routing/route.js';
import { install, publish } from '../engine/api/integrations/fixtures.js';
import { otherOrganization } from '../support/content.js';
import { TestServer } from '../support/server.js';

// What the integrations screen shows, from what a real engine answers.
let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start();
  await publish(server, 'installed-here');
  await publish(server, 'not-yet');
  await install(server, 'installed-here');
  await install(server, 'not-yet', otherOrganization(server));
});
afterAll(() => server?.stop());

describe('the integrations screen', () => {
  it('has a route of its own in the organization', () => {
    expect(hrefFor({ screen: 'integrations', org: 'o1' })).toBe('#/orgs/o1/integrations');
    expect(parseHash('#/orgs/o1/integrations')).toEqual({ screen: 'integrations', org: 'o1' });
    expect(parseHash('#/orgs/o1/integrations/x')).toEqual({ screen: 'not-found', hash: '#/orgs/o1/integrations/x' });
  });

  it("splits the integrations into those installed in the organization and the others, an installation elsewhere not counting", async () => {
    const outcome = await loadOrganizationIntegrations(server.owner.client, server.organizationId);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.data.installed.map((entry) => [entry.integration.name, entry.installation.target.organization])).toEqual([
      ['installed-here', server.organizationId],
    ]);
    expect(outcome.data.available.map((integration) => integration.name)).toEqual(['not-yet']);
  });

  it('shows a member who administers nothing every integration as available', async () => {
    const reader = server.user('read');
    const outcome = await loadOrganizationIntegrations(reader.client, server.organizationId);
    expect(outcome.ok && outcome.data).toMatchObject({ installed: [], available: [{ name: 'installed-here' }, { name: 'not-yet' }] });
  });

  it('says why when the engine cannot be reached', async () => {
    const unreachable = server.clientFor(server.owner.token);
    await server.server.close();
    const outcome = await loadOrganizationIntegrations(unreachable, server.organizationId);
    expect(outcome.ok).toBe(false);
  });
});
