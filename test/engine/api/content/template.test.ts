import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../../../src-shared/content/index.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { bodyFacts } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';
import { crPages, mainPages, outline, spaceWithChangeRequest, write } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

type Body = { id: string; changeRequestId?: string; params?: { contentRefs?: Record<string, { kind: string; [key: string]: string }> } };
const apply = (spaceId: string, body: Body) => t.owner.client.call('applyTemplateToSpace', { params: { spaceId }, body });

describe('applying a template', () => {
  it("adds the template's pages to a live space's main content, at a new revision, with no body", async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const response = await raw(`${t.url}/v1/spaces/${space.id}/content/template`, {
      method: 'POST',
      token: t.owner.token,
      body: JSON.stringify({ id: 'getting-started' }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toBeUndefined();
    expect(outline(await mainPages(t.owner, space.id))).toBe('Welcome Quickstart Installation');
    const after = ok(await t.owner.client.call('getSpaceById', { params: { spaceId: space.id } }));
    expect(after.revision).not.toBe(space.revision);
    const found = ok(await t.owner.client.call('searchSpaceContent', { params: { spaceId: space.id }, query: { query: 'quickstart' } }));
    expect(found.items.map((page) => page.title)).toContain('Quickstart');
  });

  it('nests pages, and a second application takes free slugs', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    ok(await apply(space.id, { id: 'api-reference-skeleton' }));
    ok(await apply(space.id, { id: 'api-reference-skeleton' }));
    const pages = await mainPages(t.owner, space.id);
    expect(outline(pages)).toBe('API reference[Authentication Pagination Errors Endpoints] API reference[Authentication Pagination Errors Endpoints]');
    expect(pages.map((page) => 'path' in page && page.path)).toEqual(['api-reference', 'api-reference-2']);
  });

  it('writes into a change request when one is named (by id or number), leaving main alone', async () => {
    const target = await spaceWithChangeRequest(t);
    ok(await apply(target.spaceId, { id: 'meeting-notes', changeRequestId: target.changeRequestId }));
    expect(outline(await crPages(t.owner, target))).toBe('Meeting notes[Meeting template]');
    expect(await mainPages(t.owner, target.spaceId)).toEqual([]);
    const cr = ok(await t.owner.client.call('getChangeRequestById', { params: target }));
    ok(await apply(target.spaceId, { id: 'meeting-notes', changeRequestId: String(cr.number) }));
    expect(outline(await crPages(t.owner, target))).toBe('Meeting notes[Meeting template] Meeting notes[Meeting template]');
  });

  it('shows a file given as a content ref, which then links back to the page', async () => {
    const target = await spaceWithChangeRequest(t);
    const answer = ok(await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: 'aGk=' }] }]));
    const fileId = 'insertedFiles' in answer ? answer.insertedFiles[0]!.id : '';
    ok(await apply(target.spaceId, { id: 'product-docs', changeRequestId: target.changeRequestId, params: { contentRefs: { logo: { kind: 'file', file: fileId } } } }));
    const pages = await crPages(t.owner, target);
    expect(outline(pages)).toBe('Overview Guides[First project Configuration] FAQ Changelog');
    const backlinks = ok(await t.owner.client.call('listChangeRequestFileBacklinks', { params: { ...target, fileId } }));
    expect(backlinks.items.map((location) => location.kind === 'page' && location.page.title)).toEqual(['Overview']);
  });
});

describe('refusals', () => {
  it('names body.id for an unknown template', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expectFailure(await apply(space.id, { id: 'no-such-template' }), 400, /^body\.id: .*getting-started/);
    expectFailure(await apply(space.id, { id: '' }), 400, /^body\.id: /);
    const missing = await raw(`${t.url}/v1/spaces/${space.id}/content/template`, { method: 'POST', token: t.owner.token, body: '{}' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^body\.id: /);
  });

  it('names the content ref a template does not take, or whose file is missing', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expectFailure(await apply(space.id, { id: 'getting-started', params: { contentRefs: { logo: { kind: 'file', file: 'x' } } } }), 400, /^body\.params\.contentRefs\.logo: /);
    expectFailure(await apply(space.id, { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: 'missing' } } } }), 400, /^body\.params\.contentRefs\.logo: no file/);
    expectFailure(await apply(space.id, { id: 'product-docs', params: { contentRefs: { logo: { kind: 'page', page: 'p' } } } }), 400, /^body\.params\.contentRefs\.logo: must be a file/);
    expect(await mainPages(t.owner, space.id)).toEqual([]);
  });

  it('writes pages projected as their docs read', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    expect((await apply(space.id, { id: 'getting-started' })).ok).toBe(true);
    const ids = (await mainPages(t.owner, space.id)).flatMap(function all(page): string[] {
      return [page.id, ...((page as { pages?: typeof page[] }).pages ?? []).flatMap(all)];
    });
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const rows = projectedBodyRows(t.engine.db, space.id, 'main', id)!;
      expect(rows).toEqual(bodyFacts(readBody(t.engine.docs.load(pageDoc(space.id, MAIN, id)))));
      expect(rows.sections.length).toBeGreaterThan(0);
    }
  });

  it('refuses a locked space with 409, and an unknown space or change request with 404', async () => {
    const space = await newSpace(t.owner, t.organizationId, { editMode: 'locked' });
    expectFailure(await apply(space.id, { id: 'getting-started' }), 409, /^editMode: /);
    expectFailure(await apply('nope', { id: 'getting-started' }), 404);
    const other = await newSpace(t.owner, t.organizationId);
    expectFailure(await apply(other.id, { id: 'getting-started', changeRequestId: 'nope' }), 404);
  });
});
