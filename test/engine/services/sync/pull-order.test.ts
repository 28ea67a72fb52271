import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { payloadBytes } from '../../../../src-main/engine/services/sync/channel.js';
import { decodeDocMessage, encodeDocMessage, type DocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';
import { ReplicaDocsChannel } from '../../../../src-main/engine/services/sync/replica-docs.js';
import { readUpstream, saveUpstream } from '../../../../src-main/engine/services/sync/sql.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

/**
 * The replica's end of the docs channel on a real engine, talking to a hub played by the test:
 * which docs it asks for, in which order, while a local client opens one.
 */
describe('the order in which a replica pulls', () => {
  let dataDir: string;
  let engine: Engine;
  let sent: DocMessage[];
  let opened: (docId: string) => void;
  let channel: ReplicaDocsChannel;
  const docIds = Array.from({ length: 100 }, (_, i) => `space/s/main/page/p${i}`);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-pull-'));
    engine = new Engine({ dataDir, observeAnswers: referenceAnswers.observe });
    saveUpstream(engine.db, 'ws://127.0.0.1:1/v1/sync', 'folio_token');
    sent = [];
    channel = new ReplicaDocsChannel({
      db: engine.db,
      docs: engine.docs,
      clock: engine.clock,
      openDocIds: () => ['space/s/main/page/p70'],
      onDocOpened: (listener) => {
        opened = listener;
        return () => undefined;
      },
      refused: () => undefined,
      schedule: () => () => undefined,
      quietMs: 0,
    });
    channel.open({ send: (payload) => sent.push(decodeDocMessage(payloadBytes(payload))) });
  });

  afterEach(() => {
    channel.close();
    engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const receive = (message: DocMessage) => channel.receive(encodeDocMessage(message));
  const asked = () => sent.flatMap((message) => (message.type === 'step1' ? [message.docId] : []));
  const answer = (docId: string) =>
    receive({ type: 'step2', docId, update: Y.encodeStateAsUpdate(new Y.Doc()), stateVector: Y.encodeStateVector(new Y.Doc()) });

  it('asks first for the open doc, then the rest in the order they changed, a window at a time', () => {
    expect(sent).toEqual([{ type: 'changes-since', cursor: 0 }]);
    receive({ type: 'changed', cursor: 500, docIds });
    expect(asked()).toEqual(['space/s/main/page/p70', ...docIds.slice(0, 31)]);
    answer('space/s/main/page/p70');
    expect(asked().at(-1)).toBe(docIds[31]);
  });

  it('asks next for a doc a local client opens during the pull, before those queued', () => {
    receive({ type: 'changed', cursor: 500, docIds });
    opened('space/s/main/page/p99');
    expect(asked().at(-1)).toBe('space/s/main/page/p99');
    for (let answered = 0; answered < asked().length; answered++) answer(asked()[answered]!);
    expect(asked().sort()).toEqual([...docIds].sort());
    expect(readUpstream(engine.db)?.cursor).toBe(500);
  });

  it('moves the cursor once every doc listed is answered, not before', () => {
    receive({ type: 'changed', cursor: 500, docIds });
    for (let answered = 0; answered < docIds.length; answered++) {
      expect(readUpstream(engine.db)?.cursor).toBe(0);
      answer(asked()[answered]!);
    }
    expect(new Set(asked())).toEqual(new Set(docIds));
    expect(readUpstream(engine.db)?.cursor).toBe(500);
  });
});
