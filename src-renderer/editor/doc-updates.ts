import * as decoding from 'lib0/decoding';
import type * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';

type UpdateListener = (update: Uint8Array, origin: unknown) => void;

/**
 * A doc's updates for this window's listeners (the link that sends them to the engine, the device
 * copy that stores them), through one `update` listener on the doc.
 *
 * Why: Yjs encodes every transaction's changes again as an update whenever the doc has an `update`
 * listener. For an update that came from the engine the listeners need only its bytes as they
 * arrived, and that second encoding was about 40% of applying a page's first sync (0.27 s of 0.6 s
 * at load 11 for 1,000 blocks: docs/performance.md, "Where the cold open really went"). So a remote
 * update is applied with the listener off and handed to the listeners as received.
 */
class DocUpdates {
  private readonly listeners = new Set<UpdateListener>();

  constructor(private readonly doc: Y.Doc) {
    doc.on('update', this.emit);
  }

  on(listener: UpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Applies an update from elsewhere. Should an observer write to the doc meanwhile (none is known
   * to), or the update fail half-applied, the listeners get an update holding everything since
   * before instead of the bytes, so nothing written reaches the engine or the device short.
   */
  applyRemote(update: Uint8Array, origin: unknown): void {
    const before = Y.encodeStateVector(this.doc);
    let whole = true;
    const watch = (transaction: Y.Transaction) => {
      if (transaction.origin !== origin) whole = false;
    };
    this.doc.off('update', this.emit);
    this.doc.on('afterTransaction', watch);
    try {
      Y.applyUpdate(this.doc, update, origin);
    } catch (error) {
      whole = false;
      // As y-protocols does: an error thrown by an event handler is the handler's, the update stays applied.
      console.error('Caught error while handling a Yjs update', error);
    } finally {
      this.doc.off('afterTransaction', watch);
      this.doc.on('update', this.emit);
    }
    this.emit(whole ? update : Y.encodeStateAsUpdate(this.doc, before), whole ? origin : undefined);
  }

  private readonly emit = (update: Uint8Array, origin: unknown): void => {
    for (const listener of this.listeners) listener(update, origin);
  };
}

const byDoc = new WeakMap<Y.Doc, DocUpdates>();

/** The doc's one `DocUpdates`. */
export function docUpdates(doc: Y.Doc): DocUpdates {
  let updates = byDoc.get(doc);
  if (!updates) byDoc.set(doc, (updates = new DocUpdates(doc)));
  return updates;
}

/**
 * y-protocols' `readSyncMessage`, with what the engine sent applied through `docUpdates`. Answers
 * the message's type; a reply to the engine's step 1 is written to `encoder`.
 */
export function readSyncMessage(decoder: decoding.Decoder, encoder: encoding.Encoder, doc: Y.Doc, origin: unknown): number {
  const type = decoding.readVarUint(decoder);
  if (type === sync.messageYjsSyncStep1) sync.readSyncStep1(decoder, encoder, doc);
  else if (type === sync.messageYjsSyncStep2 || type === sync.messageYjsUpdate) {
    let update: Uint8Array;
    try {
      update = decoding.readVarUint8Array(decoder);
    } catch (error) {
      // As y-protocols does with a message cut short: logged, the link goes on.
      console.error('Caught error while handling a Yjs update', error);
      return type;
    }
    docUpdates(doc).applyRemote(update, origin);
  } else throw new Error('Unknown message type');
  return type;
}
