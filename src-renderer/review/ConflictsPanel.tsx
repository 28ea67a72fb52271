import { useId, useState } from 'react';
import { documentToPm } from '../../src-shared/content/document-in.js';
import { attempt } from '../api/call.js';
import type { Answer } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { PageBody } from '../content/PageBody.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';

type Conflict = Answer<'listChangeRequestConflicts'>['items'][number];
type Side = Conflict['main'];

interface Props {
  spaceId: string;
  changeRequestId: string;
  canResolve: boolean;
  refreshOn: unknown;
  onResolved(): void;
}

/** A draft of an edited resolution, kept in the browser so that a reload or an outage loses none of it. */
const draftKey = (conflictId: string) => `folio.conflict-draft.${conflictId}`;

/**
 * The change request's open conflicts with main, each place with its base, main's and the change
 * request's versions side by side; keep main's, keep mine, or write the resolved text; how many are left.
 */
export function ConflictsPanel({ spaceId, changeRequestId, canResolve, refreshOn, onResolved }: Props) {
  const { client } = useWorkspace();
  const params = { spaceId, changeRequestId };
  const { resource, reload } = useResource(
    `conflicts/${changeRequestId}`,
    () => attempt(client, 'listChangeRequestConflicts', { params, query: { status: 'open', limit: 1000 } }),
    refreshOn,
  );
  const left = resource.status === 'ready' ? resource.data.count : undefined;
  if (left === 0) return null;
  return (
    <section className="panel conflicts" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">Conflicts with main</h2>
      {left !== undefined && (
        <p role="status" className="note">
          {left} {left === 1 ? 'conflict' : 'conflicts'} left to resolve before merging.
        </p>
      )}
      <LoadedList resource={resource} what="conflicts" empty="No conflict left." onRetry={reload}>
        {(conflicts) =>
          conflicts.map((conflict) => (
            <ConflictView
              key={conflict.id}
              conflict={conflict}
              canResolve={canResolve}
              resolve={async (body) => {
                const done = await attempt(client, 'resolveChangeRequestConflict', { params: { ...params, conflictId: conflict.id }, body });
                if (done.ok) {
                  localStorage.removeItem(draftKey(conflict.id));
                  reload();
                  onResolved();
                }
                return done.ok ? undefined : done.problem;
              }}
            />
          ))
        }
      </LoadedList>
    </section>
  );
}

const KIND_WORDS = (conflict: Conflict) =>
  conflict.kind === 'block' ? 'A block' : conflict.kind === 'page-field' ? `The page's ${conflict.field ?? 'field'}` : 'The page itself';

function ConflictView({ conflict, canResolve, resolve }: { conflict: Conflict; canResolve: boolean; resolve(body: { keep: 'main' | 'change-request' } | { markdown: string }): Promise<string | undefined> }) {
  const [editing, setEditing] = useState(() => localStorage.getItem(draftKey(conflict.id)) !== null);
  const [draft, setDraft] = useState(() => localStorage.getItem(draftKey(conflict.id)) ?? conflict.changeRequest?.markdown ?? '');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const draftId = useId();
  const send = async (body: Parameters<typeof resolve>[0]) => {
    setBusy(true);
    setProblem(await resolve(body));
    setBusy(false);
  };
  return (
    <article className="conflict" aria-label={`Conflict on ${conflict.page.title}`}>
      <h3>
        {KIND_WORDS(conflict)} of “{conflict.page.title}” changed on both sides
        {conflict.deletedOn && <span className="note"> ({conflict.deletedOn === 'main' ? 'main deleted it' : 'this change request deleted it'})</span>}
      </h3>
      <div className="conflict-sides">
        <SideView label="Base" side={conflict.base} />
        <SideView label="Main" side={conflict.main} />
        <SideView label="This change request" side={conflict.changeRequest} />
      </div>
      {canResolve && !editing && (
        <div className="toolbar">
          <button type="button" disabled={busy} onClick={() => void send({ keep: 'main' })}>
            Keep main
          </button>
          <button type="button" disabled={busy} onClick={() => void send({ keep: 'change-request' })}>
            Keep mine
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => setEditing(true)}>
            Edit
          </button>
        </div>
      )}
      {canResolve && editing && (
        <form
          className="markdown-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send({ markdown: draft });
          }}
        >
          <label htmlFor={draftId}>Resolved text (Markdown)</label>
          <textarea
            id={draftId}
            rows={4}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              localStorage.setItem(draftKey(conflict.id), event.target.value);
            }}
          />
          <div className="toolbar">
            <button type="submit" disabled={busy}>
              Save resolution
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                localStorage.removeItem(draftKey(conflict.id));
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <ProblemLine problem={problem} />
    </article>
  );
}

function SideView({ label, side }: { label: string; side: Side }) {
  const body = side ? documentToPm(side.document) : undefined;
  return (
    <figure className="conflict-side">
      <figcaption>{label}</figcaption>
      {!side ? <p className="note">Deleted</p> : body?.ok ? <PageBody body={body.value} /> : <pre>{side.markdown}</pre>}
    </figure>
  );
}
