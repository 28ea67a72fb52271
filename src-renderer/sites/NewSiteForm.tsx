import { useId, useState, type FormEvent } from 'react';
import { attempt } from '../api/call.js';
import { FormButtons } from '../components/FormButtons.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';
import { useOrganizationSpaces } from './use-organization-spaces.js';

/** A new site: its title and the spaces it publishes, in the order ticked. */
export function NewSiteForm({ org }: { org: string }) {
  const { client } = useWorkspace();
  const id = useId();
  const [title, setTitle] = useState('');
  const [spaces, setSpaces] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { resource, reload } = useOrganizationSpaces(org);
  const toggle = (spaceId: string, on: boolean) => setSpaces((chosen) => (on ? [...chosen, spaceId] : chosen.filter((other) => other !== spaceId)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(client, 'createSite', { params: { organizationId: org }, body: { title: title.trim(), spaces } });
    setBusy(false);
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) navigate(hrefFor({ screen: 'site', org, site: outcome.data.id }));
  };
  return (
    <form className="card" aria-labelledby={`${id}-legend`} onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-legend`}>New site</h2>
      <label htmlFor={`${id}-title`}>Site title</label>
      <input id={`${id}-title`} value={title} minLength={2} maxLength={128} required onChange={(event) => setTitle(event.target.value)} />
      <fieldset>
        <legend>Spaces to publish</legend>
        <Loaded resource={resource} what="spaces" onRetry={reload}>
          {(list) =>
            list.items.length === 0 ? (
              <p className="note">No spaces yet: a site can start empty.</p>
            ) : (
              list.items.map((space) => (
                <label key={space.id} className="check">
                  <input type="checkbox" checked={spaces.includes(space.id)} onChange={(event) => toggle(space.id, event.target.checked)} />
                  {space.title}
                </label>
              ))
            )
          }
        </Loaded>
      </fieldset>
      <ProblemLine problem={problem} />
      <FormButtons submitLabel="Create site" busy={busy} />
    </form>
  );
}
