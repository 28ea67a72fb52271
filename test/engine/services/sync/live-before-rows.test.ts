import { describe, expect, it } from 'vitest';
import { payloadBytes } from '../../../../src-main/engine/services/sync/channel.js';
import { decodeDocMessage, encodeDocMessage, type DocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';
import { DocsGate } from '../../../../src-main/engine/services/sync/docs-gate.js';
import { changesSince } from '../../../../src-main/engine/services/sync/sql.js';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { created } from '../../api/content/fixture.js';
import { Delivery, withHubAndReplica } from './delivery.js';
import { fullStateOf } from './nodes.js';

/**
 * The hub fans out live updates to a replica from the moment it connects, while the replica's
 * docs channel still waits for the change log's first exchange. Applied then, they came before
 * the rows of their space (docs/sync.md, "Order on a connection"); they wait for the pull.
 */
describe("a live update that reaches a replica during the change log's first exchange", () => {
  it('is dropped, and the pull that opens the docs channel brings the doc after its rows', () =>
    withHubAndReplica(async (hub, replica) => {
      const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
      const changeRequestId = ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Pages' } })).id;
      await created(hub.owner, { spaceId, changeRequestId }, [{ operation: 'insert_page', title: 'First', document: { markdown: 'p\n' } }]);
      ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId } }));
      const tree = mainTreeDoc(spaceId);
      const delivery = new Delivery(hub, replica);
      const { docs } = replica.engine;
      const gate = new DocsGate(delivery.docsChannel());
      const hubAnswers = (message: DocMessage): DocMessage | undefined => {
        if (message.type === 'changes-since') {
          const { counter, docIds } = changesSince(hub.engine.db, message.cursor);
          return { type: 'changed', cursor: counter, docIds };
        }
        if (message.type !== 'step1') return undefined;
        const diff = hub.engine.docs.diff(message.docId, message.stateVector);
        return diff.ok ? { type: 'step2', docId: message.docId, update: diff.update, stateVector: hub.engine.docs.stateVector(message.docId) } : undefined;
      };
      const sent: DocMessage[] = [];
      gate.hold();
      gate.open({
        send: (payload) => {
          const message = decodeDocMessage(payloadBytes(payload));
          sent.push(message);
          const answer = hubAnswers(message);
          if (answer) gate.receive(encodeDocMessage(answer));
        },
      });

      gate.receive(encodeDocMessage({ type: 'update', docId: tree, update: fullStateOf(hub, tree), stateVector: hub.engine.docs.stateVector(tree) }));
      expect(docs.writtenUnder(tree)).toEqual([]);
      expect(sent).toEqual([]);

      delivery.rows();
      gate.release();
      expect(sent[0]).toEqual({ type: 'changes-since', cursor: 0 });
      expect(sent.filter((message) => message.type === 'step1').map((message) => message.docId)).toContain(tree);
      const titles = ok(await replica.owner.client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title);
      expect(titles).toEqual(['First']);
    }));
});
