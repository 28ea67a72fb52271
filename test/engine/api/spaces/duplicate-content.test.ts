import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, mainPages, outline, spaceWithChangeRequest, write, type Target } from '../content/fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const call: TestServer['owner']['client']['call'] = (operation, request) => t.owner.client.call(operation, request);

/** A space whose main content has a guide with a child page and a file, merged from a change request. */
async function spaceWithContent() {
  const target = await spaceWithChangeRequest(t);
  const [guide] = await created(t.owner, target, [
    { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nInstall the zephyrine toolkit.\n' } },
  ]);
  const files = ok(await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]));
  if (!('insertedFiles' in files)) throw new Error('expected the detailed answer');
  const fileId = files.insertedFiles[0]!.id;
  const [child] = await created(t.owner, target, [
    { operation: 'insert_page', title: 'Child', into: guide, document: { markdown: `{% file src="${fileId}" %}the file{% endfile %}\n` } },
  ]);
  ok(await call('mergeChangeRequest', { params: target }));
  return { ...target, guide: guide!, child: child!, fileId };
}

async function duplicate(spaceId: string) {
  return ok(await call('duplicateSpace', { params: { spaceId } }));
}

describe('duplicating a space copies its content', () => {
  it('copies the page tree, the bodies and the files, under the same ids', async () => {
    const source = await spaceWithContent();
    const copy = await duplicate(source.spaceId);
    const pages = await mainPages(t.owner, copy.id);
    expect(outline(pages)).toBe('Guide[Child]');
    expect(pages.map((page) => page.id)).toEqual([source.guide]);
    const original = ok(await call('getPageById', { params: { spaceId: source.spaceId, pageId: source.child }, query: { format: 'markdown' } }));
    const copied = ok(await call('getPageById', { params: { spaceId: copy.id, pageId: source.child }, query: { format: 'markdown' } }));
    expect('markdown' in copied && copied.markdown).toBe('markdown' in original && original.markdown);
    const file = ok(await call('getFileById', { params: { spaceId: copy.id, fileId: source.fileId } }));
    expect(file.downloadURL).toContain(`/spaces/${copy.id}/`);
    const response = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(await response.text()).toBe('hi');
  });

  it('gives the copy a first revision holding the copied content', async () => {
    const source = await spaceWithContent();
    const copy = await duplicate(source.spaceId);
    const revision = ok(await call('getCurrentRevision', { params: { spaceId: copy.id } }));
    expect(revision).toMatchObject({ id: copy.revision, parents: [], type: 'edits' });
    expect(outline(revision.pages)).toBe('Guide[Child]');
    expect(revision.files.map((f) => f.id)).toEqual([source.fileId]);
  });

  it('projects the copy: search finds its pages', async () => {
    const source = await spaceWithContent();
    const copy = await duplicate(source.spaceId);
    const found = ok(await call('searchSpaceContent', { params: { spaceId: copy.id }, query: { query: 'zephyrine' } }));
    expect(found.items.map((item) => item.id)).toEqual([source.guide]);
  });

  it('keeps the copy and the original apart once either changes', async () => {
    const source = await spaceWithContent();
    const copy = await duplicate(source.spaceId);
    const edit = async (spaceId: string, title: string) => {
      const cr = ok(await call('createChangeRequest', { params: { spaceId }, body: { subject: title } }));
      const target: Target = { spaceId, changeRequestId: cr.id };
      ok(await write(t.owner, target, [{ operation: 'update_page', page: source.guide, title }]));
      ok(await call('mergeChangeRequest', { params: target }));
    };
    await edit(copy.id, 'Copied guide');
    await edit(source.spaceId, 'Original guide');
    expect(outline(await mainPages(t.owner, copy.id))).toBe('Copied guide[Child]');
    expect(outline(await mainPages(t.owner, source.spaceId))).toBe('Original guide[Child]');
  });

  it('copies an empty space as an empty space', async () => {
    const { spaceId } = await spaceWithChangeRequest(t);
    const copy = await duplicate(spaceId);
    expect(await mainPages(t.owner, copy.id)).toEqual([]);
    expect(ok(await call('getCurrentRevision', { params: { spaceId: copy.id } }))).toMatchObject({ id: copy.revision, pages: [], files: [] });
  });
});
