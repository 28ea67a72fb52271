import type { OperationRequest } from '../../../../src-shared/contract/operation.js';
import type { ApiContract } from '../../../../src-shared/contract/index.js';
import { ok } from '../../../support/content.js';
import type { TestServer, TestUser } from '../../../support/server.js';

type PublishBody = NonNullable<OperationRequest<ApiContract['publishIntegration']>['body']>;

/** Logs the event it gets and the names of its secrets. */
export const LOGGING_SCRIPT = `
addEventListener('installation_setup', (event, context) => {
  console.log('set up', event.installationId);
  console.warn('secrets:', Object.keys(context.environment.secrets).join(','));
});`;

export function publishBody(organization: string, overrides: Partial<PublishBody> = {}): PublishBody {
  return { title: 'Analytics', description: 'Counts page views', scopes: ['space:content:read'], script: LOGGING_SCRIPT, organization, ...overrides };
}

export async function publish(t: TestServer, name: string, overrides: Partial<PublishBody> = {}, user: TestUser = t.owner) {
  return ok(await user.client.call('publishIntegration', { params: { integrationName: name }, body: publishBody(t.organizationId, overrides) }));
}

export async function install(t: TestServer, name: string, organization = t.organizationId, user: TestUser = t.owner) {
  return ok(await user.client.call('installIntegration', { params: { integrationName: name }, body: { organization } }));
}

/** The integration's events once every run asked for so far has finished, newest first. */
export async function settledEvents(t: TestServer, name: string, user: TestUser = t.owner) {
  await t.engine.integrations.whenIdle();
  return ok(await user.client.call('listIntegrationEvents', { params: { integrationName: name } })).items;
}

/** The trace of the newest event, once it has run. */
export async function lastTrace(t: TestServer, name: string) {
  const [event] = await settledEvents(t, name);
  return ok(await t.owner.client.call('getIntegrationEvent', { params: { integrationName: name, eventId: event!.id } }));
}
