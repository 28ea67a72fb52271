import { useState } from 'react';
import { attempt } from '../api/call.js';
import type { Member } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { RoleSelect } from './RoleSelect.js';
import { useAction } from './use-action.js';

/** Invite links: each lets people join with a role; admins create and delete them. */
export function InviteLinks({ org }: { org: string }) {
  const { client } = useWorkspace();
  const [role, setRole] = useState<Member['role']>('read');
  const params = { organizationId: org };
  const { resource, reload } = useResource(`invites/${org}`, () => attempt(client, 'listOrganizationInviteLinks', { params }));
  const { problem, run } = useAction(reload);
  return (
    <section aria-labelledby="invites-title" className="subsection">
      <h3 id="invites-title">Invite links</h3>
      <div className="filters">
        <RoleSelect label="Role for a new invite link" value={role} onChange={setRole} />
        <button type="button" onClick={() => void run(attempt(client, 'createOrganizationInvite', { params, body: { role } }))}>
          Create invite link
        </button>
      </div>
      <ProblemLine problem={problem} />
      <LoadedList resource={resource} what="invite links" empty="No invite links." onRetry={reload}>
        {(invites) => (
          <ul className="rows">
            {invites.map((invite) => (
              <li key={invite.id} className="row-card">
                <code>{invite.id}</code>
                <span className="badge">{invite.role ?? 'guest'}</span>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Delete invite link ${invite.id}`}
                  onClick={() => void run(attempt(client, 'deleteOrganizationInviteById', { params: { ...params, inviteId: invite.id } }))}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}
