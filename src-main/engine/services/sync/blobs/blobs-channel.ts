import { BLOBS_CHANNEL, failOn, MalformedFrame, type ChannelLink, type SyncChannel } from '../channel.js';
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

  /**
   * Takes bytes the peer sent (`BlobWatch.accept`); bytes that are not their name end the
   * connection. Bytes going to a store besides the database are taken while the channel goes on:
   * their failure (the store away) ends the connection as one of `receive` would.
   */
  protected accept(sha256: string, bytes: Uint8Array, stillWanted: () => boolean): void {
    const accepted = this.watch.accept(sha256, bytes, stillWanted);
    if (accepted === false) throw new MalformedFrame(`bytes that are not ${sha256}`);
    if (accepted !== true) this.later(accepted, () => undefined);
  }

  /** Work that settles after its payload was received (the store's read or write): its failure ends the connection as one of `receive` would. */
  protected later<T>(work: Promise<T>, then: (value: T) => void): void {
    work.then(then).catch((error: unknown) => failOn(this.link, error));
  }

  protected send(message: BlobMessage): void {
    this.link?.send(encodeBlobMessage(message));
  }
}
