import { attempt } from '../api/call.js';
import { LoadedList } from '../components/Loaded.js';
import { useResource } from '../hooks/use-resource.js';
import { permissionSummary } from '../orgs/permissions.js';
import { ChangeRequestRows } from '../space/ChangeRequestRows.js';
import type { Organization } from '../store/overview.js';
import { useWorkspace } from './workspace-context.js';

/** An organization's front page: what the caller may do, and the change requests waiting across its spaces. */
export function OrganizationHome({ organization }: { organization: Organization }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`org-change-requests/${organization.id}`, () =>
    attempt(client, 'listChangeRequestsForOrganization', { params: { organizationId: organization.id }, query: { limit: 50 } }),
  );
  return (
    <section aria-labelledby="org-title" className="screen">
      <h1 id="org-title">{organization.title}</h1>
      <p className="note">{permissionSummary(organization.permissions)}. Open a space from the sidebar, or create one.</p>
      <h2>Recent change requests</h2>
      <LoadedList resource={resource} what="change requests" empty="No change requests in this organization yet." onRetry={reload}>
        {(items) => <ChangeRequestRows org={organization.id} changeRequests={items} />}
      </LoadedList>
    </section>
  );
}
