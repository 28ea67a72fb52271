import type { Organization } from '../store/overview.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';

/** Which organization the sidebar and screens show; changing it opens that organization. */
export function OrgSwitcher({ organizations, current }: { organizations: Organization[]; current?: string }) {
  return (
    <label className="org-switcher">
      <span className="visually-hidden">Organization</span>
      <select
        value={current ?? ''}
        onChange={(event) =>
          navigate(event.target.value ? hrefFor({ screen: 'organization', org: event.target.value }) : hrefFor({ screen: 'organizations' }))
        }
      >
        {organizations.length !== 1 && <option value="">All organizations</option>}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.title}
          </option>
        ))}
      </select>
    </label>
  );
}
