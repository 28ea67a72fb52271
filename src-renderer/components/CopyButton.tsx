import { useState } from 'react';

/** Copies a value to the clipboard and says whether that worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied');
    } catch {
      setSaid('Could not copy: select the text and copy it instead');
    }
  };
  return (
    <>
      <button type="button" className="secondary" aria-label={label} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="note">
        {said}
      </span>
    </>
  );
}
