import { useState, type ReactNode } from 'react';
import type { Outcome } from '../api/call.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { NameForm } from '../components/NameForm.js';
import { useSiteActions } from './site-actions.js';

interface Props {
  /** What it is and its name, for the buttons' labels: "section People". */
  title: string;
  /** The name field's label: "Section title". */
  label: string;
  maxLength: number;
  deleteQuestion: string;
  rename(title: string): Promise<Outcome<unknown>>;
  remove(): Promise<Outcome<unknown>>;
  /** The row's other buttons, shown beside Rename and Delete. */
  children?: ReactNode;
}

/** A section's or group's Rename and Delete, each opening in place. */
export function RenameDelete({ title, label, maxLength, deleteQuestion, rename, remove, children }: Props) {
  const { run } = useSiteActions();
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const idle = () => setMode('idle');
  return (
    <>
      <span className="form-buttons">
        {children}
        <button type="button" className="quiet" aria-label={`Rename ${title}`} onClick={() => setMode('rename')}>
          Rename
        </button>
        <button type="button" className="quiet" aria-label={`Delete ${title}`} onClick={() => setMode('delete')}>
          Delete
        </button>
      </span>
      {mode === 'rename' && <NameForm label={label} submitLabel="Rename" initial={title} maxLength={maxLength} onCancel={idle} onSubmit={(name) => run(rename(name))} />}
      {mode === 'delete' && <ConfirmAction question={deleteQuestion} confirmLabel="Delete" onConfirm={() => run(remove())} onCancel={idle} />}
    </>
  );
}
