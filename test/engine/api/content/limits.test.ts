import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BLOCK_DEPTH, MAX_DOCUMENT_BLOCKS, MAX_MARKDOWN_LENGTH } from '../../../../src-shared/contract/limits.js';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';
import { crPage, created, spaceWithChangeRequest, write, type Target } from './fixture.js';

/**
 * The nesting and size limits of page content (docs/content-model.md, "Limits"), each refused
 * with a 400 naming the field, before anything recursive (or slow) runs.
 */
let t: TestServer;
let target: Target;
beforeAll(async () => {
  t = await TestServer.start();
  target = await spaceWithChangeRequest(t);
});
afterAll(() => t.stop());

const insert = (document: unknown) => ({ operation: 'insert_page', title: 'Deep', document });

/** `depth` blockquotes inside one another around a paragraph: depth + 1 blocks deep. */
function quotes(depth: number): unknown {
  let node: unknown = { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'deep', marks: [] }] }] };
  for (let i = 0; i < depth; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
  return { object: 'document', data: {}, nodes: [node] };
}

/** Lists nested by indentation, `levels` of them: each a list and an item, around the last item's paragraph. */
const indentedLists = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

describe('Markdown', () => {
  it('refuses "- " nested 500 deep on one line (1 KB) with 400 naming the field', async () => {
    const result = await write(t.owner, target, [insert({ markdown: `${'- '.repeat(500)}x` })]);
    expectFailure(result, 400, `body.changes.0.document.markdown: blocks are nested deeper than ${MAX_BLOCK_DEPTH} levels`);
  });

  it('refuses "> " × 100,000 with 400', async () => {
    const result = await write(t.owner, target, [insert({ markdown: `${'> '.repeat(100_000)}x` })]);
    expectFailure(result, 400, /^body\.changes\.0\.document\.markdown: blocks are nested deeper than/);
  });

  it('takes lists and quotes nested to the limit, every level kept, and refuses one level more, however the nesting is written', async () => {
    // 15 lists and their items around a paragraph: 31 blocks deep; indentation: the same; 31 quotes: 32.
    const atLimit = [`${'- '.repeat(15)}deepest`, indentedLists(15), `${'> '.repeat(MAX_BLOCK_DEPTH - 1)}innermost`];
    const pages = await created(t.owner, target, atLimit.map((markdown) => insert({ markdown })));
    const texts = await Promise.all(pages.map(async (page) => (ok(await crPage(t.owner, target, page, 'markdown')) as { markdown: string }).markdown));
    expect(texts[0]).toContain('deepest');
    for (let i = 0; i < 15; i++) expect(texts[1]).toContain(`item ${i}`);
    expect(texts[2]).toContain('innermost');
    for (const markdown of [`${'- '.repeat(16)}x`, indentedLists(16), `${'> '.repeat(MAX_BLOCK_DEPTH)}x`]) {
      expectFailure(await write(t.owner, target, [insert({ markdown })]), 400, /^body\.changes\.0\.document\.markdown: blocks are nested deeper/);
    }
  });

  it('refuses nesting that markdown-it would cut short (past its own 100 levels) rather than keep what it read', async () => {
    // Indentation alone passes the line pre-scan; markdown-it stops reading at 100 levels and drops the rest.
    const result = await write(t.owner, target, [insert({ markdown: indentedLists(60) })]);
    expectFailure(result, 400, `body.changes.0.document.markdown: blocks are nested deeper than ${MAX_BLOCK_DEPTH} levels`);
  });

  it('refuses emphasis nested past the limit (it overflowed the stack)', async () => {
    const result = await write(t.owner, target, [insert({ markdown: `${'*'.repeat(200)}a${'*'.repeat(200)}` })]);
    expectFailure(result, 400, /^body\.changes\.0\.document\.markdown: inline content is nested deeper than/);
  });

  it(`refuses a text longer than ${MAX_MARKDOWN_LENGTH} characters`, async () => {
    const result = await write(t.owner, target, [insert({ markdown: 'a'.repeat(MAX_MARKDOWN_LENGTH + 1) })]);
    expectFailure(result, 400, /^body\.changes\.0\.document\.markdown: Too big/);
  });

  it(`refuses a page of more than ${MAX_DOCUMENT_BLOCKS} blocks`, async () => {
    const result = await write(t.owner, target, [insert({ markdown: '___\n\n'.repeat(MAX_DOCUMENT_BLOCKS + 1) })]);
    expectFailure(result, 400, `body.changes.0.document.markdown: holds more than ${MAX_DOCUMENT_BLOCKS} blocks`);
  });

  it(`counts a table's cells as blocks, as its Document does: a table of more than ${MAX_DOCUMENT_BLOCKS} cells is refused`, async () => {
    // The table and its body's cells: 1 + 2 × rows (a 120 KB table of 20,000 rows held the event loop over a second).
    const table = (rows: number) => `| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(rows)}`;
    await created(t.owner, target, [insert({ markdown: table((MAX_DOCUMENT_BLOCKS - 2) / 2) })]);
    const result = await write(t.owner, target, [insert({ markdown: table(MAX_DOCUMENT_BLOCKS / 2) })]);
    expectFailure(result, 400, `body.changes.0.document.markdown: holds more than ${MAX_DOCUMENT_BLOCKS} blocks`);
  });
});

describe('Document', () => {
  it('takes blocks nested to the limit, and refuses one level more', async () => {
    const [page] = await created(t.owner, target, [insert({ document: quotes(MAX_BLOCK_DEPTH - 1) })]);
    expect(ok(await crPage(t.owner, target, page!, 'document'))).toMatchObject({ title: 'Deep' });
    const result = await write(t.owner, target, [insert({ document: quotes(MAX_BLOCK_DEPTH) })]);
    expectFailure(result, 400, `body.changes.0.document.document: blocks are nested deeper than ${MAX_BLOCK_DEPTH} levels`);
  });

  it(`refuses more than ${MAX_DOCUMENT_BLOCKS} blocks`, async () => {
    const divider = { object: 'block', type: 'divider', isVoid: true, data: {}, nodes: [] };
    const document = { object: 'document', data: {}, nodes: Array.from({ length: MAX_DOCUMENT_BLOCKS + 1 }, () => divider) };
    expectFailure(await write(t.owner, target, [insert({ document })]), 400, /^body\.changes\.0\.document\.document: holds more than/);
  });
});

describe('comment bodies', () => {
  it('refuse a document nested 1,500 blocks deep with 400, not a stack overflow', async () => {
    const body = JSON.stringify({ body: { document: quotes(1_500) } });
    const res = await raw(`${t.url}/v1/spaces/${target.spaceId}/comments`, { method: 'POST', token: t.owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body: nested deeper than 100 levels/);
  });

  it('refuse a document nested past the block limit with 400 naming the field', async () => {
    const res = await t.owner.client.call('postCommentInSpace', {
      params: { spaceId: target.spaceId },
      body: { body: { document: quotes(40) } } as never,
    });
    expectFailure(res, 400, /^body\.body\.document: blocks are nested deeper than/);
  });

  it('refuse Markdown nested past the limit with 400 naming the field', async () => {
    const res = await t.owner.client.call('postCommentInSpace', { params: { spaceId: target.spaceId }, body: { body: { markdown: `${'> '.repeat(1_000)}x` } } });
    expectFailure(res, 400, /^body\.body\.markdown: blocks are nested deeper than/);
  });
});
