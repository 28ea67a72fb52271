import { BLOBS_CHANNEL, type ChannelLink, type SyncChannel } from '../channel.js';
import { encodeBlobMessage, type BlobMessage } from './blob-messages.js';
import type { BlobListener, BlobWatch } from './blob-watch.js';

/** What both ends of the blobs channel share: the link, and listening to the watch while open. */
export abstract class BlobsChannel implements SyncChannel {
  readonly id = BLOBS_CHANNEL;
  private link: ChannelLink | undefined;
  private stopListening: (() => void) | undefined;

  constructor(protected readonly watch: BlobWatch) {}

  open(link: ChannelLink): void {
    this.link = link;
    this.stopListening = this.watch.listen(this.listener());
    this.opened();
  }

  close(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    this.link = undefined;
  }

  abstract receive(payload: Uint8Array): void;

  /** What this end does when the watch notes missing bytes or bytes arrive. */
  protected abstract listener(): BlobListener;

  /** The socket is open: ask for what is missing. */
  protected abstract opened(): void;

  protected send(message: BlobMessage): void {
    this.link?.send(encodeBlobMessage(message));
  }
}
