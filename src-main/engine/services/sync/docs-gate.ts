import { DOCS_CHANNEL, type ChannelLink, type SyncChannel } from './channel.js';
import type { ReplicaDocsChannel } from './replica-docs.js';

/**
 * The replica's docs channel, opened only once every channel that holds it has released it: the
 * change log holds it until its first exchange is done, so that docs come after the rows of
 * their spaces (docs/sync.md). Live updates the hub fans out meanwhile are dropped: their docs
 * changed after our cursor, so the pull that opens the channel lists them, after the rows.
 */
export class DocsGate implements SyncChannel {
  readonly id = DOCS_CHANNEL;
  private holds = 0;
  private link: ChannelLink | undefined;
  private isOpen = false;

  /** `opened`: told when the docs channel opens, i.e. the first exchange of this connection went through. */
  constructor(
    private readonly docs: ReplicaDocsChannel,
    private readonly opened?: () => void,
  ) {}

  /** Before the socket opens: the docs wait for a `release`. */
  hold(): void {
    this.holds += 1;
  }

  release(): void {
    this.holds -= 1;
    this.openIfFree();
  }

  /** Spaces or change requests arrived on either side: docs the hub answered `unavailable` are sent again. */
  retryOutbox(): void {
    if (this.isOpen) this.docs.pushOutbox();
  }

  open(link: ChannelLink): void {
    this.link = link;
    this.openIfFree();
  }

  receive(payload: Uint8Array): void {
    if (this.isOpen) this.docs.receive(payload);
  }

  close(): void {
    this.link = undefined;
    this.isOpen = false;
    this.docs.close();
  }

  private openIfFree(): void {
    if (this.holds > 0 || !this.link || this.isOpen) return;
    this.isOpen = true;
    this.opened?.();
    this.docs.open(this.link);
  }
}
