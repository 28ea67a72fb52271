import type { EditorView } from 'prosemirror-view';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { refusedHref, normalHref } from './link-address.js';
import { linkTarget, setLink } from './links.js';

/**
 * Ctrl/Cmd-K: the link over the selection (or around the cursor), edited in place: an address to
 * set, or nothing to take the link off. Addresses that could run script are refused with the reason.
 */
export function LinkForm({ view, onDone }: { view: EditorView; onDone(): void }) {
  const [target] = useState(() => linkTarget(view.state));
  const [address, setAddress] = useState(target.href);
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent | KeyboardEvent) => {
    // Enter is taken here: left to the form, its key would reach the editor once focus is back there.
    event.preventDefault();
    const href = normalHref(address);
    if (href) {
      const refused = refusedHref(href);
      if (refused) return setProblem(refused);
    }
    view.dispatch(setLink(view.state, target, href));
    onDone();
  };
  return (
    <form className="link-form" onSubmit={submit} onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
        else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) submit(event);
      }} aria-label="Link">
      <label>
        Link address{' '}
        <input autoFocus value={address} placeholder="https://…" onChange={(event) => setAddress(event.target.value)} aria-invalid={problem !== undefined} />
      </label>
      <button type="submit">{address.trim() ? 'Apply' : 'Remove link'}</button>
      {target.href && (
        <button type="button" className="quiet" onClick={() => (view.dispatch(setLink(view.state, target, '')), onDone())}>
          Remove link
        </button>
      )}
      <button type="button" className="quiet" onClick={onDone}>
        Cancel
      </button>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </form>
  );
}
