import { useId, useState, type FormEvent } from 'react';
import { attempt } from '../api/call.js';
import type { SiteSection } from '../api/types.js';
import { FormButtons } from '../components/FormButtons.js';
import { useSiteActions } from './site-actions.js';

/** A new section group and the section it starts with: a group holding nothing is not shown to readers. */
export function NewGroupForm({ sections, onClose }: { sections: SiteSection[]; onClose(): void }) {
  const { client, params, run } = useSiteActions();
  const id = useId();
  const [title, setTitle] = useState('');
  const [section, setSection] = useState(sections[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !section || busy) return;
    setBusy(true);
    const done = await run(attempt(client, 'addSectionGroupToSite', { params, body: { title: title.trim(), sections: [section] } }));
    setBusy(false);
    if (done) onClose();
  };
  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <label htmlFor={`${id}-title`}>Group title</label>
      <input id={`${id}-title`} autoFocus value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
      <label htmlFor={`${id}-section`}>First section</label>
      <select id={`${id}-section`} value={section} onChange={(event) => setSection(event.target.value)}>
        {sections.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
      </select>
      <FormButtons submitLabel="Create group" busy={busy} onCancel={onClose} />
    </form>
  );
}
