import { WebsocketProvider } from 'y-websocket';
import { CLOSE_DOC_REPLACED } from '../../src-shared/sync/close-codes.js';
import type { DocLinker, LinkState } from './doc-link.js';

/**
 * The browser's link: y-websocket to `/v1/yjs/<room>` with the tab's token. It reconnects by
 * itself, and the sync exchange then sends what the engine has not seen.
 */
export function websocketLinker(endpoint: string, token: string): DocLinker {
  return (doc, room, listeners, awareness) => {
    const provider = new WebsocketProvider(endpoint, room, doc, { params: { token }, disableBc: true, awareness });
    provider.on('status', ({ status }: { status: LinkState }) => listeners.status(status));
    provider.on('sync', (synced: boolean) => listeners.synced(synced));
    provider.on('connection-close', (event: CloseEvent | null) => {
      if (event?.code !== CLOSE_DOC_REPLACED) return;
      // Not back with this copy: the editor starts over with an empty one.
      provider.disconnect();
      listeners.replaced();
    });
    return () => provider.destroy();
  };
}
