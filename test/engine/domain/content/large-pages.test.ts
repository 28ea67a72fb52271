import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentPageBody } from '../../../../src-main/engine/domain/content/page-body.js';
import { LARGE_BODY_BYTES } from '../../../../src-main/engine/domain/content/page-read-options.js';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { markdownToPm, pmToMarkdown } from '../../../../src-shared/content/index.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, crPage, spaceWithChangeRequest } from '../../api/content/fixture.js';

/**
 * Large pages are read and written out in the engine's worker threads (request-reading.ts, the
 * page reads' `Later`): what a writer sends and reads back is what the engine's own thread makes
 * of the same Markdown and the same doc.
 */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

/** Sections of a heading and paragraphs with links and marks, `blocks` blocks in all. */
function markdownOf(blocks: number): string {
  const sections = Array.from({ length: Math.ceil(blocks / 10) }, (_, s) =>
    [`## Part ${s}`, ...Array.from({ length: 9 }, (_, i) => `Words ${s}.${i} with [a link](https://folio.example/${i}) and **bold** text.`)].join('\n\n'),
  );
  return `${sections.join('\n\n')}\n`;
}

describe('a large page', () => {
  it('written as Markdown, reads back as the engine’s thread reads that Markdown', async () => {
    const markdown = markdownOf(300);
    const target = await spaceWithChangeRequest(t);
    const [pageId] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Large', document: { markdown } }]);
    const read = ok(await crPage(t.owner, target, pageId!, 'markdown'));
    const inline = markdownToPm(markdown);
    const expected = inline.ok ? pmToMarkdown(inline.value.body) : inline;
    expect(expected.ok && 'markdown' in read && read.markdown).toBe(expected.ok && expected.value);
  });

  it('whose rows weigh more than the limit reads, as Markdown and as a Document, what the engine’s thread presents', async () => {
    const target = await spaceWithChangeRequest(t);
    const [pageId] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Longer', document: { markdown: markdownOf(1_500) } }]);
    const docId = pageDoc(target.spaceId, changeRequestBranch(target.changeRequestId), pageId!);
    expect(t.engine.docs.storedBytes(docId)).toBeGreaterThan(LARGE_BODY_BYTES);
    const doc = t.engine.docs.load(docId);
    for (const format of ['markdown', 'document'] as const) {
      const read = ok(await crPage(t.owner, target, pageId!, format));
      const inline = presentPageBody(doc, format);
      expect(inline.ok).toBe(true);
      if (inline.ok) expect(read).toMatchObject(inline.value);
    }
  });

  it('sent by a caller without a token is refused before any of it is read', async () => {
    // Threads of its own (not the tests' shared pool), to see that none started.
    const fresh = await TestServer.start({ workers: {} });
    try {
      const target = await spaceWithChangeRequest(fresh);
      const response = await fetch(`${fresh.url}/v1/spaces/${target.spaceId}/change-requests/${target.changeRequestId}/content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ changes: [{ operation: 'insert_page', title: 'Large', document: { markdown: markdownOf(300) } }] }),
      });
      expect(response.status).toBe(401);
      expect(fresh.engine.workers.threadCount).toBe(0);
    } finally {
      await fresh.stop();
    }
  });
});
