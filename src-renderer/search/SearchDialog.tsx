import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { attempt } from '../api/call.js';
import type { Answer } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { isSearchShortcut } from './shortcut.js';

type SpaceHits = Answer<'searchOrganizationContent'>['items'][number];

// Typing pauses this long before a search starts, so that each keystroke does not cost a request.
const PAUSE_MS = 200;

/** Search across the organization's spaces: Ctrl/Cmd-K opens it anywhere, Escape closes it. */
export function SearchDialog({ org }: { org: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const open = (event: globalThis.KeyboardEvent) => {
      // The editor takes Ctrl/Cmd-K over a selection (a link) and says so by preventing the default.
      if (!isSearchShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      dialog.current?.showModal();
    };
    window.addEventListener('keydown', open);
    return () => window.removeEventListener('keydown', open);
  }, []);
  return (
    <>
      <button type="button" className="secondary search-button" aria-keyshortcuts="Control+K Meta+K" onClick={() => dialog.current?.showModal()}>
        Search <kbd>Ctrl K</kbd>
      </button>
      <dialog ref={dialog} className="search-dialog" aria-label="Search">
        <SearchForm org={org} onLeave={() => dialog.current?.close()} />
      </dialog>
    </>
  );
}

function SearchForm({ org, onLeave }: { org: string; onLeave(): void }) {
  const { client } = useWorkspace();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { resource, reload } = useResource(`search/${org}/${query}`, () =>
    query
      ? attempt(client, 'searchOrganizationContent', { params: { organizationId: org }, query: { query, limit: 20 } })
      : Promise.resolve({ ok: true as const, data: { items: [] as SpaceHits[] } }),
  );
  return (
    <div className="search-form" onKeyDown={walkResults}>
      <label htmlFor={inputId}>Search this organization</label>
      <input id={inputId} autoFocus autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      {query && (
        <LoadedList resource={resource} what="results" empty={`Nothing matches “${query}”.`} onRetry={reload}>
          {(spaces) => (
            <ul className="rows search-results">
              {spaces.map((space) => (
                <li key={space.id}>
                  <h3>{space.title}</h3>
                  <ul className="rows">
                    {space.pages.map((page) => (
                      <li key={page.id}>
                        <a className="search-hit" href={hrefFor({ screen: 'space', org, space: space.id, page: page.id })} onClick={onLeave}>
                          <strong>{[...page.ancestors.map((ancestor) => ancestor.title), page.title].join(' › ')}</strong>
                          {page.sections[0] && <span className="note">{page.sections[0].body}</span>}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </LoadedList>
      )}
    </div>
  );
}

/** Down from the field enters the results; Up and Down walk them. */
function walkResults(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('input, .search-hit')];
  const next = stops[stops.indexOf(event.target as HTMLElement) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
