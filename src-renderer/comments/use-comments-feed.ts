import { useEffect, useState } from 'react';
import type { ApiAccess } from '../store/session.js';

/** Numbers that move when the engine says so: give each to what shows it as the thing to reload on. */
export interface CommentsFeed {
  /** The room's comment threads changed. */
  comments: number;
  /** The change request itself moved: a review, its status, a conflict, reviewers asked. */
  changeRequest: number;
}

/**
 * Follows a change request's comments room (comments-feed.ts). The feed's code (Yjs and the link)
 * is loaded with the first screen that follows comments, not with the app. No room (not known
 * yet): nothing followed.
 */
export function useCommentsFeed(access: ApiAccess, room: string | undefined): CommentsFeed {
  const [feed, setFeed] = useState<CommentsFeed>({ comments: 0, changeRequest: 0 });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    if (room === undefined) return;
    void import('./comments-feed.js').then(({ followComments }) => {
      if (stopped) return;
      stop = followComments(
        access,
        room,
        () => setFeed((now) => ({ ...now, comments: now.comments + 1 })),
        () => setFeed((now) => ({ ...now, changeRequest: now.changeRequest + 1 })),
      );
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [access, room]);
  return feed;
}
