import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { docLinker } from '../editor/linker.js';
import type { ApiAccess } from '../store/session.js';

/**
 * Follows the room of a change request's comment threads (the engine's Yjs doc of them, read
 * only): `changed` is called whenever the engine's copy moves on — someone posted, replied,
 * resolved or reacted, through the app or over HTTP — so the screen asks for the threads again
 * at once instead of on a timer. Returns how to stop.
 */
export function followComments(access: ApiAccess, room: string, changed: () => void): () => void {
  const doc = new Y.Doc();
  // In the room to hear, not to be seen: no presence of its own.
  const awareness = new Awareness(doc);
  awareness.setLocalState(null);
  doc.on('update', () => changed());
  const unlink = docLinker(access)(doc, room, { status: () => undefined, synced: () => undefined, replaced: () => undefined }, awareness);
  return () => {
    unlink();
    awareness.destroy();
    doc.destroy();
  };
}
