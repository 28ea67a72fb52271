import { describe, expect, it } from 'vitest';
import { changesSince } from '../../../../src-main/engine/services/sync/changes/since.js';
import { readRow } from '../../../../src-main/engine/services/sync/changes/rows.js';
import { tableSpec } from '../../../../src-main/engine/services/sync/changes/tables.js';
import { encodeChangeMessage } from '../../../../src-main/engine/services/sync/change-messages.js';
import { ReplicaChangesChannel } from '../../../../src-main/engine/services/sync/replica-changes.js';
import { commentsDoc, MAIN } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { fullStateOf } from './nodes.js';

describe('a comments doc that reaches a replica before its space’s rows', () => {
  it('is listed once the rows arrive in the change log', async () => {
    const hub = await TestServer.start();
    const replica = await TestServer.start();
    try {
      const space = await newSpace(hub.owner, hub.organizationId, { title: 'Guide' });
      ok(await hub.owner.client.call('postCommentInSpace', { params: { spaceId: space.id }, body: { body: { markdown: 'Early note' } } }));
      // The hub's live fan-out, applied before the change log brought the space.
      const docId = commentsDoc(space.id, MAIN);
      const { db, docs, changeCapture: capture, projector } = replica.engine;
      expect(docs.applyRemote(docId, fullStateOf(hub, docId), 'hub')).toMatchObject({ ok: true, applied: true });

      const channel = new ReplicaChangesChannel({ db, docs, clock: replica.engine.clock, url: 'ws://hub.test/v1/sync', schedule: () => () => undefined, docsGate: { hold() {}, release() {}, retryOutbox() {} }, capture, projector });
      channel.open({ send: () => undefined });
      channel.receive(encodeChangeMessage({ type: 'hello', user: readRow(hub.engine.db, tableSpec('users')!, [hub.owner.id])! }));
      const batch = changesSince(hub.engine.db, '', { user: hub.owner.id }, 100_000);
      channel.receive(encodeChangeMessage({ type: 'changes', ...batch }));
      channel.close();

      const listed = ok(await replica.owner.client.call('listCommentsInSpace', { params: { spaceId: space.id }, query: { format: 'markdown' } }));
      expect(listed.items.map((comment) => comment.body)).toEqual([{ markdown: 'Early note' }]);
    } finally {
      await replica.stop();
      await hub.stop();
    }
  });
});
