import { useId, useState, type FormEvent } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import { organizationTitleFor } from '../../src-shared/contract/first-start.js';
import { attempt } from '../api/call.js';
import { FormButtons } from '../components/FormButtons.js';
import { ProblemLine } from '../components/ProblemLine.js';
import type { FirstStart } from '../store/overview.js';
import { fieldProblem } from '../api/field-problem.js';

interface Props {
  client: ApiClient;
  firstStart: FirstStart;
  /** Told the answer once the engine took it: the app opens the welcome space. */
  onDone(answer: FirstStart): void;
}

/**
 * The first screen of a new data dir (docs/desktop.md, "First start"): the person's name, as
 * others will see it beside their work, and their first organization's. Both start from what
 * first start chose (the OS user's name), so Enter alone is enough.
 */
export function FirstStartScreen({ client, firstStart, onDone }: Props) {
  const id = useId();
  const [name, setName] = useState(firstStart.name);
  const [organization, setOrganization] = useState(firstStart.organization?.title ?? '');
  // Named after the person, as first start named it, until the person types a title of their own.
  const [ownTitle, setOwnTitle] = useState(organization !== organizationTitleFor(firstStart.name));
  const rename = (typed: string) => {
    setName(typed);
    if (!ownTitle) setOrganization(organizationTitleFor(typed.trim() || firstStart.name));
  };
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field?: 'name' | 'organization'; text: string }>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(client, 'completeFirstStart', { params: undefined, body: { name: name.trim(), organization: organization.trim() } });
    setBusy(false);
    if (outcome.ok) return onDone(outcome.data);
    setProblem(fieldProblem(outcome, ['name', 'organization']));
  };
  const invalid = (field: 'name' | 'organization') => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {});
  return (
    <form className="card stacked-form first-start" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h1 id={`${id}-title`}>Welcome to Folio</h1>
      <p>Folio keeps your documentation on this device, and shares it with your team when you connect to a hub. Two questions first.</p>
      <label htmlFor={`${id}-name`}>Your name</label>
      <input id={`${id}-name`} value={name} required maxLength={100} autoComplete="name" autoFocus onChange={(event) => rename(event.target.value)} {...invalid('name')} />
      <p className="note">Shown beside your pages, change requests and comments.</p>
      <label htmlFor={`${id}-organization`}>Your organization</label>
      <input
        id={`${id}-organization`}
        value={organization}
        required
        minLength={2}
        maxLength={255}
        autoComplete="organization"
        onChange={(event) => {
          setOwnTitle(true);
          setOrganization(event.target.value);
        }}
        {...invalid('organization')}
      />
      <p className="note">Where your spaces live: your team, your company, or just you. You can rename it later.</p>
      <div id={`${id}-problem`}>
        <ProblemLine problem={problem?.text} />
      </div>
      <FormButtons submitLabel={busy ? 'Starting…' : 'Start writing'} busy={busy} />
    </form>
  );
}
