import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../../../src-shared/content/index.js';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { bodyFacts, type BodyLink } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { holdFirstAnswer } from '../../../support/workers.js';
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

/** Sections of a heading and paragraphs with a link and marks, `blocks` blocks in all: past what an update writes on the event loop. */
function largeMarkdown(blocks: number, edited = -1): string {
  const sections = Array.from({ length: Math.ceil(blocks / 10) }, (_, s) =>
    [`## Part ${s}`, ...Array.from({ length: 9 }, (_, i) => `Words ${s}.${i}${s * 9 + i === edited ? ' edited' : ''} with [a link](https://folio.example/${s}) and **bold** text.`)].join('\n\n'),
  );
  return `${sections.join('\n\n')}\n`;
}

/** The ids of the page's top-level blocks, in order. */
async function blockKeys(target: Target, pageId: string): Promise<string[]> {
  const page = ok(await crPage(t.owner, target, pageId));
  return ('document' in page ? (page.document!.nodes as { key?: string }[]) : []).map((node) => node.key!);
}

describe('a large page updated from Markdown', () => {
  it('reads and projects as the Markdown sent, the unchanged blocks keeping their ids (the body written in a worker)', async () => {
    const target = await spaceWithChangeRequest(t);
    const [pageId] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Large', document: { markdown: largeMarkdown(1_000) } }]);
    const before = await blockKeys(target, pageId!);
    const markdown = largeMarkdown(1_000, 42);
    ok(await write(t.owner, target, [{ operation: 'update_page', page: pageId!, document: { markdown } }]));
    expect(ok(await crPage(t.owner, target, pageId!, 'markdown'))).toMatchObject({ markdown });
    const after = await blockKeys(target, pageId!);
    expect(after).toHaveLength(before.length);
    // One paragraph edited: it keeps its place's id too (reconciled in place); every block keeps its id.
    expect(after).toEqual(before);
    const { rows, doc } = rowsAndDoc(target, pageId!);
    expect(rows).toEqual(doc);
    expect(rows.sections.some((section) => section.body.includes('edited'))).toBe(true);
  });

  it('stays exact when another write reaches the page while the worker plans its body (then written on the event loop)', async () => {
    const target = await spaceWithChangeRequest(t);
    const [pageId] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Large', document: { markdown: largeMarkdown(1_000) } }]);
    const markdown = largeMarkdown(1_000, 7);
    // The engine's own worker plans the body; its answer is held until another write (itself planned: the doc is large) has changed the page's doc.
    const held = holdFirstAnswer(t.engine.workers, 'planPageBody');
    try {
      const large = write(t.owner, target, [{ operation: 'update_page', page: pageId!, document: { markdown } }]);
      await held.reached;
      ok(await write(t.owner, target, [{ operation: 'update_page', page: pageId!, title: 'Renamed', document: { markdown: 'Meanwhile.\n' } }]));
      held.release();
      ok(await large);
    } finally {
      held.restore();
    }
    expect(ok(await crPage(t.owner, target, pageId!, 'markdown'))).toMatchObject({ title: 'Renamed', markdown });
    const { rows, doc } = rowsAndDoc(target, pageId!);
    expect(rows).toEqual(doc);
  });

  it('of main, in a change request that has not written it yet, reads and projects as sent there and in main once merged', async () => {
    const space = await spaceWithChangeRequest(t);
    const [pageId] = await created(t.owner, space, [{ operation: 'insert_page', title: 'Large', document: { markdown: largeMarkdown(1_000) } }]);
    ok(await t.owner.client.call('mergeChangeRequest', { params: space }));
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.spaceId }, body: { subject: 'Edit' } }));
    const target = { spaceId: space.spaceId, changeRequestId: cr.id };
    const markdown = largeMarkdown(1_000, 500);
    ok(await write(t.owner, target, [{ operation: 'update_page', page: pageId!, document: { markdown } }]));
    expect(ok(await crPage(t.owner, target, pageId!, 'markdown'))).toMatchObject({ markdown });
    const { rows, doc } = rowsAndDoc(target, pageId!);
    expect(rows).toEqual(doc);
    ok(await t.owner.client.call('mergeChangeRequest', { params: target }));
    const main = ok(await t.owner.client.call('getPageById', { params: { spaceId: space.spaceId, pageId: pageId! }, query: { format: 'markdown' } }));
    expect(main).toMatchObject({ markdown });
    const mainRows = projectedBodyRows(t.engine.db, space.spaceId, 'main', pageId!)!;
    expect(mainRows.hash).toBe(rows.hash);
  });

  it('refused by a later change of its batch writes nothing', async () => {
    const target = await spaceWithChangeRequest(t);
    const [pageId] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Large', document: { markdown: largeMarkdown(1_000) } }]);
    const rowsBefore = docRows();
    const refused = await write(t.owner, target, [
      { operation: 'update_page', page: pageId!, document: { markdown: largeMarkdown(1_000, 3) } },
      { operation: 'update_page', page: 'no-such-page', title: 'Nothing' },
    ]);
    expectFailure(refused, 400, /^body\.changes\.1\.page: /);
    expect(docRows()).toBe(rowsBefore);
    expect(ok(await crPage(t.owner, target, pageId!, 'markdown'))).toMatchObject({ markdown: largeMarkdown(1_000) });
  });
});
