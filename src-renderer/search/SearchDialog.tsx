import { useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { attempt } from '../api/call.js';
import type { Answer } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { TreeContext, useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { navigate, useRoute } from '../routing/use-route.js';
import type { TreeNode } from '../tree/build-tree.js';
import type { TreeState } from '../tree/tree-store.js';
import { runCommand, scrollToBlock, type CommandName } from './commands.js';
import { recentPages } from './recent-pages.js';
import { isSearchShortcut } from './shortcut.js';

type SpaceHits = Answer<'searchOrganizationContent'>['items'][number];

// Typing pauses this long before a search starts, so that each keystroke does not cost a request.
const PAUSE_MS = 200;

/**
 * The quick switcher: Ctrl/Cmd-K opens it anywhere (but over a selection in the editor, where it
 * edits the link), empty, with the pages opened lately and the commands; typing finds pages (a
 * heading found goes to its section), spaces and the open space's change requests. Escape closes it.
 */
export function SearchDialog({ org }: { org: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Each opening starts a new form: empty, recent pages first.
  const [opened, setOpened] = useState(0);
  const open = () => {
    setOpened((count) => count + 1);
    dialog.current?.showModal();
  };
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      // The editor takes Ctrl/Cmd-K over a selection (a link) and says so by preventing the default.
      if (!isSearchShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" className="secondary search-button" aria-keyshortcuts="Control+K Meta+K" onClick={open}>
        Search <kbd>Ctrl K</kbd>
      </button>
      <dialog ref={dialog} className="search-dialog" aria-label="Search">
        {opened > 0 && <SearchForm key={opened} org={org} onLeave={() => dialog.current?.close()} />}
      </dialog>
    </>
  );
}

const COMMANDS: { name: CommandName; label: string; words: string }[] = [
  { name: 'new-page', label: 'New page', words: 'add create write page' },
  { name: 'new-change-request', label: 'New change request', words: 'add create open change request draft' },
];

const EMPTY_TREE = createStore<Pick<TreeState, 'tree'>>()(() => ({ tree: { status: 'ready', data: [] } }));

function SearchForm({ org, onLeave }: { org: string; onLeave(): void }) {
  const { client } = useWorkspace();
  const route = useRoute();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const tree = useStore(useContext(TreeContext) ?? EMPTY_TREE, (state) => state.tree);
  const space = 'space' in route ? route.space : undefined;
  const here = route.screen === 'change-request' ? 'change-request' : space ? 'space' : 'elsewhere';
  const { resource, reload } = useResource(`search/${org}/${query}`, () =>
    query
      ? attempt(client, 'searchOrganizationContent', { params: { organizationId: org }, query: { query, limit: 20 } })
      : Promise.resolve({ ok: true as const, data: { items: [] as SpaceHits[] } }),
  );
  const changeRequests = useResource(`switcher-crs/${space ?? ''}`, async () => {
    if (!space) return { ok: true as const, data: [] };
    const listed = await attempt(client, 'listChangeRequestsForSpace', { params: { spaceId: space }, query: { status: 'open' } });
    return listed.ok ? { ok: true as const, data: listed.data.items } : listed;
  }).resource;

  const words = typed.trim().toLowerCase();
  const matches = (text: string) => !words || text.toLowerCase().includes(words);
  const commands = COMMANDS.filter(
    (command) => (command.name === 'new-page' ? here === 'change-request' : here !== 'elsewhere') && (matches(command.label) || matches(command.words)),
  );
  const recent = words ? [] : recentPages();
  const spaces = words && tree.status === 'ready' ? spacesOf(tree.data).filter((candidate) => matches(candidate.title)).slice(0, 5) : [];
  const requests =
    words && changeRequests.status === 'ready' ? changeRequests.data.filter((request) => matches(`#${request.number} ${request.subject}`)).slice(0, 5) : [];
  const go = (href: string, block?: string) => {
    onLeave();
    navigate(href);
    if (block) scrollToBlock(block);
  };
  const command = (name: CommandName) => {
    onLeave();
    if (name === 'new-change-request' && space && route.screen !== 'space') navigate(hrefFor({ screen: 'space', org, space }));
    runCommand(name);
  };
  const nothingElse = commands.length === 0 && spaces.length === 0 && requests.length === 0;

  return (
    <div className="search-form" onKeyDown={walkResults}>
      <label htmlFor={inputId}>Search this organization</label>
      <input id={inputId} autoFocus autoComplete="off" placeholder="Pages, change requests, spaces, commands" value={typed} onChange={(event) => setTyped(event.target.value)} />
      {commands.length > 0 && (
        <Group title="Commands">
          {commands.map((entry) => (
            <li key={entry.name}>
              <button type="button" className="search-hit quiet" onClick={() => command(entry.name)}>
                {entry.label}
              </button>
            </li>
          ))}
        </Group>
      )}
      {recent.length > 0 && (
        <Group title="Recent pages">
          {recent.map((page) => (
            <li key={page.href}>
              <a className="search-hit" href={page.href} onClick={onLeave}>
                <strong>{page.title}</strong> <span className="note">{page.where}</span>
              </a>
            </li>
          ))}
        </Group>
      )}
      {spaces.length > 0 && (
        <Group title="Spaces">
          {spaces.map((found) => (
            <li key={found.id}>
              <a className="search-hit" href={hrefFor({ screen: 'space', org, space: found.id })} onClick={onLeave}>
                {found.title}
              </a>
            </li>
          ))}
        </Group>
      )}
      {requests.length > 0 && space && (
        <Group title="Change requests">
          {requests.map((request) => (
            <li key={request.id}>
              <a className="search-hit" href={hrefFor({ screen: 'change-request', org, space, number: request.number })} onClick={onLeave}>
                #{request.number} {request.subject}
              </a>
            </li>
          ))}
        </Group>
      )}
      {query && (
        <LoadedList resource={resource} what="results" empty={nothingElse ? `Nothing matches “${query}”.` : 'No page matches.'} onRetry={reload}>
          {(found) => (
            <Group title="Pages">
              {found.flatMap((hitSpace) =>
                hitSpace.pages.map((page) => {
                  const href = hrefFor({ screen: 'space', org, space: hitSpace.id, page: page.id });
                  const path = [...page.ancestors.map((ancestor) => ancestor.title), page.title].join(' › ');
                  const headings = page.sections.filter((section) => section.title && section.title !== page.title).slice(0, 3);
                  return (
                    <li key={page.id}>
                      <a className="search-hit" href={href} onClick={onLeave}>
                        <strong>{path}</strong> <span className="note">{hitSpace.title}</span>
                        {page.sections[0] && <span className="note search-body">{page.sections[0].body}</span>}
                      </a>
                      {headings.length > 0 && (
                        <ul className="rows search-headings">
                          {headings.map((section) => (
                            <li key={section.id}>
                              <a
                                className="search-hit"
                                href={href}
                                onClick={(event) => {
                                  event.preventDefault();
                                  go(href, section.id);
                                }}
                              >
                                § {section.title}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                }),
              )}
            </Group>
          )}
        </LoadedList>
      )}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="search-group" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul className="rows search-results">{children}</ul>
    </section>
  );
}

function spacesOf(tree: TreeNode[]): { id: string; title: string }[] {
  return tree.flatMap((node) => (node.kind === 'space' ? [{ id: node.item.id, title: node.item.title }] : spacesOf(node.children)));
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
