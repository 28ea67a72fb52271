import { useState } from 'react';
import { attempt } from '../api/call.js';
import type { Member } from '../api/types.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { InviteLinks } from './InviteLinks.js';
import { RoleSelect } from './RoleSelect.js';
import { useAction } from './use-action.js';

/** The organization's members: their roles, changing them, removing members, and invite links. */
export function MembersPage({ org }: { org: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`members/${org}`, () =>
    attempt(client, 'listMembersInOrganizationById', { params: { organizationId: org }, query: { limit: 1000 } }),
  );
  const { problem, run } = useAction(reload);
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <ProblemLine problem={problem} />
      <Loaded resource={resource} what="members" onRetry={reload}>
        {(list) => (
          <MemberTable
            members={list.items}
            onRole={(member, role) => void run(attempt(client, 'updateMemberInOrganizationById', { params: { organizationId: org, userId: member.user.id }, body: { role } }))}
            onRemove={(member) => run(attempt(client, 'removeMemberFromOrganizationById', { params: { organizationId: org, userId: member.user.id } }))}
          />
        )}
      </Loaded>
      <InviteLinks org={org} />
    </section>
  );
}

interface TableProps {
  members: Member[];
  onRole(member: Member, role: Member['role']): void;
  onRemove(member: Member): Promise<unknown>;
}

export function MemberTable({ members, onRole, onRemove }: TableProps) {
  const [removing, setRemoving] = useState<string>();
  if (members.length === 0) return <p className="note">No members.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.user.id}>
            <td>
              {member.user.displayName}
              {member.disabled && <span className="note"> (disabled)</span>}
            </td>
            <td>{member.user.email ?? ''}</td>
            <td>
              <RoleSelect label={`Role of ${member.user.displayName}`} value={member.role} onChange={(role) => onRole(member, role)} />
            </td>
            <td>
              {removing === member.user.id ? (
                <ConfirmAction
                  question={`Remove ${member.user.displayName} from the organization?`}
                  confirmLabel="Remove"
                  onConfirm={() => onRemove(member)}
                  onCancel={() => setRemoving(undefined)}
                />
              ) : (
                <button type="button" className="quiet" aria-label={`Remove ${member.user.displayName}`} onClick={() => setRemoving(member.user.id)}>
                  Remove
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
