import { useId, useState, type FormEvent } from 'react';

/** A comment or reply being written, sent as Markdown. */
interface Props {
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  onSubmit(markdown: string): Promise<boolean>;
}

export function MarkdownForm({ label, submitLabel, autoFocus, onSubmit }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    if (await onSubmit(text.trim())) setText('');
    setBusy(false);
  };
  return (
    <form className="markdown-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        autoFocus={autoFocus}
        id={id}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
      />
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
