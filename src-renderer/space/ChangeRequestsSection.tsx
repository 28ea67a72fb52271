import { useId, useState } from 'react';
import { useCommand } from '../search/commands.js';
import { attempt } from '../api/call.js';
import type { ChangeRequest, Member, Space } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { NameForm } from '../components/NameForm.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';
import { ChangeRequestRows } from './ChangeRequestRows.js';

const STATUSES: ChangeRequest['status'][] = ['open', 'draft', 'merged', 'archived'];

/** A space's change requests, filtered by status and creator, and the way to start a new one. */
export function ChangeRequestsSection({ org, space }: { org: string; space: Space }) {
  const { client, user } = useWorkspace();
  const statusId = useId();
  const creatorId = useId();
  const [status, setStatus] = useState<ChangeRequest['status']>('open');
  const [creator, setCreator] = useState('');
  const [creating, setCreating] = useState(false);
  useCommand('new-change-request', () => setCreating(true));
  const [problem, setProblem] = useState<string>();
  const { resource, reload } = useResource(`change-requests/${space.id}/${status}/${creator}`, () =>
    attempt(client, 'listChangeRequestsForSpace', {
      params: { spaceId: space.id },
      query: { status, ...(creator ? { creator } : {}) },
    }),
  );
  const members = useResource(`members/${org}`, () =>
    attempt(client, 'listMembersInOrganizationById', { params: { organizationId: org }, query: { limit: 1000 } }),
  ).resource;
  const people: Member['user'][] = members.status === 'ready' ? members.data.items.map((member) => member.user) : [user];

  const create = async (subject: string) => {
    const created = await attempt(client, 'createChangeRequest', { params: { spaceId: space.id }, body: { subject } });
    setProblem(created.ok ? undefined : created.problem);
    if (created.ok) navigate(hrefFor({ screen: 'change-request', org, space: space.id, number: created.data.number }));
    return created.ok;
  };

  return (
    <section aria-labelledby="change-requests-title" className="panel">
      <div className="panel-head">
        <h2 id="change-requests-title">Change requests</h2>
        {space.permissions.edit && (
          <button type="button" onClick={() => setCreating(true)}>
            New change request
          </button>
        )}
      </div>
      {creating && <NameForm label="Subject" submitLabel="Create" onCancel={() => setCreating(false)} onSubmit={create} />}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <div className="filters">
        <label htmlFor={statusId}>Status</label>
        <select id={statusId} value={status} onChange={(event) => setStatus(event.target.value as ChangeRequest['status'])}>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <label htmlFor={creatorId}>Created by</label>
        <select id={creatorId} value={creator} onChange={(event) => setCreator(event.target.value)}>
          <option value="">Anyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.id === user.id ? `${person.displayName} (you)` : person.displayName}
            </option>
          ))}
        </select>
      </div>
      <LoadedList resource={resource} what="change requests" empty={`No ${status} change requests${creator ? ' by this person' : ''}.`} onRetry={reload}>
        {(items) => <ChangeRequestRows org={org} changeRequests={items} />}
      </LoadedList>
    </section>
  );
}
