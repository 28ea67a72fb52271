import { useEffect, useState } from 'react';
import type { ApiAccess } from '../store/session.js';

/**
 * A number that moves each time the room's comment threads change on the engine (comments-feed.ts):
 * give it to what shows them as the thing to reload on. The feed's code (Yjs and the link) is
 * loaded with the first screen that follows comments, not with the app. No room (not known yet): nothing followed.
 */
export function useCommentsFeed(access: ApiAccess, room: string | undefined): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    if (room === undefined) return;
    void import('./comments-feed.js').then(({ followComments }) => {
      if (!stopped) stop = followComments(access, room, () => setChanges((count) => count + 1));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [access, room]);
  return changes;
}
