import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { docLinker } from '../editor/linker.js';
import type { ApiAccess } from '../store/session.js';

/**
 * Follows the room of a change request's comment threads (the engine's Yjs doc of them, read
 * only): `changed` is called whenever the engine's copy moves on — someone posted, replied,
 * resolved or reacted, through the app or over HTTP — so the screen asks for the threads again
 * at once instead of on a timer. `pulsed` is called when the engine says the change request itself
 * moved (a review, its status, a conflict: the room's own awareness state `{ pulse: n }` counts
 * up). Returns how to stop.
 */
export function followComments(access: ApiAccess, room: string, changed: () => void, pulsed: () => void): () => void {
  const doc = new Y.Doc();
  // In the room to hear, not to be seen: no presence of its own.
  const awareness = new Awareness(doc);
  awareness.setLocalState(null);
  doc.on('update', () => changed());
  // A pulse as first seen (the room's count when this screen joined) is where we start from.
  const pulses = new Map<number, number>();
  awareness.on('change', ({ added, updated }: { added: number[]; updated: number[] }) => {
    for (const client of [...added, ...updated]) {
      const pulse = (awareness.getStates().get(client) as { pulse?: unknown } | undefined)?.pulse;
      if (typeof pulse !== 'number') continue;
      const before = pulses.get(client);
      pulses.set(client, pulse);
      if (before !== undefined && before !== pulse) pulsed();
    }
  });
  const unlink = docLinker(access)(doc, room, { status: () => undefined, synced: () => undefined, replaced: () => undefined }, awareness);
  return () => {
    unlink();
    awareness.destroy();
    doc.destroy();
  };
}
