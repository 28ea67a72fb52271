import { useEffect, useState } from 'react';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { keepOnDevice } from './device-copy.js';
import type { DocLinker, LinkState } from './doc-link.js';
import type { PresenceUser } from './presence.js';

export interface LiveDoc {
  doc: Y.Doc;
  /** Who is in the page, this person included (`user`), and where their cursors are. */
  awareness: Awareness;
  link: LinkState;
  /** True once the engine's copy and this one have been exchanged since the link last opened. */
  synced: boolean;
  /** True when every change is saved on this device (IndexedDB). */
  stored: boolean;
}

/**
 * A Yjs doc kept on this device and in step with the engine's room through `linker`. When the
 * engine replaced its doc (docs/sync.md, "Refusals"), this copy and the device's are thrown away
 * and the doc starts over empty, so nothing the engine took back is sent to it again.
 */
export function useLiveDoc(room: string, linker: DocLinker, me: PresenceUser): LiveDoc | undefined {
  const [live, setLive] = useState<LiveDoc>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    awareness.setLocalStateField('user', me);
    let state: LiveDoc = { doc, awareness, link: 'connecting', synced: false, stored: false };
    const update = (change: Partial<LiveDoc>) => {
      const before = state;
      state = { ...state, ...change };
      const changed = (Object.keys(change) as (keyof LiveDoc)[]).filter((key) => state[key] !== before[key]);
      // Whether the device holds every change is shown only while the engine is away (link-words.ts):
      // connected, each keystroke's save on the device would re-render the editor twice for nothing
      // (and React reads the selection of the whole page before each render it commits).
      if (changed.some((key) => key !== 'stored' || state.link !== 'connected')) setLive(state);
    };
    setLive(state);
    const device = keepOnDevice(room, doc, (stored) => update({ stored }));
    let erased: Promise<void> | undefined;
    const unlink = linker(doc, room, {
      // A retry after losing the engine stays "disconnected" until it succeeds, so the words hold still.
      status: (link) => update({ link: link === 'connecting' && state.link === 'disconnected' ? 'disconnected' : link, synced: link === 'connected' && state.synced }),
      synced: (synced) => update({ synced }),
      replaced: () => {
        erased ??= device.erase().then(() => setGeneration((n) => n + 1));
      },
    }, awareness);
    return () => {
      unlink();
      if (!erased) device.forget();
      awareness.destroy();
      doc.destroy();
    };
    // `me` is read once: a name changed meanwhile shows from the next page opened.
  }, [room, linker, generation]);
  return live;
}
