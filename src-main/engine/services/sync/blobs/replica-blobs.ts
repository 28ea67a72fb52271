import { blobBytes } from '../../../domain/content/sql.js';
import type { Database } from '../../../core/db/database.js';
import { decodeBlobMessage } from './blob-messages.js';
import type { BlobListener, BlobWatch } from './blob-watch.js';
import { BlobsChannel } from './blobs-channel.js';
import { missingBlobs } from './missing-blobs.js';

/**
 * The replica's end of the blobs channel (docs/sync.md, "File bytes"): it asks the hub for
 * every file's bytes its trees name and it lacks, on connecting and as trees arrive, and gives
 * the hub the bytes it asks for (files inserted here).
 */
export class ReplicaBlobsChannel extends BlobsChannel {
  constructor(
    private readonly db: Database,
    watch: BlobWatch,
  ) {
    super(watch);
  }

  receive(payload: Uint8Array): void {
    const message = decodeBlobMessage(payload);
    if (message.type === 'want') {
      const bytes = blobBytes(this.db, message.sha256);
      this.send(bytes ? { type: 'blob', sha256: message.sha256, bytes } : { type: 'lacking', sha256: message.sha256 });
    } else if (message.type === 'blob') {
      this.accept(message.sha256, message.bytes, () => true);
    }
    // `lacking`: the hub offers the bytes once they reach it; until then they stay noted as missing.
  }

  protected listener(): BlobListener {
    return { missing: (sha256) => this.send({ type: 'want', sha256 }), arrived: () => undefined };
  }

  protected opened(): void {
    for (const sha256 of missingBlobs(this.db)) this.send({ type: 'want', sha256 });
  }
}
