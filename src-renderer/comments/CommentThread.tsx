import { useState } from 'react';
import type { Outcome } from '../api/call.js';
import type { SpaceComment } from '../api/types.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { Loaded } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import type { CommentCalls } from './comment-calls.js';
import { MarkdownForm } from './MarkdownForm.js';
import { PostBody } from './Post.js';
import { Reactions, type ReactionChange } from './Reactions.js';

interface Props {
  calls: CommentCalls;
  comment: SpaceComment;
  onChanged(): void;
}

/** One thread: the comment, its reactions, resolve or reopen, and its replies on demand. */
export function CommentThread({ calls, comment, onChanged }: Props) {
  const { user } = useWorkspace();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string>();
  const replies = useResource(`replies/${comment.id}/${open}/${comment.replies}`, () =>
    open ? calls.replies(comment.id) : Promise.resolve({ ok: true as const, data: { items: [] } }),
  );

  const settle = (outcome: Outcome<unknown>): boolean => {
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) onChanged();
    return outcome.ok;
  };
  const update = async (body: { resolved?: boolean } & ReactionChange) => settle(await calls.update(comment.id, body));
  const reactToReply = async (commentReplyId: string, body: ReactionChange) => {
    settle(await calls.updateReply(comment.id, commentReplyId, body));
    replies.reload();
  };
  const reply = async (markdown: string) => {
    setOpen(true);
    return settle(await calls.reply(comment.id, { body: { markdown } }));
  };
  const resolved = comment.status === 'resolved';

  return (
    <article className={`thread card${resolved ? ' resolved' : ''}`} aria-label={`Comment by ${comment.postedBy.displayName}`}>
      {comment.target.page && <p className="note">{comment.target.node ? 'On a block of a page' : 'On a page'}</p>}
      <PostBody post={comment} />
      {resolved && <p className="note">Resolved by {comment.resolvedBy.displayName}</p>}
      <div className="thread-actions">
        <Reactions reactions={comment.reactions} me={user.id} disabled={!comment.permissions.reply} onReact={(change) => void update(change)} />
        {comment.permissions.reply && (
          <button type="button" className="secondary" onClick={() => void update({ resolved: !resolved })}>
            {resolved ? 'Reopen' : 'Resolve'}
          </button>
        )}
        <button type="button" className="quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
          {comment.replies === 1 ? '1 reply' : `${comment.replies} replies`}
        </button>
        {comment.permissions.delete && (
          <button type="button" className="quiet" onClick={() => setDeleting(true)}>
            Delete
          </button>
        )}
      </div>
      {deleting && (
        <ConfirmAction
          question="Delete this comment and its replies?"
          confirmLabel="Delete"
          onConfirm={async () => settle(await calls.remove(comment.id))}
          onCancel={() => setDeleting(false)}
        />
      )}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      {open && (
        <div className="replies">
          <Loaded resource={replies.resource} what="replies" onRetry={replies.reload}>
            {(list) => (
              <ul className="rows">
                {list.items.map((item) => (
                  <li key={item.id} className="reply">
                    <PostBody post={item} />
                    <Reactions reactions={item.reactions} me={user.id} disabled={!item.permissions.view || !comment.permissions.reply} onReact={(change) => void reactToReply(item.id, change)} />
                  </li>
                ))}
              </ul>
            )}
          </Loaded>
        </div>
      )}
      {comment.permissions.reply && <MarkdownForm label="Reply" submitLabel="Reply" onSubmit={reply} />}
    </article>
  );
}
