import { useEffect, useState } from 'react';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';

export type LinkState = 'connecting' | 'connected' | 'disconnected';

export interface LiveDoc {
  doc: Y.Doc;
  link: LinkState;
  /** True once the engine's copy and this one have been exchanged since the last (re)connection. */
  synced: boolean;
}

/**
 * A Yjs doc kept in step with the engine over y-websocket. Offline, edits stay in the doc; the
 * provider reconnects by itself and the sync exchange sends what the engine has not seen.
 */
export function useLiveDoc(endpoint: string, room: string, token: string): LiveDoc | undefined {
  const [live, setLive] = useState<LiveDoc>();
  useEffect(() => {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(endpoint, room, doc, { params: { token }, disableBc: true });
    let state: LiveDoc = { doc, link: 'connecting', synced: false };
    const update = (change: Partial<LiveDoc>) => {
      state = { ...state, ...change };
      setLive(state);
    };
    update({});
    provider.on('status', ({ status }: { status: LinkState }) => update({ link: status, synced: status === 'connected' && state.synced }));
    provider.on('sync', (synced: boolean) => update({ synced }));
    return () => {
      provider.destroy();
      doc.destroy();
    };
  }, [endpoint, room, token]);
  return live;
}
