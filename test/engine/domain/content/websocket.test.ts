import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bodyFacts } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { BODY_FRAGMENT, readBody } from '../../../../src-shared/content/index.js';
import { spaceWith } from '../../api/search/fixture.js';
import { setPageFields } from '../../../../src-main/engine/domain/content/tree.js';
import { MAIN, pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { join, leave, nextCommit, writeParagraphs } from '../../transports/yjs/peers.js';

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

  it('read a page ahead when its room opens, and a keystroke after projects it exactly', async () => {
    const markdown = Array.from({ length: 30 }, (_, s) => `## Part ${s}\n\nFirst of ${s}, [a link](https://folio.example/${s}).\n\nSecond of ${s}.`).join('\n\n');
    const { spaceId, ids } = await spaceWith(t, [{ title: 'Long', markdown }]);
    const docId = pageDoc(spaceId, MAIN, ids[0]!);
    const writer = await join(t, docId, t.owner.token);
    // The room reads the blocks ahead in slices; keystrokes land between them or after.
    for (const at of [3, 40, 77]) {
      const committed = nextCommit(t.engine, docId);
      const block = writer.doc.getXmlFragment(BODY_FRAGMENT).get(at) as Y.XmlElement;
      (block.get(0) as Y.XmlText).insert(0, `typed${at} `);
      await committed;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const committed = nextCommit(t.engine, docId);
    ((writer.doc.getXmlFragment(BODY_FRAGMENT).get(5) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'last ');
    await committed;
    const rows = projectedBodyRows(t.engine.db, spaceId, 'main', ids[0]!)!;
    const facts = bodyFacts(readBody(t.engine.docs.load(docId)));
    // Links read back from their rows come in the table's order.
    const sorted = (links: { kind: string; target: string }[]) => links.map((link) => `${link.kind} ${link.target}`).sort();
    expect({ ...rows, links: sorted(rows.links) }).toEqual({ ...facts, links: sorted(facts.links) });
    expect(JSON.stringify(readBody(t.engine.docs.load(docId)))).toContain('typed77');
    leave(writer);
  });
});
