import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import { documentToPm } from '../../src-shared/content/document-in.js';
import type { PmNodeJson } from '../../src-shared/content/pm-json.js';
import { attempt, type Outcome } from '../api/call.js';
import type { Answer, ChangeRequest, Member, Space } from '../api/types.js';
import { blockLabel, type CommentTarget } from '../comments/comment-target.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { Block } from '../content/PageBody.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useNearView } from '../hooks/use-near-view.js';
import { useResource } from '../hooks/use-resource.js';
import { blockText, reviewLines, wordLevel, type ReviewLine } from './page-diff.js';
import { reviewerStates, teamsAsked } from './review-state.js';
import { wordDiff } from './word-diff.js';

type PageDiff = Answer<'getChangeRequestDiff'>['pages'][number];
type Review = Answer<'getReviewsByChangeRequestId'>['items'][number];
type Requested = Answer<'getRequestedReviewersByChangeRequestId'>['items'][number];
type Thread = Answer<'listCommentsInChangeRequest'>['items'][number];
type Team = Answer<'listTeamsInOrganizationById'>['items'][number];

interface Props {
  org: string;
  space: Space;
  changeRequest: ChangeRequest;
  /** Moves when something else on the screen changed the change request (a review, a merge, an update). */
  refreshOn: unknown;
  /** Moves when the change request's comment threads changed on the engine (pushed, comments/use-comments-feed.ts). */
  commentsChanged: unknown;
  onReviewed(): void;
  onComment?(target: CommentTarget): void;
}

/** The pages whose changes are drawn at once, before any scrolling: more than a first screen holds. */
const DRAWN_AT_ONCE = 6;

/**
 * A change request read as a reviewer does: every page it changed, each as the page reads, with
 * what changed marked (words inside a changed block), unchanged runs folded; comments beside the
 * blocks they are on; the reviews, the reviewers asked and how each stands; approve or request changes.
 */
export function ReviewPanel({ org, space, changeRequest, refreshOn, commentsChanged, onReviewed, onComment }: Props) {
  const { client } = useWorkspace();
  const params = { spaceId: space.id, changeRequestId: changeRequest.id };
  const { resource, reload } = useResource(`review/${changeRequest.id}`, () => loadReview(client, org, params), refreshOn);
  const threads = useThreads(client, params, commentsChanged);
  return (
    <section className="panel review" aria-labelledby="review-title">
      <h2 id="review-title">Review</h2>
      <Loaded resource={resource} what="the review" onRetry={reload}>
        {({ diff, reviews, requested, members, teams }) => (
          <>
            <Reviewers
              params={params}
              space={space}
              changeRequest={changeRequest}
              reviews={reviews}
              requested={requested}
              members={members}
              teams={teams}
              onChanged={() => {
                reload();
                onReviewed();
              }}
            />
            <h3>Changed pages ({diff.length})</h3>
            {diff.length === 0 ? <p className="note">This change request changes no page.</p> : diff.map((page, index) => (
              <PageReview key={page.page.id} diff={page} drawNow={index < DRAWN_AT_ONCE} threads={threads.filter((thread) => thread.target.page?.id === page.page.id)} onComment={onComment} />
            ))}
          </>
        )}
      </Loaded>
    </section>
  );
}

async function loadReview(client: ApiClient, org: string, params: { spaceId: string; changeRequestId: string }) {
  const [diff, reviews, requested, members, teams] = await Promise.all([
    attempt(client, 'getChangeRequestDiff', { params }),
    attempt(client, 'getReviewsByChangeRequestId', { params, query: { limit: 1000 } }),
    attempt(client, 'getRequestedReviewersByChangeRequestId', { params, query: { limit: 1000 } }),
    attempt(client, 'listMembersInOrganizationById', { params: { organizationId: org }, query: { limit: 1000 } }),
    attempt(client, 'listTeamsInOrganizationById', { params: { organizationId: org }, query: { limit: 1000 } }),
  ]);
  for (const outcome of [diff, reviews, requested]) if (!outcome.ok) return outcome;
  const ok = <T,>(outcome: Outcome<T>) => (outcome as { ok: true; data: T }).data;
  return {
    ok: true as const,
    data: {
      diff: ok(diff).pages,
      reviews: ok(reviews).items,
      requested: ok(requested).items,
      members: members.ok ? members.data.items : [],
      teams: teams.ok ? teams.data.items : [],
    },
  };
}

/** The change request's open threads, read again whenever the engine says they changed: others' comments appear beside their blocks. */
function useThreads(client: ApiClient, params: { spaceId: string; changeRequestId: string }, changed: unknown): Thread[] {
  const [threads, setThreads] = useState<Thread[]>([]);
  useEffect(() => {
    let live = true;
    void attempt(client, 'listCommentsInChangeRequest', { params, query: { status: 'open', format: 'markdown', limit: 1000 } }).then((answer) => {
      if (live && answer.ok) setThreads(answer.data.items);
    });
    return () => {
      live = false;
    };
  }, [client, params.spaceId, params.changeRequestId, changed]);
  return threads;
}

const CHANGE_WORDS: Record<PageDiff['change'], string> = { created: 'Added', edited: 'Edited', deleted: 'Deleted', moved: 'Moved' };

function bodyOf(side: PageDiff['before']): PmNodeJson | undefined {
  if (!side?.document) return undefined;
  const body = documentToPm(side.document);
  return body.ok ? body.value : undefined;
}

/**
 * One changed page: its heading at once, its body's changes once it comes near the screen (a
 * change request of a hundred pages is usable as soon as its first pages are drawn).
 */
function PageReview({ diff, drawNow, threads, onComment }: { diff: PageDiff; drawNow: boolean; threads: Thread[]; onComment?(target: CommentTarget): void }) {
  const { ref, near } = useNearView<HTMLElement>(drawNow);
  const showsBody = !!diff.before?.document || !!diff.after?.document;
  return (
    <article ref={ref} className="page-review" aria-label={`Changes to ${diff.page.title || 'a page'}`}>
      <h4>
        <span className={`badge diff-${diff.change}`}>{CHANGE_WORDS[diff.change]}</span> {diff.page.title || 'Untitled page'}
        {diff.before && diff.after && diff.before.title !== diff.after.title && <span className="note"> (was “{diff.before.title}”)</span>}
        {diff.change === 'moved' && (
          <span className="note">
            {' '}
            from {diff.parent?.before?.title ?? 'the top level'} to {diff.parent?.after?.title ?? 'the top level'}
          </span>
        )}
      </h4>
      {showsBody && (near ? <PageChanges diff={diff} threads={threads} onComment={onComment} /> : <p className="note review-pending" aria-busy="true">Changes shown when scrolled to…</p>)}
    </article>
  );
}

function PageChanges({ diff, threads, onComment }: { diff: PageDiff; threads: Thread[]; onComment?(target: CommentTarget): void }) {
  const before = bodyOf(diff.before);
  const after = bodyOf(diff.after);
  const lines = reviewLines(diff.change === 'created' ? undefined : before, after);
  return (
    <div className="page-body review-body">
      {lines.map((line, index) => (
        <ReviewBlock key={lineKey(line, index)} line={line} pageId={diff.page.id} threads={threads} onComment={diff.change === 'deleted' ? undefined : onComment} />
      ))}
    </div>
  );
}

function lineKey(line: ReviewLine, index: number): string {
  const block = line.kind === 'folded' ? line.blocks[0] : line.block;
  return `${line.kind}:${String(block?.attrs?.id ?? index)}`;
}

function ReviewBlock({ line, pageId, threads, onComment }: { line: ReviewLine; pageId: string; threads: Thread[]; onComment?(target: CommentTarget): void }) {
  const [open, setOpen] = useState(false);
  if (line.kind === 'folded') {
    if (open) return <>{line.blocks.map((block, index) => <ReviewBlock key={String(block.attrs?.id ?? index)} line={{ kind: 'same', block }} pageId={pageId} threads={threads} onComment={onComment} />)}</>;
    return (
      <button type="button" className="quiet folded" onClick={() => setOpen(true)}>
        {line.blocks.length} unchanged {line.blocks.length === 1 ? 'block' : 'blocks'}
      </button>
    );
  }
  const id = typeof line.block.attrs?.id === 'string' ? line.block.attrs.id : undefined;
  const onBlock = threads.filter((thread) => id !== undefined && thread.target.node?.id === id);
  return (
    <div className={`review-block diff-${line.kind}`}>
      <span className="visually-hidden">{LINE_WORDS[line.kind]}: </span>
      <div className="review-block-content">{blockContent(line)}</div>
      {onComment && id && line.kind !== 'removed' && (
        <button type="button" className="quiet block-comment" aria-label={`Comment on this block: ${blockLabel(blockText(line.block))}`} onClick={() => onComment({ page: pageId, node: id, label: blockLabel(blockText(line.block)) })}>
          Comment
        </button>
      )}
      {onBlock.length > 0 && (
        <ul className="block-threads" aria-label="Comments on this block">
          {onBlock.map((thread) => (
            <li key={thread.id}>
              <strong>{thread.postedBy.displayName}</strong>: {'markdown' in thread.body ? thread.body.markdown : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const LINE_WORDS = { same: 'Unchanged', added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

function blockContent(line: Exclude<ReviewLine, { kind: 'folded' }>): ReactNode {
  if (line.kind !== 'changed') return <Block node={line.block} />;
  if (!wordLevel(line)) {
    return (
      <>
        <div className="diff-removed">
          <Block node={line.before} />
        </div>
        <div className="diff-added">
          <Block node={line.block} />
        </div>
      </>
    );
  }
  const runs = wordDiff(blockText(line.before), blockText(line.block)).map((run, index) =>
    run.kind === 'same' ? <span key={index}>{run.text}</span> : run.kind === 'added' ? <ins key={index}>{run.text}</ins> : <del key={index}>{run.text}</del>,
  );
  if (line.block.type === 'heading') {
    const Tag = `h${Math.min(Math.max(Number(line.block.attrs?.level ?? 1), 1), 3)}` as 'h1';
    return <Tag>{runs}</Tag>;
  }
  if (line.block.type === 'code_block') return <pre><code>{runs}</code></pre>;
  return <p>{runs}</p>;
}

function Reviewers(props: {
  params: { spaceId: string; changeRequestId: string };
  space: Space;
  changeRequest: ChangeRequest;
  reviews: Review[];
  requested: Requested[];
  members: Member[];
  teams: Team[];
  onChanged(): void;
}) {
  const { params, space, changeRequest, reviews, requested, members, teams, onChanged } = props;
  const { client, user } = useWorkspace();
  const [problem, setProblem] = useState<string>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const pickId = useId();
  const states = reviewerStates(reviews, requested);
  const askedTeams = teamsAsked(requested);
  const teamTitle = (id: string) => teams.find((team) => team.id === id)?.title ?? id;
  const teamCandidates = teams.filter((team) => !askedTeams.includes(team.id));
  const open = changeRequest.status === 'open' || changeRequest.status === 'draft';
  const send = async (run: () => Promise<Outcome<unknown>>) => {
    setBusy(true);
    const outcome = await run();
    setBusy(false);
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) onChanged();
    return outcome.ok;
  };
  const review = (status: 'approved' | 'changes-requested') =>
    send(async () => {
      const text = comment.trim();
      const body = text ? { status, comment: markdownDocument(text) } : { status };
      const sent = await attempt(client, 'submitChangeRequestReview', { params, body });
      if (sent.ok) setComment('');
      return sent;
    });
  const candidates = members.filter((member) => member.user.id !== changeRequest.createdBy.id && !requested.some((entry) => entry.kind === 'user' && entry.user.id === member.user.id) && ['admin', 'create', 'review'].includes(member.role ?? ''));
  return (
    <div className="reviewers">
      <h3>Reviewers</h3>
      {askedTeams.length > 0 && <p className="teams-asked">Teams asked: {askedTeams.map(teamTitle).join(', ')}</p>}
      {states.length === 0 ? <p className="note">{askedTeams.length === 0 ? 'No reviewer asked, no review yet.' : 'No review yet.'}</p> : (
        <ul className="rows reviewer-states">
          {states.map((state) => (
            <li key={state.user.id} className={`review-state state-${state.state}`}>
              <strong>{state.user.displayName}</strong> <span className="badge">{STATE_WORDS[state.state]}</span>
              {state.outdated && <span className="note"> (on an earlier revision)</span>}
            </li>
          ))}
        </ul>
      )}
      {space.permissions.edit && open && candidates.length + teamCandidates.length > 0 && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            // A choice is `user:<id>` or `team:<id>`: one list of the people and the teams who may be asked.
            const [kind, id] = String(new FormData(event.currentTarget).get('reviewer') ?? '').split(':');
            if (!id) return;
            const body = kind === 'team' ? { users: [], teams: [id] } : { users: [id] };
            void send(() => attempt(client, 'requestReviewersForChangeRequest', { params, body }));
          }}
        >
          <label htmlFor={pickId}>Ask for a review</label>
          <select id={pickId} name="reviewer" defaultValue="">
            <option value="" disabled>
              Choose a reviewer or a team
            </option>
            {candidates.map((member) => (
              <option key={member.user.id} value={`user:${member.user.id}`}>
                {member.user.displayName}
              </option>
            ))}
            {teamCandidates.map((team) => (
              <option key={team.id} value={`team:${team.id}`}>
                Team {team.title}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary" disabled={busy}>
            Ask
          </button>
        </form>
      )}
      {space.permissions.review && open && user.id !== changeRequest.createdBy.id && (
        <div className="review-form">
          <label htmlFor={commentId}>Review comment</label>
          <textarea id={commentId} rows={2} value={comment} onChange={(event) => setComment(event.target.value)} />
          <div className="toolbar">
            <button type="button" disabled={busy} onClick={() => void review('approved')}>
              Approve
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void review('changes-requested')}>
              Request changes
            </button>
          </div>
        </div>
      )}
      <ProblemLine problem={problem} />
    </div>
  );
}

const STATE_WORDS = { approved: 'Approved', 'changes-requested': 'Changes requested', waiting: 'Waiting' } as const;

/** A comment typed as plain text, as the one paragraph per line a Document holds. */
function markdownDocument(text: string) {
  return {
    object: 'document' as const,
    data: {},
    nodes: text.split(/\n+/).map((line) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }] })),
  };
}
