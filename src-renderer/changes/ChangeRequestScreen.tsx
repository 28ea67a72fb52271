import { useEffect, useState } from 'react';
import { attempt, type Outcome } from '../api/call.js';
import type { ApiClient } from '../../src-shared/client/client.js';
import type { Answer, ChangeRequest, Space } from '../api/types.js';
import type { CommentTarget } from '../comments/comment-target.js';
import { CommentsPanel } from '../comments/CommentsPanel.js';
import { useCommentsFeed } from '../comments/use-comments-feed.js';
import { formatDate } from '../components/format.js';
import { Loaded } from '../components/Loaded.js';
import { NameForm } from '../components/NameForm.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { useAction } from '../settings/use-action.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { ConflictsPanel } from '../review/ConflictsPanel.js';
import { ReviewPanel } from '../review/ReviewPanel.js';
import { ChangeRequestPages } from './ChangeRequestPages.js';
import { mergeWords } from './merge-words.js';
import { statusMoves } from './status-moves.js';
import { changeRequestBranch, commentsDoc } from '../../src-shared/sync/doc-names.js';

interface Props {
  org: string;
  spaceId: string;
  number: number;
  page?: string;
}

/**
 * One change request: its subject and status, the moves between statuses, merging (disabled with
 * the reason while the merge rules or open conflicts stand in the way, and confirmed) and updating
 * it, its conflicts with main, its review and its pages. A reviewer who did not write it lands on
 * the review; its writers on its pages.
 */
export function ChangeRequestScreen({ org, spaceId, number, page }: Props) {
  const { client, user, access } = useWorkspace();
  const params = { spaceId, changeRequestId: String(number) };
  const { resource, reload } = useResource(`change-request/${spaceId}/${number}`, () => loadBoth(client, spaceId, number));
  // Others' comments arrive pushed: both the review and the comments panel read them again when they
  // change. So do others' reviews, merges, resolutions: the change request, its mergeability, its
  // review and its conflicts are read again (not its pages: a writer may be typing in them).
  const feed = useCommentsFeed(access, resource.status === 'ready' ? commentsDoc(spaceId, changeRequestBranch(resource.data.changeRequest.id)) : undefined);
  const commentsChanged = feed.comments;
  useEffect(() => {
    if (feed.changeRequest > 0) reload();
  }, [feed.changeRequest, reload]);
  const { problem, run } = useAction(reload);
  const [view, setView] = useState<'review' | 'pages'>();
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [outcome, setOutcome] = useState<{ words: string; conflicts: boolean }>();
  const [combining, setCombining] = useState<'merge' | 'update'>();
  const [combined, setCombined] = useState(0);
  // What the panels of the change request's state reload on: a merge or an update here, or a pulse.
  const moved = `${combined}/${feed.changeRequest}`;
  const [target, setTarget] = useState<CommentTarget>();
  const combine = async (kind: 'merge' | 'update') => {
    setOutcome(undefined);
    setCombining(kind);
    const done =
      kind === 'merge'
        ? await attempt(client, 'mergeChangeRequest', { params })
        : await attempt(client, 'updateChangeRequest', { params });
    setCombining(undefined);
    if (!(await run(Promise.resolve(done))) || !done.ok) return;
    setOutcome({ words: mergeWords(kind, done.data), conflicts: done.data.result === 'conflicts' });
    setCombined((count) => count + 1);
    reload();
  };
  const update = (body: { subject?: string; status?: 'draft' | 'open' | 'archived' }) => run(attempt(client, 'updateChangeRequestById', { params, body }));
  return (
    <div className="screen change-request">
      <Loaded resource={resource} what="the change request" onRetry={reload}>
        {({ changeRequest, space, mergeability }) => {
          const shown = view ?? (page === undefined && space.permissions.review && changeRequest.createdBy.id !== user.id ? 'review' : 'pages');
          return (
          <>
            <a href={hrefFor({ screen: 'space', org, space: spaceId })}>← {space.title || 'Untitled space'}</a>
            <header className="space-header">
              <h1>
                <span className="number">#{changeRequest.number}</span> {changeRequest.subject || 'Untitled change request'}
              </h1>
              <p className="badges">
                <span className={`badge status-${changeRequest.status}`}>{changeRequest.status}</span>
                <span className="note">
                  opened by {changeRequest.createdBy.displayName}, {formatDate(changeRequest.createdAt)}
                </span>
                {changeRequest.outdated && <span className="badge">main has changed since</span>}
              </p>
              <div className="toolbar">
                {changeRequest.status !== 'merged' && (
                  <button type="button" className="secondary" onClick={() => setRenaming(true)}>
                    Edit subject
                  </button>
                )}
                {space.permissions.merge && (changeRequest.status === 'open' || changeRequest.status === 'draft') && (
                  <button
                    type="button"
                    disabled={combining !== undefined || !mergeability.mergeable}
                    aria-describedby={mergeability.mergeable ? undefined : 'merge-blocked'}
                    onClick={() => setConfirming(true)}
                  >
                    Merge
                  </button>
                )}
                {space.permissions.edit && changeRequest.outdated && changeRequest.status !== 'merged' && (
                  <button type="button" className="secondary" disabled={combining !== undefined} onClick={() => void combine('update')}>
                    Update from main
                  </button>
                )}
                {statusMoves(changeRequest.status).map((move) => (
                  <button key={move.to} type="button" className="secondary" onClick={() => void update({ status: move.to })}>
                    {move.label}
                  </button>
                ))}
              </div>
              {space.permissions.merge && !mergeability.mergeable && changeRequest.status !== 'merged' && (
                <p id="merge-blocked" className="note merge-blocked">
                  Merging waits: {mergeWait(mergeability.reason)}
                </p>
              )}
              {confirming && (
                <ConfirmAction
                  question={`Merge #${changeRequest.number} into main?`}
                  confirmLabel="Merge into main"
                  onConfirm={() => combine('merge')}
                  onCancel={() => setConfirming(false)}
                />
              )}
              {renaming && (
                <NameForm label="Subject" submitLabel="Save" initial={changeRequest.subject} maxLength={100} onCancel={() => setRenaming(false)} onSubmit={(subject) => update({ subject })} />
              )}
              <ProblemLine problem={problem} />
              {combining && (
                <p role="status" className="note">
                  {combining === 'merge' ? 'Merging into main…' : 'Bringing in main’s changes…'}
                </p>
              )}
              {outcome && (
                <p role="status" className={outcome.conflicts ? 'merge-result conflicts' : 'merge-result'}>
                  {outcome.words}
                </p>
              )}
            </header>
            <ConflictsPanel
              spaceId={spaceId}
              changeRequestId={changeRequest.id}
              canResolve={space.permissions.edit && changeRequest.status !== 'merged'}
              refreshOn={moved}
              onResolved={() => {
                setCombined((count) => count + 1);
                reload();
              }}
            />
            <div className="view-tabs" role="tablist" aria-label="Change request views">
              <button type="button" role="tab" aria-selected={shown === 'review'} onClick={() => setView('review')}>
                Review
              </button>
              <button type="button" role="tab" aria-selected={shown === 'pages'} onClick={() => setView('pages')}>
                Pages
              </button>
            </div>
            {shown === 'review' ? (
              <ReviewPanel
                org={org}
                space={space}
                changeRequest={changeRequest}
                refreshOn={moved}
                commentsChanged={commentsChanged}
                onReviewed={reload}
                onComment={space.permissions.comment ? setTarget : undefined}
              />
            ) : (
              <ChangeRequestPages
                org={org}
                space={space}
                changeRequest={changeRequest}
                page={page}
                refreshOn={combined}
                onComment={space.permissions.comment ? setTarget : undefined}
              />
            )}
            <CommentsPanel
              place={{ spaceId, changeRequestId: changeRequest.id }}
              canComment={space.permissions.comment}
              refreshOn={commentsChanged}
              target={target}
              onClearTarget={() => setTarget(undefined)}
            />
          </>
          );
        }}
      </Loaded>
    </div>
  );
}

type Mergeability = Answer<'getChangeRequestMergeability'>;

/** The change request, its space (whose permissions say what the caller may do here), and whether the caller may merge it now. */
async function loadBoth(client: ApiClient, spaceId: string, number: number): Promise<Outcome<{ changeRequest: ChangeRequest; space: Space; mergeability: Mergeability }>> {
  const params = { spaceId, changeRequestId: String(number) };
  const [changeRequest, space, mergeability] = await Promise.all([
    attempt(client, 'getChangeRequestById', { params }),
    attempt(client, 'getSpaceById', { params: { spaceId } }),
    attempt(client, 'getChangeRequestMergeability', { params }),
  ]);
  if (!changeRequest.ok) return changeRequest;
  if (!space.ok) return space;
  if (!mergeability.ok) return mergeability;
  return { ok: true, data: { changeRequest: changeRequest.data, space: space.data, mergeability: mergeability.data } };
}

/** The engine's reason, in the app's words: the rule and what it waits for, or the conflicts left. */
function mergeWait(reason: string | undefined): string {
  if (!reason) return 'see the change request';
  const rule = /^mergeRules: (\w+): (.*)$/.exec(reason);
  if (rule) return `the merge rule ${rule[1]!.replaceAll('_', ' ')}: ${rule[2]}`;
  return reason.replace(/^\w+: /, '');
}
