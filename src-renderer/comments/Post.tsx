import type { CommentReply, SpaceComment } from '../api/types.js';
import { formatDate } from '../components/format.js';

/** Who wrote a comment or reply, when, and what; bodies are asked for as Markdown and shown as written. */
export function PostBody({ post }: { post: SpaceComment | CommentReply }) {
  return (
    <>
      <p className="post-meta">
        <strong>{post.postedBy.displayName}</strong> <span className="note">{formatDate(post.postedAt)}</span>
        {post.editedAt && <span className="note"> (edited)</span>}
      </p>
      <p className="post-body">{'markdown' in post.body ? post.body.markdown : ''}</p>
    </>
  );
}
