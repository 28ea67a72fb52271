import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { keepOnDevice } from './device-copy.js';
import type { DocLinker, LinkState } from './doc-link.js';

export interface LiveDoc {
  doc: Y.Doc;
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
export function useLiveDoc(room: string, linker: DocLinker): LiveDoc | undefined {
  const [live, setLive] = useState<LiveDoc>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const doc = new Y.Doc();
    let state: LiveDoc = { doc, link: 'connecting', synced: false, stored: false };
    const update = (change: Partial<LiveDoc>) => {
      state = { ...state, ...change };
      setLive(state);
    };
    update({});
    const device = keepOnDevice(room, doc, (stored) => update({ stored }));
    let erased: Promise<void> | undefined;
    const unlink = linker(doc, room, {
      // A retry after losing the engine stays "disconnected" until it succeeds, so the words hold still.
      status: (link) => update({ link: link === 'connecting' && state.link === 'disconnected' ? 'disconnected' : link, synced: link === 'connected' && state.synced }),
      synced: (synced) => update({ synced }),
      replaced: () => {
        erased ??= device.erase().then(() => setGeneration((n) => n + 1));
      },
    });
    return () => {
      unlink();
      if (!erased) device.forget();
      doc.destroy();
    };
  }, [room, linker, generation]);
  return live;
}
