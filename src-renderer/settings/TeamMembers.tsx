import { attempt } from '../api/call.js';
import type { Team } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { NameForm } from '../components/NameForm.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { useAction } from './use-action.js';

/** A team's members, with adding by e-mail and removing. */
export function TeamMembers({ org, team }: { org: string; team: Team }) {
  const { client } = useWorkspace();
  const params = { organizationId: org, teamId: team.id };
  const { resource, reload } = useResource(`team-members/${team.id}`, () => attempt(client, 'listTeamMembersInOrganizationById', { params }));
  const { problem, run } = useAction(reload);
  return (
    <div className="subsection">
      <NameForm
        label="Add a member by e-mail"
        submitLabel="Add"
        onSubmit={(email) => run(attempt(client, 'updateMembersInOrganizationTeam', { params, body: { add: [email] } }))}
      />
      <ProblemLine problem={problem} />
      <LoadedList resource={resource} what="team members" empty="Nobody is in this team yet." onRetry={reload}>
        {(memberships) => (
          <ul className="rows">
            {memberships.map(({ organization: member, team: membership }) => (
              <li key={member.user.id} className="row-card">
                {member.user.displayName}
                <span className="badge">{membership.role}</span>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Remove ${member.user.displayName} from ${team.title}`}
                  onClick={() => void run(attempt(client, 'deleteMemberFromOrganizationTeamById', { params: { ...params, userId: member.user.id } }))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </div>
  );
}
