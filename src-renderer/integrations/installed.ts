import type { ApiClient } from '../../src-shared/client/client.js';
import { attempt, type Outcome } from '../api/call.js';
import type { Answer } from '../api/types.js';

export type Integration = Answer<'getIntegrationByName'>;
export type Installation = Answer<'installIntegration'>;
export type IntegrationEvent = Answer<'listIntegrationEvents'>['items'][number];
export type EventTrace = Answer<'getIntegrationEvent'>['trace'];

export interface InstalledIntegration {
  integration: Integration;
  installation: Installation;
}

/** What the integrations screen shows of an organization: those installed there, and the others one may install. */
export interface OrganizationIntegrations {
  installed: InstalledIntegration[];
  available: Integration[];
}

/**
 * The integrations the caller sees, split by whether they are installed in `org`. An
 * installation is listed to its organization's administrators, so others see none installed.
 */
export async function loadOrganizationIntegrations(client: ApiClient, org: string): Promise<Outcome<OrganizationIntegrations>> {
  const listed = await attempt(client, 'listIntegrations', { params: undefined, query: { limit: 1000 } });
  if (!listed.ok) return listed;
  const installations = await Promise.all(
    listed.data.items.map((integration) =>
      attempt(client, 'listIntegrationInstallations', { params: { integrationName: integration.name }, query: { limit: 1000 } }),
    ),
  );
  const failed = installations.find((outcome) => !outcome.ok);
  if (failed && !failed.ok) return failed;
  const result: OrganizationIntegrations = { installed: [], available: [] };
  listed.data.items.forEach((integration, i) => {
    const outcome = installations[i]!;
    const installation = outcome.ok ? outcome.data.items.find((candidate) => candidate.target.organization === org) : undefined;
    if (installation) result.installed.push({ integration, installation });
    else result.available.push(integration);
  });
  return { ok: true, data: result };
}
