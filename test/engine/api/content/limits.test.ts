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

  it('takes lists nested to the limit, and refuses one level more, however the nesting is written', async () => {
    // 15 lists and their items around a paragraph: 31 blocks deep; indentation: the same.
    const [page] = await created(t.owner, target, [insert({ markdown: `${'- '.repeat(15)}x` }), insert({ markdown: indentedLists(15) })]);
    const read = ok(await crPage(t.owner, target, page!, 'document'));
    expect(JSON.stringify(read)).toContain('"list-unordered"');
    expectFailure(await write(t.owner, target, [insert({ markdown: `${'- '.repeat(16)}x` })]), 400, /^body\.changes\.0\.document: blocks are nested deeper/);
    expectFailure(await write(t.owner, target, [insert({ markdown: indentedLists(16) })]), 400, /^body\.changes\.0\.document: blocks are nested deeper/);
  });

  it('refuses emphasis nested past the limit (it overflowed the stack)', async () => {
    const result = await write(t.owner, target, [insert({ markdown: `${'*'.repeat(200)}a${'*'.repeat(200)}` })]);
    expectFailure(result, 400, /^body\.changes\.0\.document: inline content is nested deeper than/);
  });

  it(`refuses a text longer than ${MAX_MARKDOWN_LENGTH} characters`, async () => {
    const result = await write(t.owner, target, [insert({ markdown: 'a'.repeat(MAX_MARKDOWN_LENGTH + 1) })]);
    expectFailure(result, 400, /^body\.changes\.0\.document\.markdown: Too big/);
  });

  it(`refuses a page of more than ${MAX_DOCUMENT_BLOCKS} blocks`, async () => {
    const result = await write(t.owner, target, [insert({ markdown: '___\n\n'.repeat(MAX_DOCUMENT_BLOCKS + 1) })]);
    expectFailure(result, 400, `body.changes.0.document: holds more than ${MAX_DOCUMENT_BLOCKS} blocks`);
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
