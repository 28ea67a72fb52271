import fc from 'fast-check';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import { docUpdates, readSyncMessage } from '../../src-renderer/editor/doc-updates.js';

const ENGINE = Symbol('engine');

function textOf(doc: Y.Doc): string {
  return doc.getText('body').toString();
}

/** What the listeners of `doc` were handed, and a doc built from those updates alone. */
function listen(doc: Y.Doc): { heard: { update: Uint8Array; origin: unknown }[]; rebuilt(): Y.Doc } {
  const heard: { update: Uint8Array; origin: unknown }[] = [];
  docUpdates(doc).on((update, origin) => heard.push({ update, origin }));
  return {
    heard,
    rebuilt: () => {
      const copy = new Y.Doc();
      for (const { update } of heard) Y.applyUpdate(copy, update);
      return copy;
    },
  };
}

describe('a doc’s updates for the window’s listeners', () => {
  it('hands a remote update to the listeners as it arrived, with its origin, and local edits as Yjs encodes them', () => {
    const engine = new Y.Doc();
    engine.getText('body').insert(0, 'From the engine. ');
    const remote = Y.encodeStateAsUpdate(engine);
    const doc = new Y.Doc();
    const { heard, rebuilt } = listen(doc);

    docUpdates(doc).applyRemote(remote, ENGINE);
    doc.getText('body').insert(textOf(doc).length, 'Typed here.');

    expect(textOf(doc)).toBe('From the engine. Typed here.');
    expect(heard[0]).toEqual({ update: remote, origin: ENGINE });
    expect(heard[0]!.update).toBe(remote);
    expect(heard[1]!.origin).toBe(null);
    expect(textOf(rebuilt())).toBe(textOf(doc));
  });

  it('hands over what an observer wrote while a remote update applied, so the engine and the device get it', () => {
    const engine = new Y.Doc();
    engine.getText('body').insert(0, 'Remote');
    const doc = new Y.Doc();
    doc.getText('body').observe((_event, transaction) => {
      if (transaction.origin === ENGINE) doc.transact(() => doc.getMap('meta').set('seen', true), 'observer');
    });
    const { heard, rebuilt } = listen(doc);

    docUpdates(doc).applyRemote(Y.encodeStateAsUpdate(engine), ENGINE);

    expect(heard).toHaveLength(1);
    expect(heard[0]!.origin).toBeUndefined();
    const copy = rebuilt();
    expect(textOf(copy)).toBe('Remote');
    expect(copy.getMap('meta').get('seen')).toBe(true);
  });

  it('hands over a valid update, never the bytes, when a remote update or its message does not read', () => {
    const doc = new Y.Doc();
    doc.getText('body').insert(0, 'Kept');
    const { heard, rebuilt } = listen(doc);
    const error = console.error;
    console.error = () => undefined;
    try {
      docUpdates(doc).applyRemote(new Uint8Array([200, 1, 7]), ENGINE);
      // A sync step 2 cut short: its update's length says more bytes than follow.
      expect(readSyncMessage(decoding.createDecoder(new Uint8Array([sync.messageYjsSyncStep2, 50, 1])), encoding.createEncoder(), doc, ENGINE)).toBe(sync.messageYjsSyncStep2);
    } finally {
      console.error = error;
    }
    expect(heard.every(({ update }) => update.byteLength !== 3)).toBe(true);
    expect(() => rebuilt()).not.toThrow();
    expect(textOf(doc)).toBe('Kept');
  });

  it('answers the engine’s step 1 and applies its step 2 and updates, as y-protocols does', () => {
    const engine = new Y.Doc();
    engine.getText('body').insert(0, 'Engine text');
    const doc = new Y.Doc();
    doc.getText('body').insert(0, 'Mine ');
    const message = (write: (encoder: encoding.Encoder) => void) => decoding.createDecoder(encoding.encode(write));

    const reply = encoding.createEncoder();
    expect(readSyncMessage(message((encoder) => sync.writeSyncStep1(encoder, engine)), reply, doc, ENGINE)).toBe(sync.messageYjsSyncStep1);
    const replied = decoding.createDecoder(encoding.toUint8Array(reply));
    expect(sync.readSyncMessage(replied, encoding.createEncoder(), engine, null)).toBe(sync.messageYjsSyncStep2);
    expect(readSyncMessage(message((encoder) => sync.writeSyncStep2(encoder, engine)), encoding.createEncoder(), doc, ENGINE)).toBe(sync.messageYjsSyncStep2);
    expect(textOf(doc)).toBe(textOf(engine));
    engine.getText('body').insert(0, '! ');
    expect(readSyncMessage(message((encoder) => sync.writeUpdate(encoder, Y.encodeStateAsUpdate(engine))), encoding.createEncoder(), doc, ENGINE)).toBe(sync.messageYjsUpdate);
    expect(textOf(doc)).toBe(textOf(engine));
  });

  it('loses nothing: whatever mix of local edits and remote updates, the listeners’ updates rebuild the doc', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('local' as const), at: fc.nat(), text: fc.string({ minLength: 1, maxLength: 4 }), remove: fc.nat(3) }),
      fc.record({ kind: fc.constant('remote' as const), at: fc.nat(), text: fc.string({ minLength: 1, maxLength: 4 }), remove: fc.nat(3), resend: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const doc = new Y.Doc();
        const engine = new Y.Doc();
        const { rebuilt } = listen(doc);
        for (const { kind, at, text, remove, ...rest } of steps) {
          const target = kind === 'local' ? doc : engine;
          const body = target.getText('body');
          const before = Y.encodeStateVector(doc);
          body.delete(at % (body.length + 1), Math.min(remove, body.length - (at % (body.length + 1))));
          body.insert(at % (body.length + 1), text);
          if (kind !== 'remote') continue;
          const update = Y.encodeStateAsUpdate(engine, before);
          docUpdates(doc).applyRemote(update, ENGINE);
          // The engine may send what the doc already has (a reconnection's sync).
          if ('resend' in rest && rest.resend) docUpdates(doc).applyRemote(update, ENGINE);
        }
        expect(textOf(rebuilt())).toBe(textOf(doc));
      }),
    );
  });
});
