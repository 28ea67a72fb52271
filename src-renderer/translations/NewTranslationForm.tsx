import { useId, useState, type FormEvent } from 'react';
import { TRANSLATION_LANGUAGES } from '../../src-shared/contract/common.js';
import { attempt } from '../api/call.js';
import { FormButtons } from '../components/FormButtons.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useOrganizationSpaces } from '../sites/use-organization-spaces.js';
import { languageName, type Language } from './translation-words.js';

function LanguageSelect({ id, label, value, onChange }: { id: string; label: string; value: Language; onChange(language: Language): void }) {
  return (
    <label className="field" htmlFor={id}>
      {label}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Language)}>
        {TRANSLATION_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(code)} ({code})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A new translation: which space, from which language, into which; its first run starts at once. */
export function NewTranslationForm({ org, onCreated }: { org: string; onCreated(): void }) {
  const { client } = useWorkspace();
  const id = useId();
  const [space, setSpace] = useState('');
  const [from, setFrom] = useState<Language>('en');
  const [into, setInto] = useState<Language>('fr');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { resource, reload } = useOrganizationSpaces(org);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(client, 'createTranslation', { params: { organizationId: org }, body: { language: into, source: { space, language: from } } });
    setBusy(false);
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) onCreated();
  };
  return (
    <form className="card stacked-form" aria-labelledby={`${id}-legend`} onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-legend`}>New translation</h2>
      <Loaded resource={resource} what="spaces" onRetry={reload}>
        {(list) =>
          list.items.length === 0 ? (
            <p className="note">No spaces yet: create one to translate it.</p>
          ) : (
            <label className="field" htmlFor={`${id}-space`}>
              Space to translate
              <select id={`${id}-space`} value={space} required onChange={(event) => setSpace(event.target.value)}>
                <option value="">Choose a space</option>
                {list.items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title}
                  </option>
                ))}
              </select>
            </label>
          )
        }
      </Loaded>
      <LanguageSelect id={`${id}-from`} label="Written in" value={from} onChange={setFrom} />
      <LanguageSelect id={`${id}-into`} label="Translate into" value={into} onChange={setInto} />
      <ProblemLine problem={problem} />
      <FormButtons submitLabel="Create and run" busy={busy} />
    </form>
  );
}
