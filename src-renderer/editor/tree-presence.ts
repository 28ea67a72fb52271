import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { ApiAccess } from '../store/session.js';
import { docLinker } from './linker.js';
import type { PresenceUser } from './presence.js';

/** Who is on which page of a change request: page id → the people there, this person left out. */
export type PagePresence = ReadonlyMap<string, PresenceUser[]>;

export interface TreePresence {
  /** This person is now on `page` (none: on no page of it). */
  at(page: string | undefined): void;
  stop(): void;
}

/**
 * Joins the awareness of the change request's tree room (`room`): each writer says there which
 * page they are on, so that the page tree shows who is where, without joining every page's room.
 * The tree doc itself is only read.
 */
export function joinTreePresence(access: ApiAccess, room: string, me: PresenceUser, told: (presence: PagePresence) => void): TreePresence {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  awareness.setLocalState({ user: me });
  const tell = () => {
    const byPage = new Map<string, PresenceUser[]>();
    for (const [client, state] of awareness.getStates()) {
      const user = state.user as PresenceUser | undefined;
      const page = state.page as string | undefined;
      if (client === doc.clientID || !user?.id || user.id === me.id || !page) continue;
      const here = byPage.get(page) ?? [];
      if (!here.some((other) => other.id === user.id)) byPage.set(page, [...here, user]);
    }
    told(byPage);
  };
  awareness.on('change', tell);
  const unlink = docLinker(access)(doc, room, { status: () => undefined, synced: () => undefined, replaced: () => undefined }, awareness);
  return {
    at: (page) => awareness.setLocalStateField('page', page ?? null),
    stop: () => {
      unlink();
      awareness.destroy();
      doc.destroy();
    },
  };
}
