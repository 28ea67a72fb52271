import { roleWords } from '../orgs/permissions.js';
import { hrefFor } from '../routing/route.js';
import type { Organization } from '../store/overview.js';

/** The organizations to choose from, when there is more than one (with one, the app opens it). */
export function OrganizationList({ organizations }: { organizations: Organization[] }) {
  return (
    <section aria-labelledby="orgs-title">
      <h1 id="orgs-title">Organizations</h1>
      {organizations.length === 0 ? (
        <p className="note">You are not a member of any organization yet.</p>
      ) : (
        <ul className="org-list">
          {organizations.map((organization) => (
            <li key={organization.id} className="card org">
              <h2>
                <a href={hrefFor({ screen: 'organization', org: organization.id })}>{organization.title}</a>
              </h2>
              <p className="permissions">{roleWords(organization.permissions)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
