import { useState } from 'react';

interface Props {
  question: string;
  confirmLabel: string;
  onConfirm(): Promise<unknown>;
  onCancel(): void;
}

/** A destructive action asked once more, in place, with the safe choice focused. */
export function ConfirmAction({ question, confirmLabel, onConfirm, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await onConfirm();
    setBusy(false);
    onCancel();
  };
  return (
    <div className="confirm" role="group" aria-label={question} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <p>{question}</p>
      <span className="form-buttons">
        <button type="button" className="danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
        <button type="button" className="quiet" autoFocus onClick={onCancel}>
          Cancel
        </button>
      </span>
    </div>
  );
}
