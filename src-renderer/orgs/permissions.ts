import type { Organization } from '../store/overview.js';

type Permissions = Organization['permissions'];

// A Record over every key, so a permission added to the contract must be worded here too.
const ABILITIES: Record<Exclude<keyof Permissions, 'view'>, string> = {
  admin: 'administer',
  createContent: 'create content',
  createOpenAPISpec: 'publish OpenAPI specs',
  ingestConversations: 'ingest conversations',
  ownTeam: 'own teams',
  listMembers: 'see members',
  listTeams: 'see teams',
  viewBilling: 'see billing',
  listIntegrations: 'see integrations',
  listInstallations: 'see installations',
  installIntegration: 'install integrations',
};

/** What the caller's role lets them do in an organization, as one readable line. */
export function permissionSummary(permissions: Permissions): string {
  if (!permissions.view) return 'No access';
  const abilities = Object.entries(ABILITIES)
    .filter(([key]) => permissions[key as keyof Permissions])
    .map(([, words]) => words);
  return ['Can view', ...abilities].join(', ');
}
