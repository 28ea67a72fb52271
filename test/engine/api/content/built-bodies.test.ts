import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../../../src-shared/content/index.js';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { bodyFacts, type BodyLink } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, crPage, crPages, outline, spaceWithChangeRequest, write, type Target } from './fixture.js';

/**
 * A page inserted from Markdown takes the body a worker thread wrote into a new doc, with the
 * projection facts it read there (content/built-body.ts); the event loop only appends it. These
 * tests hold it to what writing the body on the event loop gives.
 */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const MARKDOWN = '# Install\n\nRun **the installer**, then read [the site](https://folio.example/docs).\n\n## Check\n\n* one\n* two\n\n```sh\nfolio --version\n```\n';

/** The page's projected rows, and the facts of its stored doc read whole (links in one order: rows come back in the table's). */
function rowsAndDoc(target: Target, pageId: string) {
  const branch = target.changeRequestId;
  const rows = projectedBodyRows(t.engine.db, target.spaceId, branch, pageId)!;
  const doc = bodyFacts(readBody(t.engine.docs.load(pageDoc(target.spaceId, changeRequestBranch(branch), pageId))));
  const sorted = (links: BodyLink[]) => [...links].sort((a, b) => `${a.kind} ${a.target}`.localeCompare(`${b.kind} ${b.target}`));
  return { rows: { ...rows, links: sorted(rows.links) }, doc: { ...doc, links: sorted(doc.links) } };
}

const docRows = () => t.engine.db.get<{ n: number }>('SELECT count(*) AS n FROM doc_updates')!.n;

describe('a page inserted from Markdown', () => {
  it('reads, projects and searches as the doc it is stored as, like a page written on the event loop', async () => {
    const target = await spaceWithChangeRequest(t);
    // The same text twice: one reading, so the second page is written on the event loop.
    const [first, second] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'A', document: { markdown: MARKDOWN } },
      { operation: 'insert_page', title: 'B', document: { markdown: MARKDOWN } },
    ]);
    for (const id of [first!, second!]) {
      expect(ok(await crPage(t.owner, target, id, 'markdown'))).toMatchObject({ markdown: MARKDOWN });
      const { rows, doc } = rowsAndDoc(target, id);
      expect(rows).toEqual(doc);
    }
    expect(rowsAndDoc(target, first!).rows).toEqual(rowsAndDoc(target, second!).rows);
    expect(rowsAndDoc(target, first!).doc.links).toEqual([{ kind: 'url', target: 'https://folio.example/docs' }]);
    const merged = await t.owner.client.call('mergeChangeRequest', { params: target });
    expect(merged.ok).toBe(true);
    const hits = ok(await t.owner.client.call('searchSpaceContent', { params: { spaceId: target.spaceId }, query: { query: 'installer' } }));
    expect(hits.items.map((hit) => hit.id).sort()).toEqual([first, second].sort());
  });

  it('resolves a relative link to a page of the change request on the event loop', async () => {
    const target = await spaceWithChangeRequest(t);
    const [faq, guide] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions.\n' } },
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'See [the FAQ](faq.md).\n' } },
    ]);
    expect(rowsAndDoc(target, guide!).rows.links).toEqual([{ kind: 'page', target: faq }]);
    for (const id of [faq!, guide!]) expect(rowsAndDoc(target, id).rows).toEqual(rowsAndDoc(target, id).doc);
  });

  it('writes nothing when a later change of its batch is refused', async () => {
    const target = await spaceWithChangeRequest(t);
    await created(t.owner, target, [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Kept.\n' } }]);
    const before = { pages: outline(await crPages(t.owner, target)), rows: docRows() };
    const refused = await write(t.owner, target, [
      { operation: 'insert_page', title: 'One', document: { markdown: 'One page.\n' } },
      { operation: 'insert_page', title: 'Two', document: { markdown: 'Two pages.\n' } },
      { operation: 'update_page', page: 'no-such-page', title: 'Nothing' },
    ]);
    expectFailure(refused, 400, /^body\.changes\.2\.page: /);
    expect({ pages: outline(await crPages(t.owner, target)), rows: docRows() }).toEqual(before);
  });
});
