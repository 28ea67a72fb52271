import { FormButtons } from './FormButtons.js';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';

interface Props {
  label: string;
  submitLabel: string;
  initial?: string;
  maxLength?: number;
  /** Resolves true when the name was taken, so the form can close. */
  onSubmit(name: string): Promise<boolean>;
  /** Without it the form stays open, emptied after each success. */
  onCancel?(): void;
}

/** A one-field form for naming something: Enter saves, Escape cancels. */
export function NameForm({ label, submitLabel, initial = '', maxLength, onSubmit, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || busy) return;
    setBusy(true);
    const done = await onSubmit(name.trim());
    setBusy(false);
    if (done && onCancel) onCancel();
    else if (done) setName('');
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel?.();
  };
  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)} onKeyDown={escape}>
      <label htmlFor={id}>{label}</label>
      <input id={id} autoFocus value={name} maxLength={maxLength} onChange={(event) => setName(event.target.value)} />
      <FormButtons submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
