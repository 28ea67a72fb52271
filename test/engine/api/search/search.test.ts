import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';
import { publish, searchSpace, spaceWith, writeMain } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

describe('searching a space', () => {
  it('finds a page by a word of its body, with the section, its snippet and the page address', async () => {
    const { spaceId, ids } = await spaceWith(t, [
      { title: 'Guide', markdown: 'Intro text.\n\n## Setup\n\nInstall the zeppelin toolkit first, then configure it.\n' },
    ]);
    const result = ok(await searchSpace(t.owner, spaceId, 'zeppelin'));
    expect(result.count).toBe(1);
    const [page] = result.items;
    expect(page).toMatchObject({ id: ids[0], title: 'Guide', path: 'guide', ancestors: [] });
    expect(page!.urls.app).toMatch(new RegExp(`/spaces/${spaceId}/page/${ids[0]}$`));
    expect(page!.sections).toHaveLength(1);
    const [section] = page!.sections;
    expect(section!.title).toBe('Setup');
    expect(section!.body).toContain('zeppelin toolkit');
    expect(section!.path).toBe(`guide#${section!.id}`);
    expect(section!.urls.app).toBe(`${page!.urls.app}#${section!.id}`);
  });

  it('ranks a title hit above a heading hit above a body hit', async () => {
    const { spaceId, ids } = await spaceWith(t, [
      { title: 'Plain', markdown: 'Something about quokka habits in a long paragraph of words.\n' },
      { title: 'Quokka', markdown: 'A page named after the animal.\n' },
      { title: 'Animals', markdown: '## Quokka\n\nA section about the animal.\n' },
    ]);
    const result = ok(await searchSpace(t.owner, spaceId, 'quokka'));
    expect(result.items.map((page) => page.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('ranks a page with the word more often first', async () => {
    const { spaceId, ids } = await spaceWith(t, [
      { title: 'Once', markdown: 'The wombat appears once among many other words here.\n' },
      { title: 'Often', markdown: 'Wombat, wombat, wombat: the wombat page.\n' },
    ]);
    expect(ok(await searchSpace(t.owner, spaceId, 'wombat')).items.map((page) => page.id)).toEqual([ids[1], ids[0]]);
  });

  it('requires every word, and matches the last one as a prefix', async () => {
    const { spaceId, ids } = await spaceWith(t, [
      { title: 'Both', markdown: 'Kestrel and falconry together.\n' },
      { title: 'One', markdown: 'Kestrel alone.\n' },
    ]);
    expect(ok(await searchSpace(t.owner, spaceId, 'kestrel falc')).items.map((page) => page.id)).toEqual([ids[0]]);
    expect(ok(await searchSpace(t.owner, spaceId, 'kestr')).count).toBe(2);
  });

  it('ranks a heading hit first even when more sections match than are ranked', async () => {
    const parts = Array.from({ length: 700 }, (_, i) => `## Part ${i}\n\nA quetzal note.\n`).join('\n');
    const { spaceId } = await spaceWith(t, [{ title: 'Many', markdown: parts }]);
    const [later] = await writeMain(t, spaceId, [{ title: 'Later', markdown: '## Quetzal\n\nAbout the bird.\n' }]);
    const result = ok(await searchSpace(t.owner, spaceId, 'quetzal'));
    expect(result.items.map((page) => page.title)).toEqual(['Later', 'Many']);
    expect(result.items[0]).toMatchObject({ id: later, sections: [{ title: 'Quetzal', body: 'About the bird.' }] });
  });

  it('gives each page its ancestors, root first', async () => {
    const { spaceId } = await spaceWith(t, [
      { title: 'Root' },
      { title: 'Middle', parent: 0 },
      { title: 'Leaf', parent: 1, markdown: 'The ocelot lives here.\n' },
    ]);
    const [page] = ok(await searchSpace(t.owner, spaceId, 'ocelot')).items;
    expect(page).toMatchObject({ title: 'Leaf', path: 'root/middle/leaf', ancestors: [{ title: 'Root' }, { title: 'Middle' }] });
  });

  it('finds pages by title alone, with no sections', async () => {
    const { spaceId } = await spaceWith(t, [{ title: 'Narwhal handbook' }]);
    const [page] = ok(await searchSpace(t.owner, spaceId, 'narwhal')).items;
    expect(page).toMatchObject({ title: 'Narwhal handbook', sections: [] });
  });

  it('names the text before the first heading by its page', async () => {
    const { spaceId, ids } = await spaceWith(t, [{ title: 'Lead', markdown: 'The pangolin comes first.\n\n## Later\n\nOther text.\n' }]);
    const [page] = ok(await searchSpace(t.owner, spaceId, 'pangolin')).items;
    expect(page!.sections).toEqual([expect.objectContaining({ id: ids[0], title: 'Lead', path: 'lead' })]);
  });

  it('follows edits: a changed page is found by its new words only', async () => {
    const { spaceId } = await spaceWith(t, []);
    const [id] = await writeMain(t, spaceId, [{ title: 'Draft', markdown: 'Old armadillo text.\n' }]);
    await publish(t, spaceId, [{ operation: 'update_page', page: id!, document: { markdown: 'New capybara text.\n' } }]);
    expect(ok(await searchSpace(t.owner, spaceId, 'armadillo')).count).toBe(0);
    expect(ok(await searchSpace(t.owner, spaceId, 'capybara')).count).toBe(1);
  });
});

describe('paging and limits', () => {
  it('pages through results without repeating or skipping', async () => {
    const pages = Array.from({ length: 7 }, (_, i) => ({ title: `Page ${i}`, markdown: `The tapir ${'tapir '.repeat(i)}\n` }));
    const { spaceId, ids } = await spaceWith(t, pages);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const result = ok(await searchSpace(t.owner, spaceId, 'tapir', { limit: 3, ...(page ? { page } : {}) }));
      expect(result.count).toBe(7);
      seen.push(...result.items.map((item) => item.id));
      page = result.next?.page;
    } while (page);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids.slice(0, 7)));
    expect(seen[0]).toBe(ids[6]);
  });

  it('takes a query of 512 characters and refuses 513, naming query.query', async () => {
    const { spaceId } = await spaceWith(t, []);
    ok(await searchSpace(t.owner, spaceId, 'a'.repeat(512)));
    expectFailure(await searchSpace(t.owner, spaceId, 'a'.repeat(513)), 400, /^query\.query: /);
    expectFailure(await searchSpace(t.owner, spaceId, ''), 400, /^query\.query: /);
    const missing = await raw(`${t.url}/v1/spaces/${spaceId}/search`, { token: t.owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^query\.query/);
  });

  it('answers 404 for an unknown space', async () => {
    expectFailure(await searchSpace(t.owner, 'nope', 'x'), 404);
  });
});

describe('hostile query text', () => {
  const hostile = ['"', '""', '"unbalanced', 'NEAR(', 'NEAR(a b', 'a AND', 'OR', 'NOT x', '*', 'heading:x', '^x', '(((', ')', '-', "'; DROP TABLE pages; --", '\u0000', '🦄', 'a"b', '{x}'];
  it.each(hostile)('treats %j as text', async (query) => {
    const { spaceId } = await spaceWith(t, [{ title: 'Target', markdown: 'NEAR and AND and OR are words here, x too.\n' }]);
    const result = await searchSpace(t.owner, spaceId, query);
    expect(result.status).toBe(200);
  });

  it('finds operator words as words', async () => {
    const { spaceId } = await spaceWith(t, [{ title: 'Logic', markdown: 'Use NEAR to combine.\n' }]);
    expect(ok(await searchSpace(t.owner, spaceId, 'NEAR(')).items.map((page) => page.title)).toEqual(['Logic']);
    expect(ok(await searchSpace(t.owner, spaceId, '"near"')).items.map((page) => page.title)).toEqual(['Logic']);
  });
});

describe("searching a change request's content (Folio extension)", () => {
  const searchIn = (spaceId: string, changeRequestId: string, query: string) =>
    t.owner.client.call('searchChangeRequestContent', { params: { spaceId, changeRequestId }, query: { query } });

  it('finds main pages while it has no edits, then its own pages and headings, at its own addresses; main does not see them', async () => {
    const { spaceId, ids } = await spaceWith(t, [{ title: 'Setup', markdown: '## Configure the narwhal\n\nSteps.\n' }]);
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Add a page' } }));
    const before = ok(await searchIn(spaceId, cr.id, 'narwhal'));
    expect(before.items.map((page) => page.id)).toEqual([ids[0]]);
    expect(before.items[0]!.urls.app).toMatch(new RegExp(`/spaces/${spaceId}/change-requests/${cr.id}/page/${ids[0]}$`));

    ok(await t.owner.client.call('updateChangeRequestContent', {
      params: { spaceId, changeRequestId: cr.id },
      body: { changes: [{ operation: 'insert_page', title: 'Operations', document: { markdown: '## Feed the narwhal daily\n\nWith fish.\n' } }] },
    }));
    const after = ok(await searchIn(spaceId, cr.id, 'narwhal'));
    const added = after.items.find((page) => page.title === 'Operations');
    expect(added?.sections.map((section) => section.title)).toEqual(['Feed the narwhal daily']);
    // A heading's section is named by its block id, the anchor a link to it keeps.
    expect(added!.sections[0]!.urls.app).toBe(`${added!.urls.app}#${added!.sections[0]!.id}`);
    expect(ok(await searchSpace(t.owner, spaceId, 'narwhal')).items.map((page) => page.title)).toEqual(['Setup']);
  });

  it('answers 404 for an unknown change request', async () => {
    const { spaceId } = await spaceWith(t, [{ title: 'Only' }]);
    expectFailure(await searchIn(spaceId, 'nope', 'x'), 404);
  });
});
