import { GitBookAPIError, IntegrationCategory, IntegrationScope } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';
import { LOGGING_SCRIPT } from './fixtures.js';

const test = officialClientServer();

describe('@gitbook/api on integrations', () => {
  it('publishes, finds with filters, installs, reads the event and its trace, and unpublishes', async () => {
    const { t, api } = test;
    const published = await api.integrations.publishIntegration('official', {
      title: 'Official', description: 'From the client', scopes: [IntegrationScope.SpaceContentRead], script: LOGGING_SCRIPT,
      organization: t.organizationId, categories: [IntegrationCategory.Analytics], secrets: { KEY: 'value' },
    });
    expect(published.status).toBe(200);
    expect(published.data).toMatchObject({ object: 'integration', name: 'official', version: 1 });

    const listed = await api.integrations.listIntegrations({ category: IntegrationCategory.Analytics, blocks: false, owner: t.organizationId, search: 'offic' });
    expect(listed.data.items.map((i) => i.name)).toEqual(['official']);

    const installed = await api.integrations.installIntegration('official', { organization: t.organizationId });
    expect(installed.status).toBe(201);
    await t.engine.integrations.whenIdle();
    const events = await api.integrations.listIntegrationEvents('official');
    const [event] = events.data.items;
    expect(event).toMatchObject({ status: 'success', payload: { type: 'installation_setup', installationId: installed.data.id } });
    const detail = await api.integrations.getIntegrationEvent('official', event!.id);
    expect(detail.data.trace?.logs.map((log) => log.message)).toEqual([`set up ${installed.data.id}`, 'secrets: KEY']);

    const spaces = await api.integrations.listIntegrationSpaceInstallations('official', { extended: true });
    expect(spaces.status).toBe(200);
    const dev = await api.integrations.setIntegrationDevelopmentMode('official', { tunnelUrl: 'http://127.0.0.1:9/' });
    expect(dev.status).toBe(204);

    const removed = await api.integrations.unpublishIntegration('official');
    expect(removed.status).toBe(205);
    const missing = await api.integrations.getIntegrationByName('official').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GitBookAPIError);
    expect((missing as GitBookAPIError).code).toBe(404);
  });
});
