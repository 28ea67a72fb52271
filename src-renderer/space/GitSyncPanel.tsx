import { useEffect, useState, type FormEvent } from 'react';
import { attempt, type Outcome } from '../api/call.js';
import type { Answer } from '../api/types.js';
import type { Space } from '../api/types.js';
import { formatDate } from '../components/format.js';
import { FormButtons } from '../components/FormButtons.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';

type Link = Answer<'getSpaceGitLink'>;
type Operation = Answer<'getSpaceGitOperation'>;

const STAGES: Record<Operation['stage'], string> = {
  repo_fetch: 'fetching the repository',
  config_check: 'reading its configuration and table of contents',
  content_process: 'reading and writing pages',
  finalize: 'writing the result',
};

const DIRECTIONS: Record<Link['direction'], string> = { both: 'Both ways', import: 'Repository to Folio', export: 'Folio to repository' };

/** How often a running operation is read again. */
const PROGRESS_INTERVAL_MS = 1000;

/** Absent (404) reads as nothing rather than a problem: the space is not linked, or nothing ran. */
async function optional<T>(load: Promise<Outcome<T>>): Promise<Outcome<T | undefined>> {
  const outcome = await load;
  return !outcome.ok && outcome.status === 404 ? { ok: true, data: undefined } : outcome;
}

/**
 * Git Sync in a space's settings (docs/git-sync.md): the repository and ref it is linked to, the
 * direction, the last sync, the running operation's stage and progress, a failure in words, and
 * an import that went into a change request, as such.
 */
export function GitSyncPanel({ org, space, onChanged }: { org: string; space: Space; onChanged(): void }) {
  const { client } = useWorkspace();
  const params = { spaceId: space.id };
  // An unlinked space (no `gitSync`) asks nothing: its link would only answer 404.
  const link = useResource(`git-link/${space.id}/${space.gitSync?.updatedAt ?? 'none'}`, () =>
    space.gitSync ? optional(attempt(client, 'getSpaceGitLink', { params })) : Promise.resolve({ ok: true as const, data: undefined }),
  );
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const linked = link.resource.status === 'ready' ? link.resource.data : undefined;
  const operation = linked?.operation;
  const running = operation?.state === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(link.reload, PROGRESS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, link]);

  const start = async (direction: 'import' | 'export') => {
    if (!linked) return;
    const body = { url: linked.url, ref: linked.ref };
    const outcome =
      direction === 'import'
        ? await attempt(client, 'importGitRepository', { params, body })
        : await attempt(client, 'exportToGitRepository', { params, body: { ...body, commitMessage: 'Changes from Folio' } });
    setProblem(outcome.ok ? undefined : outcome.problem);
    link.reload();
  };
  const unlink = async () => {
    const outcome = await attempt(client, 'deleteSpaceGitLink', { params });
    setProblem(outcome.ok ? undefined : outcome.problem);
    onChanged();
  };

  return (
    <section className="panel git-sync" aria-labelledby={`git-sync-${space.id}`}>
      <h2 id={`git-sync-${space.id}`}>Git Sync</h2>
      {link.resource.status === 'loading' && <p role="status" className="note">Loading the repository link…</p>}
      {link.resource.status === 'failed' && (
        <p role="alert" className="problem">
          {link.resource.problem}
        </p>
      )}
      {link.resource.status === 'ready' && !linked && !editing && (
        <p className="note">This space is not linked to a repository.</p>
      )}
      {linked && !editing && (
        <dl className="facts">
          <dt>Repository</dt>
          <dd>
            <code>{linked.url}</code>
          </dd>
          <dt>Branch or ref</dt>
          <dd>
            <code>{linked.ref}</code>
          </dd>
          <dt>Direction</dt>
          <dd>{DIRECTIONS[linked.direction]}</dd>
          <dt>Last sync</dt>
          <dd>{linked.lastSync ? `${formatDate(linked.lastSync.at)}, commit ${linked.lastSync.commit.slice(0, 7)}` : 'Never'}</dd>
          {linked.pendingExport && (
            <>
              <dt>Waiting</dt>
              <dd>An export waits for the repository to be reachable again.</dd>
            </>
          )}
        </dl>
      )}
      {editing && (
        <LinkForm
          spaceId={space.id}
          initial={linked}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
      {operation && <OperationLine org={org} space={space} operation={operation} />}
      {!editing && (
        <div className="toolbar">
          {linked && space.permissions.triggerGitSync && (
            <>
              <button type="button" className="secondary" disabled={running || linked.direction === 'export'} onClick={() => void start('import')}>
                Import now
              </button>
              <button type="button" className="secondary" disabled={running || linked.direction === 'import'} onClick={() => void start('export')}>
                Export now
              </button>
            </>
          )}
          {space.permissions.admin && (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              {linked ? 'Change link' : 'Link a repository'}
            </button>
          )}
          {linked && space.permissions.admin && (
            <button type="button" className="quiet" onClick={() => void unlink()}>
              Unlink
            </button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </section>
  );
}

export function OperationLine({ org, space, operation }: { org: string; space: Space; operation: Operation }) {
  const what = operation.direction === 'import' ? 'Import' : 'Export';
  if (operation.state === 'running') {
    const progress = operation.dispatchedTasks > 0 ? ` (${operation.completedTasks} of ${operation.dispatchedTasks})` : '';
    return (
      <p role="status" className="git-operation">
        {what} running: {STAGES[operation.stage]}
        {progress}…
      </p>
    );
  }
  if (operation.state === 'failure') {
    return (
      <p role="alert" className="problem git-operation">
        {what} failed while {STAGES[operation.stage]}: {operation.error ?? 'no reason was given'}
      </p>
    );
  }
  return (
    <p className="git-operation">
      {what} done {operation.completedAt ? formatDate(operation.completedAt) : ''}
      {operation.commit ? `, commit ${operation.commit.slice(0, 7)}` : ''}.
      {operation.changeRequest && (
        <>
          {' '}
          Main had changed since the last sync, so the commits went into{' '}
          <ChangeRequestLink org={org} space={space} changeRequestId={operation.changeRequest} />.
        </>
      )}
    </p>
  );
}

/** The change request an import went into, by its number and subject once loaded. */
function ChangeRequestLink({ org, space, changeRequestId }: { org: string; space: Space; changeRequestId: string }) {
  const { client } = useWorkspace();
  const { resource } = useResource(`cr/${changeRequestId}`, () => attempt(client, 'getChangeRequestById', { params: { spaceId: space.id, changeRequestId } }));
  if (resource.status !== 'ready') return <span>a change request</span>;
  const cr = resource.data;
  return (
    <a href={hrefFor({ screen: 'change-request', org, space: space.id, number: cr.number })}>
      change request #{cr.number} {cr.subject}
    </a>
  );
}

function LinkForm({ spaceId, initial, onCancel, onSaved }: { spaceId: string; initial: Link | undefined; onCancel(): void; onSaved(): void }) {
  const { client } = useWorkspace();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [ref, setRef] = useState(initial?.ref ?? 'main');
  const [direction, setDirection] = useState<Link['direction']>(initial?.direction ?? 'both');
  const [pollSeconds, setPollSeconds] = useState(String(initial?.pollSeconds ?? 0));
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const body = { url, ref, direction, pollSeconds: Number(pollSeconds) || 0, ...(token ? { token } : {}) };
    const outcome = await attempt(client, 'setSpaceGitLink', { params: { spaceId }, body });
    setBusy(false);
    if (outcome.ok) onSaved();
    else setProblem(outcome.problem);
  };
  return (
    <form className="stacked-form" onSubmit={(event) => void submit(event)}>
      <label>
        Repository address
        <input required value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://127.0.0.1:3000/team/docs.git or file:///srv/docs.git" />
      </label>
      <label>
        Branch or ref
        <input required value={ref} onChange={(event) => setRef(event.target.value)} />
      </label>
      <label>
        Direction
        <select value={direction} onChange={(event) => setDirection(event.target.value as Link['direction'])}>
          {Object.entries(DIRECTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Look for new commits every (seconds, 0: only when a hook calls)
        <input type="number" min={0} max={86400} value={pollSeconds} onChange={(event) => setPollSeconds(event.target.value)} />
      </label>
      <label>
        Access token (kept on this machine{initial?.hasToken ? '; one is stored' : ''})
        <input type="password" autoComplete="off" value={token} onChange={(event) => setToken(event.target.value)} />
      </label>
      <FormButtons submitLabel="Save link" busy={busy} onCancel={onCancel} />
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </form>
  );
}
