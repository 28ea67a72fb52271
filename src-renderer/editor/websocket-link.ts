import * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import { WebsocketProvider } from 'y-websocket';
import { CLOSE_DOC_REPLACED } from '../../src-shared/sync/close-codes.js';
import { MESSAGE_SYNC } from '../../src-shared/sync/message-types.js';
import type { DocLinker, LinkState } from './doc-link.js';
import { docUpdates, readSyncMessage } from './doc-updates.js';

/**
 * The browser's link: y-websocket to `/v1/yjs/<room>` with the tab's token. It reconnects by
 * itself, and the sync exchange then sends what the engine has not seen.
 */
export function websocketLinker(endpoint: string, token: string): DocLinker {
  return (doc, room, listeners, awareness) => {
    const provider = new WebsocketProvider(endpoint, room, doc, { params: { token }, disableBc: true, awareness });
    // What the engine sends is applied through `docUpdates` (doc-updates.ts), and the provider's
    // own changes reach it from there: its instance's handlers are y-websocket's way to do so.
    doc.off('update', provider._updateHandler);
    const stopUpdates = docUpdates(doc).on(provider._updateHandler);
    provider.messageHandlers[MESSAGE_SYNC] = (encoder, decoder, _provider, emitSynced) => {
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      const type = readSyncMessage(decoder, encoder, doc, provider);
      if (emitSynced && type === sync.messageYjsSyncStep2 && !provider.synced) provider.synced = true;
    };
    provider.on('status', ({ status }: { status: LinkState }) => listeners.status(status));
    provider.on('sync', (synced: boolean) => listeners.synced(synced));
    provider.on('connection-close', (event: CloseEvent | null) => {
      if (event?.code !== CLOSE_DOC_REPLACED) return;
      // Not back with this copy: the editor starts over with an empty one.
      provider.disconnect();
      listeners.replaced();
    });
    return () => {
      stopUpdates();
      provider.destroy();
    };
  };
}
