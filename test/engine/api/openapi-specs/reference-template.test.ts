import { describe, expect, it } from 'vitest';
import { readBody } from '../../../../src-shared/content/index.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { bodyFacts } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { mainPages } from '../content/fixture.js';
import { json, openapi30 } from './fixtures.js';
import { pollSpec, serverWithSpecs, SpecServer } from './spec-server.js';
import { holdFirstAnswer } from '../../../support/workers.js';

let t: TestServer;
let specs: SpecServer;
const org = () => ({ organizationId: t.organizationId });
type Refs = Record<string, { kind: string; [key: string]: string }>;
const apply = (spaceId: string, contentRefs: Refs) =>
  t.owner.client.call('applyTemplateToSpace', { params: { spaceId }, body: { id: 'openapi-reference', params: { contentRefs } } });
const markdownOf = async (spaceId: string, pageId: string) => {
  const page = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } }));
  return 'markdown' in page ? page.markdown! : '';
};

serverWithSpecs((server, specServer) => {
  t = server;
  specs = specServer;
});

describe('the openapi-reference template', () => {
  it('generates computed pages, one per tag, that follow the spec when a new version is cut', async () => {
    const url = specs.serve('/library.json', json(openapi30));
    ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'library', source: { url } } }));
    const first = await pollSpec(t, 'library');
    const space = await newSpace(t.owner, t.organizationId);
    expect((await apply(space.id, { spec: { kind: 'openapi', spec: 'library' } })).status).toBe(201);

    const [root] = await mainPages(t.owner, space.id);
    const dependencies = { spec: { ref: { kind: 'openapi', spec: 'library' } } };
    expect(root).toMatchObject({ title: 'Library', computed: { type: 'builtin:openapi', dependencies, props: { doc: 'info' } } });
    const groups = (root as { pages: { id: string; title: string; computed?: unknown }[] }).pages;
    expect(groups.map((p) => [p.title, p.computed])).toEqual([
      ['books', { type: 'builtin:openapi', dependencies, props: { doc: 'operations', page: 'books' } }],
      ['loans', { type: 'builtin:openapi', dependencies, props: { doc: 'operations', page: 'loans' } }],
    ]);
    const books = groups[0]!.id;
    expect(await markdownOf(space.id, books)).toContain('GET `/books`');
    expect(await markdownOf(space.id, books)).not.toContain('POST `/books`');

    // A newer spec: the books page shows the new operation once the new version is cut.
    const post = { tags: ['books'], summary: 'Add a book', responses: { '201': { description: 'Added' } } };
    const newer = { ...openapi30, paths: { ...openapi30.paths, '/books': { ...openapi30.paths['/books'], post } } };
    specs.serve('/library.json', json(newer));
    ok(await t.owner.client.call('createOrUpdateOpenAPISpecBySlug', { params: { ...org(), specSlug: 'library' }, body: { source: { url } } }));
    await pollSpec(t, 'library', (spec) => spec.processingState === 'complete' && spec.lastVersion !== first.lastVersion);
    const updated = await markdownOf(space.id, books);
    expect(updated).toContain('POST `/books`');
    expect(updated).toContain('Add a book');
    expect(ok(await t.owner.client.call('searchSpaceContent', { params: { spaceId: space.id }, query: { query: 'Add a book' } })).items.map((p) => p.title)).toContain('books');
    // The rows were written from the facts the worker read: they are those of the doc as stored.
    for (const page of groups) {
      const rows = projectedBodyRows(t.engine.db, space.id, 'main', page.id)!;
      const facts = bodyFacts(readBody(t.engine.docs.load(pageDoc(space.id, MAIN, page.id))));
      expect({ ...rows, links: new Set(rows.links.map((link) => JSON.stringify(link))) }).toEqual({ ...facts, links: new Set(facts.links.map((link) => JSON.stringify(link))) });
    }
  });

  it('of a large spec reads its pages in the worker threads, then checks the space again: one locked meanwhile takes no page (409)', async () => {
    // 40 tags of 4 operations, each described at length: far more Markdown than a template read on the loop.
    const paths = Object.fromEntries(
      Array.from({ length: 40 }, (_, r) => [
        `/things${r}`,
        Object.fromEntries(['get', 'put', 'post', 'delete'].map((method) => [method, {
          tags: [`things-${r}`],
          summary: `${method} thing ${r}`,
          description: `Does ${method} on thing ${r}. `.repeat(12),
          responses: { '200': { description: `Thing ${r}, after ${method}` } },
        }])),
      ]),
    );
    const url = specs.serve('/large.json', json({ openapi: '3.0.3', info: { title: 'Large', version: '1.0.0' }, paths }));
    ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'large', source: { url } } }));
    await pollSpec(t, 'large');
    const space = await newSpace(t.owner, t.organizationId);
    const held = holdFirstAnswer(t.engine.workers, 'readMarkdown');
    try {
      const applying = apply(space.id, { spec: { kind: 'openapi', spec: 'large' } });
      await held.reached;
      ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { editMode: 'locked' } }));
      held.release();
      expectFailure(await applying, 409, /^editMode: /);
    } finally {
      held.restore();
    }
    expect(await mainPages(t.owner, space.id)).toEqual([]);

    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { editMode: 'live' } }));
    expect((await apply(space.id, { spec: { kind: 'openapi', spec: 'large' } })).status).toBe(201);
    const [root] = await mainPages(t.owner, space.id);
    const groups = (root as { pages: { id: string }[] }).pages;
    expect(groups).toHaveLength(40);
    expect(await markdownOf(space.id, groups[7]!.id)).toContain('Does put on thing 7.');
    for (const page of [root!, ...groups]) {
      const rows = projectedBodyRows(t.engine.db, space.id, 'main', page.id)!;
      expect(rows).toEqual(bodyFacts(readBody(t.engine.docs.load(pageDoc(space.id, MAIN, page.id)))));
    }
  });

  it('refuses a missing or wrong reference, an unknown spec, and a spec with no version yet', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expectFailure(await apply(space.id, {}), 400, /^body\.params\.contentRefs\.spec: .*openapi/);
    expectFailure(await apply(space.id, { spec: { kind: 'file', file: 'x' } }), 400, /^body\.params\.contentRefs\.spec/);
    expectFailure(await apply(space.id, { other: { kind: 'openapi', spec: 'library' } }), 400, /^body\.params\.contentRefs\.other: .*only the content refs spec/);
    expectFailure(await apply(space.id, { spec: { kind: 'openapi', spec: 'nowhere' } }), 400, /no OpenAPI specification "nowhere"/);
    ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'unprocessed', source: { text: 'not: [valid' } } }));
    await pollSpec(t, 'unprocessed');
    expectFailure(await apply(space.id, { spec: { kind: 'openapi', spec: 'unprocessed' } }), 409, /has no version yet/);
    expect(await mainPages(t.owner, space.id)).toEqual([]);
  });

  it("a guest who edits the space through a grant cannot read the organization's specs: 403", async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const guest = t.user(null);
    expect((await t.owner.client.call('inviteToSpace', { params: { spaceId: space.id }, body: { role: 'edit', users: [guest.id] } })).status).toBe(204);
    const res = await guest.client.call('applyTemplateToSpace', {
      params: { spaceId: space.id },
      body: { id: 'openapi-reference', params: { contentRefs: { spec: { kind: 'openapi', spec: 'library' } } } },
    });
    expectFailure(res, 403, /OpenAPI specs/);
    expect((await guest.client.call('applyTemplateToSpace', { params: { spaceId: space.id }, body: { id: 'getting-started' } })).status).toBe(201);
  });
});
