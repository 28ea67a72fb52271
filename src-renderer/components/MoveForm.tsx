import { useId, useState, type FormEvent } from 'react';
import { FormButtons } from './FormButtons.js';
import type { Destination } from '../tree/build-tree.js';

interface Props {
  choices: Destination[];
  current: string | null;
  onMove(parent: string | null): Promise<unknown>;
  onCancel(): void;
}

/** The keyboard's way to do what dragging does: pick where the item goes. */
export function MoveForm({ choices, current, onMove, onCancel }: Props) {
  const id = useId();
  const [parent, setParent] = useState(current ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onMove(parent || null);
    onCancel();
  };
  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <label htmlFor={id}>Move to</label>
      <select id={id} autoFocus value={parent} onChange={(event) => setParent(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.parent ?? ''} value={choice.parent ?? ''}>
            {`${'\u00a0\u00a0'.repeat(choice.depth)}${choice.label}`}
          </option>
        ))}
      </select>
      <FormButtons submitLabel="Move" onCancel={onCancel} />
    </form>
  );
}
