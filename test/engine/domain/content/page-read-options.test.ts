import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { openapi30 } from '../../api/openapi-specs/fixtures.js';
import { pollSpec } from '../../api/openapi-specs/spec-server.js';
import { created, mainPages, spaceWithChangeRequest, write, type Target } from '../../api/content/fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

type Query = Record<string, string>;
type Node = { type?: string; nodes?: Node[]; data?: Record<string, unknown>; meta?: Record<string, unknown>; leaves?: { text: string }[] };

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', nodes });
const ifBlock = (expression: string, ...nodes: unknown[]) => ({ object: 'block', type: 'if', data: { expression }, nodes });
const expression = (source: string) => ({ object: 'inline', type: 'expression', isVoid: true, data: { expression: source } });
const refLink = (ref: Record<string, string>, label: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [text(label)] });
const documentOf = (...nodes: unknown[]) => ({ document: { object: 'document', data: {}, nodes } });

async function readPage(target: Target, pageId: string, query: Query = {}) {
  return ok(await t.owner.client.call('getPageInChangeRequestById', { params: { ...target, pageId }, query: query as never })) as Record<string, unknown>;
}

async function newPage(target: Target, document: unknown, title = 'Page') {
  const [id] = await created(t.owner, target, [{ operation: 'insert_page', title, document }]);
  return id!;
}

/** Every node of a Document, depth first. */
function nodesOf(document: unknown): Node[] {
  const out: Node[] = [];
  const visit = (node: Node) => {
    out.push(node);
    node.nodes?.forEach(visit);
  };
  (document as { nodes: Node[] }).nodes.forEach(visit);
  return out;
}
const textOf = (document: unknown) => nodesOf(document).flatMap((node) => node.leaves?.map((leaf) => leaf.text) ?? []).join('|');

describe('evaluated', () => {
  const conditional = documentOf(
    ifBlock('1 < 2 && "a" === "a"', paragraph(text('shown'))),
    ifBlock('space.vars.edition == "pro"', paragraph(text('hidden'))),
    ifBlock('visitor.claims.beta', paragraph(text('for beta visitors'))),
    paragraph(text('total: '), expression('"v" + (2 * 3)'), text('.')),
  );

  it('is off by default: conditions and expressions come back as written', async () => {
    const target = await spaceWithChangeRequest(t);
    const page = await readPage(target, await newPage(target, conditional));
    expect(nodesOf(page.document).filter((node) => node.type === 'if')).toHaveLength(3);
    expect(nodesOf(page.document).some((node) => node.type === 'expression')).toBe(true);
  });

  it('true: a holding condition gives way to its blocks, others go, expressions become their value', async () => {
    const target = await spaceWithChangeRequest(t);
    const page = await readPage(target, await newPage(target, conditional), { evaluated: 'true' });
    const nodes = nodesOf(page.document);
    expect(nodes.filter((node) => node.type === 'if' || node.type === 'expression')).toEqual([]);
    expect(textOf(page.document)).toBe('shown|total: |v6|.');
  });

  it('deterministic-only: a condition on the visitor stays unevaluated', async () => {
    const target = await spaceWithChangeRequest(t);
    const page = await readPage(target, await newPage(target, conditional), { evaluated: 'deterministic-only' });
    const ifs = nodesOf(page.document).filter((node) => node.type === 'if');
    expect(ifs.map((node) => node.data?.expression)).toEqual(['visitor.claims.beta']);
    expect(textOf(page.document)).toBe('shown|for beta visitors|total: |v6|.');
  });

  it('applies to Markdown too: evaluated content reads as plain Markdown', async () => {
    const target = await spaceWithChangeRequest(t);
    const page = await readPage(target, await newPage(target, conditional), { evaluated: 'true', format: 'markdown' });
    expect(page.markdown).toBe('shown\n\ntotal: v6.\n');
  });

  it('leaves an expression that does not parse as it is', async () => {
    const target = await spaceWithChangeRequest(t);
    const page = await readPage(target, await newPage(target, documentOf(ifBlock('1 <', paragraph(text('kept'))))), { evaluated: 'true' });
    expect(nodesOf(page.document).map((node) => node.type)).toContain('if');
  });

  it('is refused when it is not a boolean or deterministic-only', async () => {
    const target = await spaceWithChangeRequest(t);
    const pageId = await newPage(target, {});
    const res = await t.owner.client.call('getPageInChangeRequestById', { params: { ...target, pageId }, query: { evaluated: 'always' as 'true' } });
    expect(res.status).toBe(400);
  });
});

describe('dereferenced', () => {
  async function linkedPages() {
    const target = await spaceWithChangeRequest(t);
    const files = ok(await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]));
    if (!('insertedFiles' in files)) throw new Error('expected the detailed answer');
    const file = files.insertedFiles[0]!;
    const other = await newPage(target, {}, 'Other page');
    const page = await newPage(
      target,
      documentOf(
        paragraph(text('See '), refLink({ kind: 'page', page: other }, 'the other page'), text('.')),
        paragraph(refLink({ kind: 'page', page: 'gonepage' }, 'a page that is gone')),
        paragraph(refLink({ kind: 'anchor', anchor: 'setup', page: other }, 'its setup')),
        { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: file.id } } },
      ),
    );
    return { target, page, other, file };
  }

  it('is off by default: references carry no resolution', async () => {
    const { target, page } = await linkedPages();
    const read = await readPage(target, page);
    expect(nodesOf(read.document).filter((node) => node.meta)).toEqual([]);
  });

  it('true: page, anchor and file references gain what they name; a broken one gains null', async () => {
    const { target, page, other, file } = await linkedPages();
    const read = await readPage(target, page, { dereferenced: 'true' });
    const resolved = nodesOf(read.document).filter((node) => node.meta).map((node) => [node.type, node.meta!.resolved]);
    expect(resolved).toEqual([
      ['link', expect.objectContaining({ id: other, title: 'Other page', path: 'other-page', type: 'document' })],
      ['link', null],
      ['link', expect.objectContaining({ id: other, title: 'Other page' })],
      ['file', file],
    ]);
    expect((resolved[0]![1] as Record<string, unknown>).pages).toBeUndefined();
  });

  it('true, in Markdown: links to pages become links to the pages in the app', async () => {
    const { target, page, other } = await linkedPages();
    const read = await readPage(target, page, { dereferenced: 'true', format: 'markdown' });
    const app = `${t.url}/app/spaces/${target.spaceId}/change-requests/${target.changeRequestId}/page/${other}`;
    expect(read.markdown).toContain(`See [the other page](${app}).`);
    expect(read.markdown).toContain(`[its setup](${app}#setup)`);
  });

  it('reusable-contents: Folio has no reusable content, so nothing is resolved', async () => {
    const { target, page } = await linkedPages();
    expect(await readPage(target, page, { dereferenced: 'reusable-contents' })).toEqual(await readPage(target, page));
  });

  it('resolves against the space content on the space reads, by id and by path', async () => {
    const { target, page, other } = await linkedPages();
    ok(await t.owner.client.call('mergeChangeRequest', { params: target }));
    const byId = ok(await t.owner.client.call('getPageById', { params: { spaceId: target.spaceId, pageId: page }, query: { dereferenced: 'true' } }));
    const byPath = ok(await t.owner.client.call('getPageByPath', { params: { spaceId: target.spaceId, pagePath: 'page' }, query: { dereferenced: 'true' } }));
    expect(byPath).toEqual(byId);
    const first = nodesOf((byId as Record<string, unknown>).document).find((node) => node.meta)!;
    expect(first.meta!.resolved).toMatchObject({ id: other, urls: { app: `${t.url}/app/spaces/${target.spaceId}/page/${other}` } });
  });
});

describe('metadata', () => {
  it('false leaves out the edit times of the page, its children and the page lists', async () => {
    const target = await spaceWithChangeRequest(t);
    const parent = await newPage(target, {}, 'Parent');
    ok(await write(t.owner, target, [{ operation: 'insert_page', title: 'Child', into: parent, document: {} }]));
    const full = await readPage(target, parent);
    expect(full).toHaveProperty('createdAt');
    expect((full.pages as Record<string, unknown>[])[0]).toHaveProperty('createdAt');
    const bare = await readPage(target, parent, { metadata: 'false' });
    const { createdAt: _c, updatedAt: _u, pages: _p, ...rest } = full;
    expect(bare).toMatchObject(rest);
    expect(bare).not.toHaveProperty('createdAt');
    expect(bare).not.toHaveProperty('updatedAt');
    expect((bare.pages as Record<string, unknown>[])[0]).not.toHaveProperty('createdAt');
    const listed = ok(await t.owner.client.call('listPagesInChangeRequest', { params: target, query: { metadata: 'false' } }));
    expect(JSON.stringify(listed)).not.toMatch(/createdAt|updatedAt/);
    const revision = ok(await t.owner.client.call('getRevisionOfChangeRequestById', { params: target, query: { metadata: 'false' } }));
    expect(JSON.stringify(revision.pages)).not.toMatch(/createdAt|updatedAt/);
  });
});

describe('computed', () => {
  it('true (the default) answers a computed page with its content; false with what it is computed from only', async () => {
    const body = { slug: 'library', source: { text: JSON.stringify(openapi30) } };
    ok(await t.owner.client.call('createOpenAPISpec', { params: { organizationId: t.organizationId }, body }));
    await pollSpec(t, 'library');
    const { spaceId } = await spaceWithChangeRequest(t);
    const contentRefs = { spec: { kind: 'openapi', spec: 'library' } };
    ok(await t.owner.client.call('applyTemplateToSpace', { params: { spaceId }, body: { id: 'openapi-reference', params: { contentRefs } } }));
    const [root] = await mainPages(t.owner, spaceId);
    const read = async (query: Query) =>
      ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: root!.id }, query: query as never })) as Record<string, unknown>;
    const computed = await read({ format: 'markdown' });
    expect(computed.markdown).toContain('Books and loans.');
    const source = await read({ format: 'markdown', computed: 'false' });
    expect(source.computed).toMatchObject({ type: 'builtin:openapi', props: { doc: 'info' } });
    expect(source).not.toHaveProperty('markdown');
    expect(source).not.toHaveProperty('document');
    const { markdown: _m, ...withoutBody } = computed;
    expect(source).toEqual(withoutBody);
  });

  it('changes nothing on a page that is not computed', async () => {
    const target = await spaceWithChangeRequest(t);
    const page = await newPage(target, { markdown: 'Plain.\n' });
    expect(await readPage(target, page, { computed: 'false' })).toEqual(await readPage(target, page));
  });
});
