import { describe, expect, it } from 'vitest';
import { encodeDocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';
import { HubDocsChannel } from '../../../../src-main/engine/transports/sync/hub-docs.js';
import { changeRequestTreeDoc, mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { Delivery, withHubAndReplica } from './delivery.js';
import { fullStateOf } from './nodes.js';

/**
 * Found by the convergence fuzz (seed 25 of 80 steps): a change request opened while main's tree
 * held no pages got, when a merge first changed main, a copy of that empty tree; it brings no
 * structs. An engine where main's tree had no row yet (an empty first row does not travel)
 * copied nothing when the copy arrived and left the doc unwritten, so it read main's pages once
 * they came, while the writer kept its empty copy. Both ends of the docs channel write it empty.
 */
describe("a copy of an empty tree that reaches an engine where main's tree has no row yet", () => {
  /** On `writer`: a space, an untouched change request, then a merged page that made main copy its empty tree into it. */
  async function emptyCopy(writer: TestServer) {
    const spaceId = (await newSpace(writer.owner, writer.organizationId, { title: 'Guide' })).id;
    const open = async (subject: string) => ok(await writer.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
    const untouched = await open('Untouched');
    const merged = await open('Merged');
    await created(writer.owner, { spaceId, changeRequestId: merged }, [{ operation: 'insert_page', title: 'Merged page', document: { markdown: 'p\n' } }]);
    ok(await writer.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: merged } }));
    const pagesOf = async (server: TestServer) =>
      ok(await server.owner.client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId: untouched } })).pages.map((page) => page.title);
    return { spaceId, untouched, pagesOf };
  }

  it('stays empty on a replica, as on the hub that copied it', () =>
    withHubAndReplica(async (hub, replica) => {
      const { spaceId, untouched, pagesOf } = await emptyCopy(hub);
      const delivery = new Delivery(hub, replica);
      delivery.rows();
      delivery.docs([changeRequestTreeDoc(spaceId, untouched), mainTreeDoc(spaceId)]);

      expect(await pagesOf(hub)).toEqual([]);
      expect(await pagesOf(replica)).toEqual([]);
    }));

  it('stays empty on the hub, as on the replica that copied it', () =>
    withHubAndReplica(async (writer, hub) => {
      const { spaceId, untouched, pagesOf } = await emptyCopy(writer);
      // The hub gets the writer's rows (adopting its user), then its docs over the hub's end of the channel.
      new Delivery(writer, hub).rows();
      const actor = { id: writer.owner.id, email: writer.owner.email, displayName: 'Writer' };
      const channel = new HubDocsChannel(hub.engine.deps, actor, new Set());
      channel.open({ send: () => undefined });
      for (const docId of [changeRequestTreeDoc(spaceId, untouched), mainTreeDoc(spaceId)]) {
        channel.receive(encodeDocMessage({ type: 'update', docId, update: fullStateOf(writer, docId), stateVector: writer.engine.docs.stateVector(docId) }));
      }
      channel.close();

      expect(await pagesOf(writer)).toEqual([]);
      expect(await pagesOf(hub)).toEqual([]);
    }));
});
