import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPageFields } from '../../../src-main/engine/content/tree.js';
import { MAIN, pageDoc, treeDoc } from '../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../support/content.js';
import { TestServer } from '../../support/server.js';
import { join, leave, nextCommit, writeParagraphs } from '../yjs/peers.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

describe('projections of writes over y-websocket', () => {
  it('list a page a peer added to the tree, and serve the body it wrote', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const tree = await join(t, treeDoc(spaceId, MAIN), t.owner.token);
    const treeCommitted = nextCommit(t.engine, treeDoc(spaceId, MAIN));
    tree.doc.transact(() => setPageFields(tree.doc, 'peerPage', { type: 'document', title: 'From a peer', slug: 'peer', parent: null, position: 'V' }));
    await treeCommitted;
    const pages = ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages;
    expect(pages).toMatchObject([{ id: 'peerPage', title: 'From a peer', path: 'peer' }]);

    const body = await join(t, pageDoc(spaceId, MAIN, 'peerPage'), t.owner.token);
    const bodyCommitted = nextCommit(t.engine, pageDoc(spaceId, MAIN, 'peerPage'));
    writeParagraphs(body.doc, 'Written live');
    await bodyCommitted;
    const page = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: 'peerPage' }, query: { format: 'markdown' } }));
    expect(page).toMatchObject({ markdown: 'Written live\n' });
    const sections = t.engine.db.all('SELECT body FROM content_sections WHERE space_id = ? AND page_id = ?', spaceId, 'peerPage');
    expect(sections).toEqual([{ body: 'Written live' }]);
    leave(tree, body);
  });
});
