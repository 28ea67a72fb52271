import { expect, it } from 'vitest';
import { MAIN, pageDoc } from '../../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../../support/content.js';
import { addPage, changeDoc, writeParagraphs } from '../../../transports/yjs/peers.js';
import { contentOf, eventually } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest, killHub } from './hub-processes.js';

describeWithPostgres('two hub processes on one PostgreSQL', (postgres) => {
  const cluster = hubClusterEachTest(postgres);
  const pagesOf = (content: unknown) => Object.keys((content as { pages: object }).pages).sort();

  it('replicas attached to different processes see each other’s spaces and edits, live and after offline edits', async () => {
    const { a, b, spaceId, tree } = await cluster.twoSides();
    addPage(a.engine, tree, 'fromA');
    await eventually(() => expect(pagesOf(contentOf(b.engine, tree))).toContain('fromA'));

    a.engine.sync.stop();
    b.engine.sync.stop();
    changeDoc(a.engine, pageDoc(spaceId, MAIN, 'fromA'), (doc) => writeParagraphs(doc, 'offline on A'));
    addPage(b.engine, tree, 'fromB');
    a.engine.sync.start();
    b.engine.sync.start();
    await eventually(() => {
      expect(contentOf(b.engine, pageDoc(spaceId, MAIN, 'fromA'))).toMatchObject({ body: expect.stringContaining('offline on A') });
      expect(contentOf(a.engine, tree)).toEqual(contentOf(b.engine, tree));
      expect(pagesOf(contentOf(a.engine, tree))).toEqual(['fromA', 'fromB']);
    });
    await eventually(async () => {
      expect(await a.status()).toMatchObject({ outbox: 0, pendingChanges: 0 });
      expect(await b.status()).toMatchObject({ outbox: 0, pendingChanges: 0 });
    });
  }, 120_000);

  it('a replica whose process is killed moves to another address of the hub and loses nothing of its outbox', async () => {
    const { a, b, organizationId, tree } = await cluster.twoSides();
    const [first, second] = cluster.hubs();
    expect(await a.status()).toMatchObject({ state: 'connected', connectedTo: first!.syncUrl });
    await killHub(first!);
    // Written while its hub process is gone: in the outbox until the other process acknowledges it.
    addPage(a.engine, tree, 'afterTheKill');
    ok(await a.client.call('createSpace', { params: { organizationId }, body: { title: 'After the kill' } }));
    await eventually(async () => expect(await a.status()).toMatchObject({ state: 'connected', connectedTo: second!.syncUrl, outbox: 0, pendingChanges: 0 }));
    await eventually(async () => {
      expect(pagesOf(contentOf(b.engine, tree))).toContain('afterTheKill');
      const spaces = ok(await b.client.call('listSpacesInOrganizationById', { params: { organizationId }, query: {} }));
      expect(spaces.items.map((item) => item.title)).toContain('After the kill');
    });
  }, 120_000);
});
