import { useId, useState } from 'react';
import { LoadedList } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { commentCalls, type CommentPlace } from './comment-calls.js';
import { CommentThread } from './CommentThread.js';
import type { CommentTarget } from './comment-target.js';
import { MarkdownForm } from './MarkdownForm.js';

type Status = 'all' | 'open' | 'resolved';

interface Props {
  place: CommentPlace;
  canComment: boolean;
  /** Moves when the threads changed elsewhere (another person's post, pushed by the engine): read them again. */
  refreshOn?: unknown;
  /** A page or block chosen elsewhere on the screen: the next comment is about it. */
  target?: CommentTarget;
  onClearTarget?(): void;
}

/** The comment threads of a space or a change request, newest first, with a filter on their status. */
export function CommentsPanel({ place, canComment, refreshOn, target, onClearTarget }: Props) {
  const { client } = useWorkspace();
  const calls = commentCalls(client, place);
  const filterId = useId();
  const [status, setStatus] = useState<Status>('open');
  const [problem, setProblem] = useState<string>();
  const { resource, reload } = useResource(`comments/${place.spaceId}/${place.changeRequestId ?? ''}/${status}`, () =>
    calls.list({ status, format: 'markdown', order: 'desc' }),
    refreshOn,
  );
  const post = async (markdown: string) => {
    const about = target ? { page: target.page, ...(target.node ? { node: target.node } : {}) } : {};
    const posted = await calls.post({ body: { markdown }, ...about });
    setProblem(posted.ok ? undefined : posted.problem);
    if (posted.ok) {
      onClearTarget?.();
      reload();
    }
    return posted.ok;
  };
  return (
    <aside className="panel comments-panel" aria-labelledby="comments-title">
      <div className="panel-head">
        <h2 id="comments-title">Comments</h2>
        <label htmlFor={filterId} className="visually-hidden">
          Show comments
        </label>
        <select id={filterId} value={status} onChange={(event) => setStatus(event.target.value as Status)}>
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
          <option value="all">All</option>
        </select>
      </div>
      {canComment && target && (
        <p className="comment-target">
          About “{target.label}”{' '}
          <button type="button" className="quiet" onClick={onClearTarget}>
            Comment on the whole instead
          </button>
        </p>
      )}
      {canComment && <MarkdownForm key={target?.node ?? target?.page ?? ''} autoFocus={target !== undefined} label={target ? `Comment on “${target.label}”` : 'New comment'} submitLabel="Comment" onSubmit={post} />}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <LoadedList resource={resource} what="comments" empty={status === 'resolved' ? 'No resolved comments.' : 'No comments yet.'} onRetry={reload}>
        {(threads) => threads.map((comment) => <CommentThread key={comment.id} calls={calls} comment={comment} onChanged={reload} />)}
      </LoadedList>
    </aside>
  );
}
