import { useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';

/** Colours of people in a page, by slot; the stylesheet has a class for each (`presence-N`). */
export const PRESENCE_COLOURS = ['#c2410c', '#15803d', '#1d4ed8', '#a21caf', '#b45309', '#0f766e', '#be123c', '#4d7c0f'] as const;

/** What this person tells the others in a page's room. */
export interface PresenceUser {
  id: string;
  name: string;
  /** y-prosemirror's colour (a hex value); the slot's class draws it under the app's style policy. */
  color: string;
  slot: number;
}

/** A person's slot: the same colour on every screen and in every page. */
export function presenceUser(id: string, name: string): PresenceUser {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const slot = hash % PRESENCE_COLOURS.length;
  return { id, name, color: PRESENCE_COLOURS[slot]!, slot };
}

/**
 * Another person's cursor: a caret and their name, coloured by class rather than by a style
 * attribute (y-prosemirror's default), which the desktop window's policy refuses.
 */
export function cursorOf(user: Partial<PresenceUser>): HTMLElement {
  const cursor = document.createElement('span');
  cursor.className = `ProseMirror-yjs-cursor presence-${user.slot ?? 0}`;
  const name = document.createElement('span');
  name.className = 'presence-name';
  name.textContent = user.name ?? 'Someone';
  cursor.append('\u2060', name, '\u2060');
  return cursor;
}

export function selectionOf(user: Partial<PresenceUser>): { class: string } {
  return { class: `ProseMirror-yjs-selection presence-${user.slot ?? 0}` };
}

/** A person's initials, as their chip shows them. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The other people in the room (one entry a person, however many tabs they have open). */
export function usePresence(awareness: Awareness | undefined): PresenceUser[] {
  const [others, setOthers] = useState<PresenceUser[]>([]);
  useEffect(() => {
    if (!awareness) return;
    const read = () => {
      const seen = new Map<string, PresenceUser>();
      const mine = (awareness.getLocalState()?.user as PresenceUser | undefined)?.id;
      for (const [client, state] of awareness.getStates()) {
        const user = state.user as PresenceUser | undefined;
        if (client !== awareness.clientID && user?.id && user.id !== mine) seen.set(user.id, user);
      }
      const next = [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
      // Others' cursors move with every key they type (and this person's own with theirs): the list
      // changes only when someone comes, goes or is renamed.
      setOthers((old) => (sameUsers(old, next) ? old : next));
    };
    read();
    awareness.on('change', read);
    return () => awareness.off('change', read);
  }, [awareness]);
  return others;
}

function sameUsers(a: readonly PresenceUser[], b: readonly PresenceUser[]): boolean {
  return a.length === b.length && a.every((user, index) => user.id === b[index]!.id && user.name === b[index]!.name && user.color === b[index]!.color && user.slot === b[index]!.slot);
}
