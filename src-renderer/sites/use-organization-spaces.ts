import { attempt } from '../api/call.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';

/** The organization's spaces, which a site can publish. */
export function useOrganizationSpaces(org: string) {
  const { client } = useWorkspace();
  return useResource(`site-spaces-choice/${org}`, () => attempt(client, 'listSpacesInOrganizationById', { params: { organizationId: org }, query: { limit: 1000 } }));
}
