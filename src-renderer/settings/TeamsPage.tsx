import { useState } from 'react';
import { attempt } from '../api/call.js';
import type { Team } from '../api/types.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { LoadedList } from '../components/Loaded.js';
import { NameForm } from '../components/NameForm.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { TeamMembers } from './TeamMembers.js';
import { useAction } from './use-action.js';

/** The organization's teams: create, rename, delete, and each team's members. */
export function TeamsPage({ org }: { org: string }) {
  const { client } = useWorkspace();
  const [creating, setCreating] = useState(false);
  const params = { organizationId: org };
  const { resource, reload } = useResource(`teams/${org}`, () => attempt(client, 'listTeamsInOrganizationById', { params, query: { limit: 1000 } }));
  const { problem, run } = useAction(reload);
  return (
    <section aria-labelledby="teams-title">
      <div className="panel-head">
        <h2 id="teams-title">Teams</h2>
        <button type="button" onClick={() => setCreating(true)}>
          New team
        </button>
      </div>
      {creating && (
        <NameForm label="Team name" submitLabel="Create team" maxLength={64} onCancel={() => setCreating(false)} onSubmit={(title) => run(attempt(client, 'createOrganizationTeam', { params, body: { title } }))} />
      )}
      <ProblemLine problem={problem} />
      <LoadedList resource={resource} what="teams" empty="No teams yet." onRetry={reload}>
        {(teams) => (
          <ul className="rows">
            {teams.map((team) => (
              <TeamRow key={team.id} org={org} team={team} run={run} />
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}

function TeamRow({ org, team, run }: { org: string; team: Team; run(change: Promise<unknown>): Promise<boolean> }) {
  const { client } = useWorkspace();
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete' | 'members'>('idle');
  const params = { organizationId: org, teamId: team.id };
  const idle = () => setMode('idle');
  return (
    <li className="row-card team">
      <strong>{team.title}</strong>
      <span className="note">
        {team.members} members · {team.spaces} spaces
      </span>
      <span className="form-buttons">
        <button type="button" className="quiet" aria-expanded={mode === 'members'} onClick={() => setMode(mode === 'members' ? 'idle' : 'members')}>
          Members
        </button>
        <button type="button" className="quiet" aria-label={`Rename ${team.title}`} onClick={() => setMode('rename')}>
          Rename
        </button>
        <button type="button" className="quiet" aria-label={`Delete ${team.title}`} onClick={() => setMode('delete')}>
          Delete
        </button>
      </span>
      {mode === 'rename' && (
        <NameForm label="Team name" submitLabel="Rename" initial={team.title} maxLength={64} onCancel={idle} onSubmit={(title) => run(attempt(client, 'updateTeamInOrganizationById', { params, body: { title } }))} />
      )}
      {mode === 'delete' && (
        <ConfirmAction question={`Delete the team “${team.title}”?`} confirmLabel="Delete" onConfirm={() => run(attempt(client, 'removeTeamFromOrganizationById', { params }))} onCancel={idle} />
      )}
      {mode === 'members' && <TeamMembers org={org} team={team} />}
    </li>
  );
}
