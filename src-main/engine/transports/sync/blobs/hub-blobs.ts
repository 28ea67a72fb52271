import { blobBytesLater } from '../../../domain/content/sql.js';
import { can, requireSpace } from '../../../domain/spaces/rules.js';
import type { Actor, RequestContext } from '../../../core/pipeline/context.js';
import { contextFor, type PipelineDeps } from '../../../core/pipeline/execute.js';
import { isFailure } from '../../../core/pipeline/failure.js';
import { parseDocName } from '../../../../../src-shared/sync/doc-names.js';
import { contentWriteRefusal } from '../../../services/sync/replica-write-rule.js';
import { decodeBlobMessage } from '../../../services/sync/blobs/blob-messages.js';
import type { BlobListener, BlobWatch } from '../../../services/sync/blobs/blob-watch.js';
import { BlobsChannel } from '../../../services/sync/blobs/blobs-channel.js';
import { docsWanting, missingBlobs } from '../../../services/sync/blobs/missing-blobs.js';

/**
 * Reads from a bucket or folder one replica may have under way: a replica catching up on many
 * files would otherwise have a GET, and up to 1 MB of bytes, in flight for each of its wants.
 */
const READS_PER_REPLICA = 4;

/**
 * The hub's end of one replica's blobs channel (docs/sync.md, "File bytes"). It gives a file's
 * bytes to a replica whose user may read a space holding that file; it asks a replica for bytes
 * a tree names and the hub lacks when its user may write that tree, and takes bytes only then,
 * and only if they hash to their name. Bytes asked for in vain are offered once they arrive.
 */
export class HubBlobsChannel extends BlobsChannel {
  /** Bytes this replica asked for that the hub lacked. */
  private readonly owed = new Set<string>();
  /** Reads from the hub's store under way for this replica, and the wants waiting for one to end. */
  private reading = 0;
  private readonly waiting: string[] = [];

  constructor(
    private readonly deps: PipelineDeps,
    private readonly actor: Actor,
    watch: BlobWatch,
  ) {
    super(watch);
  }

  protected listener(): BlobListener {
    return {
      missing: (sha256, docId) => {
        if (this.mayWrite(docId)) this.send({ type: 'want', sha256 });
      },
      arrived: (sha256) => {
        if (this.owed.delete(sha256)) this.give(sha256);
      },
    };
  }

  protected opened(): void {
    for (const sha256 of missingBlobs(this.deps.db)) if (this.mayProvide(sha256)) this.send({ type: 'want', sha256 });
  }

  receive(payload: Uint8Array): void {
    const message = decodeBlobMessage(payload);
    if (message.type === 'want') this.give(message.sha256);
    else if (message.type === 'blob') this.take(message.sha256, message.bytes);
  }

  /**
   * Bytes kept in a store besides the database (a hub's bucket or folder) are read from it after
   * the checks, without holding the event loop (docs/hub.md), and checked again once read, as who
   * may read them may have changed meanwhile; the store's failure ends the connection as before.
   */
  private give(sha256: string): void {
    if (this.reading >= READS_PER_REPLICA) {
      this.waiting.push(sha256);
      return;
    }
    const bytes = this.mayRead(sha256) ? blobBytesLater(this.deps.db, sha256) : undefined;
    if (!(bytes instanceof Promise)) return this.gave(sha256, bytes);
    this.reading++;
    const read = bytes.finally(() => {
      this.reading--;
      const next = this.waiting.shift();
      if (next !== undefined) this.give(next);
    });
    this.later(read, (found) => this.gave(sha256, found && this.mayRead(sha256) ? found : undefined));
  }

  private gave(sha256: string, bytes: Buffer | undefined): void {
    if (bytes) return this.send({ type: 'blob', sha256, bytes });
    this.owed.add(sha256);
    this.send({ type: 'lacking', sha256 });
  }

  /** Bytes nobody asked this replica for, or for a tree its user may not write, are dropped. */
  private take(sha256: string, bytes: Uint8Array): void {
    if (this.mayProvide(sha256)) this.accept(sha256, bytes, () => this.mayProvide(sha256));
  }

  private mayProvide(sha256: string): boolean {
    return docsWanting(this.deps.db, sha256).some((docId) => this.mayWrite(docId));
  }

  private mayWrite(docId: string): boolean {
    const name = parseDocName(docId);
    return name !== undefined && this.context((ctx) => contentWriteRefusal(ctx, name) === undefined);
  }

  /** A space the user can read holds a file with these bytes. */
  private mayRead(sha256: string): boolean {
    const spaces = this.deps.db.all<{ space_id: string }>('SELECT DISTINCT space_id FROM content_files WHERE blob = ?', sha256);
    return this.context((ctx) => spaces.some((row) => !isFailure(requireSpace(ctx, row.space_id, can.view, 'readable'))));
  }

  private context<T>(fn: (ctx: RequestContext) => T): T {
    const { db } = this.deps;
    return db.transaction(() => {
      db.noticeExternalChanges();
      return fn(contextFor(this.deps, this.actor));
    }, 'read');
  }
}
