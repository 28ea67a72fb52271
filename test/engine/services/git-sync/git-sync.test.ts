import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

// Each test runs real git processes (fetch, commit, push): seconds apiece on a busy machine.
import type { ApiResult } from '../../../../src-shared/client/client.js';
import { readBody } from '../../../../src-shared/content/index.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { bodyFacts, type BodyLink } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { sharedWorkers } from '../../../support/workers.js';
import { noteLiveEdit } from '../../../../src-main/engine/services/yjs/live-edits.js';
import { writePage } from '../../../support/yjs-edits.js';
import { publish } from '../../api/search/fixture.js';
import { FixtureRepository, GITBOOK_DOCS } from './repository-fixture.js';

type Operation = Extract<ApiResult<'getSpaceGitOperation'>, { ok: true }>['data'];

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({ git: { pollIntervalMs: 3_600_000 } });
});
afterAll(async () => {
  await t.stop();
});

/** Waits for the space's latest operation to end, through the API. */
async function finished(spaceId: string): Promise<Operation> {
  await t.engine.gitSync.whenIdle();
  for (let attempt = 0; attempt < 500; attempt++) {
    const res = await t.owner.client.call('getSpaceGitOperation', { params: { spaceId } });
    if (res.ok && res.data.state !== 'running') return res.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.engine.gitSync.whenIdle();
  }
  throw new Error('the operation did not end');
}

/** A repository for one test, removed when the test ends. */
function fixtureRepository(): FixtureRepository {
  const repo = new FixtureRepository();
  onTestFinished(() => repo.remove());
  return repo;
}

async function importInto(spaceId: string, repo: FixtureRepository, ref = 'refs/heads/main') {
  const res = await t.owner.client.call('importGitRepository', { params: { spaceId }, body: { url: repo.url, ref } });
  expect(res.ok).toBe(true);
  return finished(spaceId);
}

async function exportFrom(spaceId: string, repo: FixtureRepository, commitMessage = 'Update from Folio') {
  const res = await t.owner.client.call('exportToGitRepository', { params: { spaceId }, body: { url: repo.url, ref: 'refs/heads/main', commitMessage } });
  expect(res.ok).toBe(true);
  return finished(spaceId);
}

const pagesOf = async (spaceId: string) => ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages;
/** A page of main as Markdown, through the API ('' when it answers none). */
async function markdownOf(spaceId: string, pageId: string): Promise<string> {
  const page = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } }));
  return 'markdown' in page ? (page.markdown ?? '') : '';
}
type Pages = Awaited<ReturnType<typeof pagesOf>>;
const flat = (pages: Pages): Pages => pages.flatMap((page) => [page, ...flat(('pages' in page ? page.pages : []) as Pages)]);

describe('importing a repository in the hosted service\'s layout', { timeout: 120_000 }, () => {
  let repo: FixtureRepository;
  let spaceId: string;
  beforeAll(async () => {
    repo = new FixtureRepository();
    repo.commit(GITBOOK_DOCS, 'First docs');
    spaceId = (await newSpace(t.owner, t.organizationId)).id;
  });
  afterAll(() => repo.remove());

  it('brings its pages in with their nesting, groups, link pages and files', async () => {
    const operation = await importInto(spaceId, repo);
    expect(operation).toMatchObject({ state: 'success', direction: 'import', commit: repo.head() });
    const pages = await pagesOf(spaceId);
    expect(pages.map((page) => [page.type, page.title])).toEqual([
      ['document', 'Introduction'],
      ['document', 'Getting started'],
      ['group', 'Reference'],
      // Not in SUMMARY.md: found in its folder, which has no README.md, so groups it.
      ['group', 'Guides'],
    ]);
    expect((pages[3] as Pages[number] & { pages: Pages }).pages.map((page) => page.title)).toEqual(['An extra guide']);
    const started = pages[1] as Pages[number] & { pages: Pages };
    expect(started.pages.map((page) => page.title)).toEqual(['Installation', 'Configuration']);
    const reference = pages[2] as Pages[number] & { pages: Pages };
    expect(reference.pages.map((page) => [page.type, page.title])).toEqual([['document', 'API'], ['link', 'Changelog']]);
    expect(pages[0]).toMatchObject({ description: 'What the product does, in one page.' });
    const files = ok(await t.owner.client.call('listFiles', { params: { spaceId } })).items;
    expect(files.map((file) => file.name)).toEqual(['architecture.png']);
  });

  it("projects each new page's search sections and links as its doc holds them (the bodies were written in the worker)", async () => {
    const documents = flat(await pagesOf(spaceId)).filter((page) => page.type === 'document');
    expect(documents.length).toBeGreaterThan(3);
    const sorted = (links: BodyLink[]) => links.map((link) => `${link.kind} ${link.target}`).sort();
    for (const page of documents) {
      const rows = projectedBodyRows(t.engine.db, spaceId, 'main', page.id)!;
      const facts = bodyFacts(readBody(t.engine.docs.load(pageDoc(spaceId, MAIN, page.id))));
      expect(facts.sections.length, page.title).toBeGreaterThan(0);
      expect({ ...rows, links: sorted(rows.links) }, page.title).toEqual({ ...facts, links: sorted(facts.links) });
    }
  });

  it('reads hints, tabs, code titles, tables and tasks, and turns relative links into page references', async () => {
    const all = flat(await pagesOf(spaceId));
    const byTitle = (title: string) => all.find((page) => page.title === title)!.id;
    const markdown = (title: string) => markdownOf(spaceId, byTitle(title));
    const document = async (title: string) =>
      JSON.stringify(ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: byTitle(title) }, query: { format: 'document' } as never })));
    expect(await markdown('Introduction')).toContain('{% hint style="info" %}');
    const install = await document('Installation');
    expect(install).toContain('"type":"tabs"');
    expect(install).toContain(`"kind":"anchor","anchor":"options","page":"${byTitle('Configuration')}"`);
    const config = await document('Configuration');
    expect(config).toContain('"title":"acme.json"');
    expect(config).toContain('"type":"table"');
    const intro = await document('Introduction');
    expect(intro).toContain(`"kind":"page","page":"${byTitle('Installation')}"`);
  });

  it('reports a link to a Markdown file the repository does not have as broken', async () => {
    const links = ok(await t.owner.client.call('listSpaceLinks', { params: { spaceId } }));
    const broken = links.items.filter((item) => item.status === 'broken');
    // The one link to nowhere.md, on the Configuration page.
    expect(broken.map((item) => item.locationReferences.map((place) => (place as { page?: { title: string } }).page?.title))).toEqual([['Configuration']]);
    expect(links.items.some((item) => item.status === 'ok' && item.targetReference?.kind === 'page')).toBe(true);
  });

  it('exports the unchanged space without a commit', async () => {
    const before = repo.head();
    const operation = await exportFrom(spaceId, repo);
    expect(operation).toMatchObject({ state: 'success', direction: 'export', commit: before });
    expect(repo.head()).toBe(before);
  });

  it('exports an edit of one page as a commit changing that page\'s file only, in the editor\'s name', async () => {
    const all = flat(await pagesOf(spaceId));
    const api = all.find((page) => page.title === 'API')!;
    await publish(t, spaceId, [{ operation: 'update_page', page: api.id, document: { markdown: '# API\n\nThe API answers JSON.\n' } } as never]);
    const operation = await exportFrom(spaceId, repo, 'Document the API');
    expect(operation.state).toBe('success');
    expect(repo.changedFiles()).toEqual(['M\treference/api.md']);
    expect(repo.show('reference/api.md').toString()).toContain('The API answers JSON.');
    expect(repo.author()).toMatch(/<.+@.+>/);
    expect(repo.show('README.md').toString()).toBe(GITBOOK_DOCS['README.md']);
  });

  it('imports a push straight into main when main has not changed since the last sync', async () => {
    const commit = repo.commit({ 'getting-started/configuration.md': '# Configuration\n\n## Options\n\nOnly the port.\n' }, 'Trim configuration');
    const operation = await importInto(spaceId, repo);
    expect(operation).toMatchObject({ state: 'success', commit });
    expect(operation.changeRequest).toBeUndefined();
  });

  it("takes live edits of main not yet cut into a revision as a change: the push goes into a change request, the live words kept", async () => {
    const configuration = flat(await pagesOf(spaceId)).find((page) => page.title === 'Configuration')!;
    // A live editor's write, as the y-websocket endpoint records it.
    writePage(t.engine.docs, spaceId, MAIN, configuration.id, { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Typed live.' }] }] });
    noteLiveEdit(t.engine.db, spaceId, new Date().toISOString());
    repo.commit({ 'getting-started/configuration.md': '# Configuration\n\nOnly the host.\n' }, 'Host only');
    const operation = await importInto(spaceId, repo);
    expect(operation.changeRequest).toBeDefined();
    expect(await markdownOf(spaceId, configuration.id)).toContain('Typed live.');
  });

  it('imports a push into a change request named after the commit when main changed meanwhile', async () => {
    const all = flat(await pagesOf(spaceId));
    const intro = all.find((page) => page.title === 'Introduction')!;
    await publish(t, spaceId, [{ operation: 'update_page', page: intro.id, title: 'Welcome' } as never]);
    const revision = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;
    repo.commit({ 'reference/api.md': '# API\n\nVersion 2 of the API.\n' }, 'API v2');
    const operation = await importInto(spaceId, repo);
    expect(operation.state).toBe('success');
    expect(operation.changeRequest).toBeDefined();
    const cr = ok(await t.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: operation.changeRequest! } }));
    expect(cr.subject).toBe('Git: API v2');
    // Main was not touched.
    expect(ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision).toBe(revision);
  });
});

describe('imports into change requests, one after another', { timeout: 120_000 }, () => {
  /** A repository imported, then main edited in Folio: every later import goes into a change request. */
  async function diverged(repo: FixtureRepository) {
    repo.commit({ 'README.md': '# Home\n', 'guide.md': '# Guide\n\nRead me.\n' });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    await importInto(spaceId, repo);
    const home = flat(await pagesOf(spaceId)).find((page) => page.title === 'Home')!;
    await publish(t, spaceId, [{ operation: 'update_page', page: home.id, title: 'Welcome' } as never]);
    return spaceId;
  }
  const titles = async (spaceId: string) => flat(await pagesOf(spaceId)).map((page) => page.title).sort();
  const fileNames = async (spaceId: string) => ok(await t.owner.client.call('listFiles', { params: { spaceId } })).items.map((file) => file.name).sort();
  const merge = async (spaceId: string, changeRequestId: string) =>
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId } })).result).toBe('merge');

  it('give a page and a file added by a merged one the same ids in the next, so merging both makes no copies, and a deletion reaches them', async () => {
    const repo = fixtureRepository();
    const spaceId = await diverged(repo);
    repo.commit({ 'added.md': '# Added\n\n![](.gitbook/assets/pic.png)\n', '.gitbook/assets/pic.png': Buffer.from([137, 80, 78, 71, 1, 2, 3]) }, 'Add a page');
    const first = await importInto(spaceId, repo);
    expect(first.changeRequest).toBeDefined();
    await merge(spaceId, first.changeRequest!);
    expect(await titles(spaceId)).toEqual(['Added', 'Guide', 'Welcome']);
    repo.commit({ 'guide.md': '# Guide\n\nRead me twice.\n' }, 'Edit the guide');
    const second = await importInto(spaceId, repo);
    expect(second.changeRequest).toBeDefined();
    await merge(spaceId, second.changeRequest!);
    expect(await titles(spaceId)).toEqual(['Added', 'Guide', 'Welcome']);
    expect(await fileNames(spaceId)).toEqual(['pic.png']);
    // Deleted in the repository, they leave main with the next change request.
    repo.commit({ 'added.md': null, '.gitbook/assets/pic.png': null }, 'Drop the page');
    await merge(spaceId, (await importInto(spaceId, repo)).changeRequest!);
    expect(await titles(spaceId)).toEqual(['Guide', 'Welcome']);
    expect(await fileNames(spaceId)).toEqual([]);
  });

  it('bring a page added by one closed unmerged into the next, whole', async () => {
    const repo = fixtureRepository();
    const spaceId = await diverged(repo);
    repo.commit({ 'added.md': '# Added\n\nFrom Git.\n' }, 'Add a page');
    const first = await importInto(spaceId, repo);
    ok(await t.owner.client.call('updateChangeRequestById', { params: { spaceId, changeRequestId: first.changeRequest! }, body: { status: 'archived' } }));
    repo.commit({ 'guide.md': '# Guide\n\nRead me twice.\n' }, 'Edit the guide');
    const second = await importInto(spaceId, repo);
    await merge(spaceId, second.changeRequest!);
    expect(await titles(spaceId)).toEqual(['Added', 'Guide', 'Welcome']);
    const added = flat(await pagesOf(spaceId)).find((page) => page.title === 'Added')!;
    expect(await markdownOf(spaceId, added.id)).toContain('From Git.');
  });
});

describe('a first import into a space that has pages', { timeout: 120_000 }, () => {
  it('matches them by the path an export would give them, and goes into a change request when it would rewrite them', async () => {
    const repo = fixtureRepository();
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    await publish(t, spaceId, [
      { operation: 'insert_page', title: 'Start', document: { markdown: 'Written in Folio.\n' } } as never,
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Older words.\n' } } as never,
    ]);
    const revision = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;
    repo.commit({ 'README.md': '# Start\n\nWritten in Folio.\n', 'guide.md': '# Guide\n\nNewer words.\n', 'added.md': '# Added\n' });
    const operation = await importInto(spaceId, repo);
    expect(operation.changeRequest).toBeDefined();
    const cr = ok(await t.owner.client.call('getChangeRequestById', { params: { spaceId, changeRequestId: operation.changeRequest! } }));
    expect(cr.subject).toBe(`Git: ${repo.head().slice(0, 7)}, first import here, matched to the space's pages by path`);
    expect(ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision).toBe(revision);
    expect(ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: operation.changeRequest! } })).result).toBe('merge');
    const pages = flat(await pagesOf(spaceId));
    // No SUMMARY.md: the repository's order, its README first.
    expect(pages.map((page) => page.title)).toEqual(['Start', 'Added', 'Guide']);
    expect(await markdownOf(spaceId, pages[2]!.id)).toContain('Newer words.');
  });
});

describe("a first import's change request, once merged, brings the link back in step", { timeout: 120_000 }, () => {
  const crParams = (spaceId: string, changeRequestId: string) => ({ params: { spaceId, changeRequestId } });
  const merge = async (spaceId: string, changeRequestId: string) =>
    expect(ok(await t.owner.client.call('mergeChangeRequest', crParams(spaceId, changeRequestId))).result).toBe('merge');
  const statusOf = async (spaceId: string, changeRequestId: string) => ok(await t.owner.client.call('getChangeRequestById', crParams(spaceId, changeRequestId))).status;
  const page = async (spaceId: string, title: string) => flat(await pagesOf(spaceId)).find((candidate) => candidate.title === title)!;
  const words = async (spaceId: string, title: string) => markdownOf(spaceId, (await page(spaceId, title)).id);
  const edit = (title: string, markdown: string) => async (spaceId: string) =>
    publish(t, spaceId, [{ operation: 'update_page', page: (await page(spaceId, title)).id, document: { markdown } } as never]);

  /**
   * A space written in Folio (Start, Guide), maybe linked to the repository here, and the repository's first import
   * into it: Git's Guide has other words, and a page of its own, so it goes into a change request.
   */
  async function reconciling(repo: FixtureRepository, linked = false) {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    await publish(t, spaceId, [
      { operation: 'insert_page', title: 'Start', document: { markdown: 'Written in Folio.\n' } } as never,
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Older words.\n' } } as never,
    ]);
    if (linked) ok(await t.owner.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'refs/heads/main', direction: 'both' } }));
    repo.commit({ 'README.md': '# Start\n\nWritten in Folio.\n', 'guide.md': '# Guide\n\nNewer words.\n', 'added.md': '# Added\n\nFrom Git.\n' }, 'Docs');
    const first = await importInto(spaceId, repo);
    expect(first.changeRequest).toBeDefined();
    return { spaceId, changeRequestId: first.changeRequest! };
  }

  /** The reviewer rewrites the Guide in the change request; its id. */
  async function review(spaceId: string, changeRequestId: string) {
    const guide = (await page(spaceId, 'Guide')).id;
    const changes = [{ operation: 'update_page', page: guide, document: { markdown: 'Reviewed words.\n' } }];
    ok(await t.owner.client.call('updateChangeRequestContent', { ...crParams(spaceId, changeRequestId), body: { changes } as never }));
    return guide;
  }

  /** A push after the link is back in step: straight into main. */
  async function straightIn(spaceId: string, repo: FixtureRepository) {
    repo.commit({ 'added.md': '# Added\n\nFrom Git, twice.\n' }, 'Edit the added page');
    expect((await importInto(spaceId, repo)).changeRequest).toBeUndefined();
    expect(await words(spaceId, 'Added')).toContain('From Git, twice.');
  }

  /**
   * A push while the first import's change request is not merged: it goes into a change request
   * holding the whole repository (Git's Guide too, which the push did not change), without copies;
   * merged, it brings the link in step. `meanwhile` checks what stands before the merge.
   */
  async function mergedWhole(spaceId: string, repo: FixtureRepository, meanwhile?: () => Promise<void>) {
    repo.commit({ 'README.md': '# Start\n\nWritten in Folio, then in Git.\n' }, 'Edit the start');
    const next = await importInto(spaceId, repo);
    expect(next.changeRequest).toBeDefined();
    await meanwhile?.();
    await merge(spaceId, next.changeRequest!);
    expect(await words(spaceId, 'Guide')).toContain('Newer words.');
    expect(await words(spaceId, 'Start')).toContain('Written in Folio, then in Git.');
    expect(flat(await pagesOf(spaceId)).map((page) => page.title).sort()).toEqual(['Added', 'Guide', 'Start']);
    await straightIn(spaceId, repo);
  }

  it('merged as it was: the next push goes straight into main, and an edit in Folio exports its page alone', async () => {
    const repo = fixtureRepository();
    const { spaceId, changeRequestId } = await reconciling(repo);
    await merge(spaceId, changeRequestId);
    repo.commit({ 'guide.md': '# Guide\n\nNewest words.\n' }, 'Edit the guide');
    const next = await importInto(spaceId, repo);
    expect(next).toMatchObject({ state: 'success', commit: repo.head() });
    expect(next.changeRequest).toBeUndefined();
    expect(await words(spaceId, 'Guide')).toContain('Newest words.');
    expect(flat(await pagesOf(spaceId)).map((page) => page.title)).toEqual(['Start', 'Added', 'Guide']);
    await edit('Added', '# Added\n\nFrom Git, then Folio.\n')(spaceId);
    expect(await exportFrom(spaceId, repo)).toMatchObject({ state: 'success' });
    expect(repo.changedFiles()).toEqual(['M\tadded.md']);
  });

  it('main moved before the merge: its words are exported with the merge, Git\'s kept, and a push then goes straight into main', async () => {
    const repo = fixtureRepository();
    const { spaceId, changeRequestId } = await reconciling(repo, true);
    const imported = repo.head();
    // A merge while the first import waits is not exported: the export would write Folio's older Guide over Git's.
    await edit('Start', '# Start\n\nWritten in Folio, twice.\n')(spaceId);
    expect(await finished(spaceId)).toMatchObject({ direction: 'import', changeRequest: changeRequestId });
    expect(repo.head()).toBe(imported);
    await merge(spaceId, changeRequestId);
    const exported = await finished(spaceId);
    expect(exported).toMatchObject({ state: 'success', direction: 'export', commit: repo.head() });
    expect(repo.changedFiles()).toEqual(['M\tREADME.md']);
    expect(repo.show('README.md').toString()).toContain('Written in Folio, twice.');
    expect(repo.show('guide.md').toString()).toContain('Newer words.');
    repo.commit({ 'guide.md': '# Guide\n\nNewest words.\n' }, 'Edit the guide');
    const next = await importInto(spaceId, repo);
    expect(next.changeRequest).toBeUndefined();
    expect(await words(spaceId, 'Guide')).toContain('Newest words.');
    expect(await words(spaceId, 'Start')).toContain('Written in Folio, twice.');
  });

  it("edited by the reviewer before the merge: the reviewer's words stay, and a push goes into a change request until they are exported", async () => {
    const repo = fixtureRepository();
    const { spaceId, changeRequestId } = await reconciling(repo);
    await review(spaceId, changeRequestId);
    await merge(spaceId, changeRequestId);
    expect(await words(spaceId, 'Guide')).toContain('Reviewed words.');
    repo.commit({ 'README.md': '# Start\n\nWritten in Folio, then in Git.\n' }, 'Edit the start');
    const next = await importInto(spaceId, repo);
    expect(next.changeRequest).toBeDefined();
    expect(await words(spaceId, 'Guide')).toContain('Reviewed words.');
    expect(await words(spaceId, 'Start')).not.toContain('then in Git');
    // Exported, they reach the repository (the reviewer's page alone), and the link is in step.
    expect(await exportFrom(spaceId, repo)).toMatchObject({ state: 'success' });
    expect(repo.changedFiles()).toEqual(['M\tguide.md']);
    expect(repo.show('guide.md').toString()).toContain('Reviewed words.');
    await straightIn(spaceId, repo);
  });

  it('closed unmerged: the next push proposes the whole repository again, not only what it changed', async () => {
    const repo = fixtureRepository();
    const { spaceId, changeRequestId } = await reconciling(repo);
    ok(await t.owner.client.call('updateChangeRequestById', { ...crParams(spaceId, changeRequestId), body: { status: 'archived' } }));
    // The same commit is not proposed again.
    expect((await importInto(spaceId, repo)).changeRequest).toBeUndefined();
    await mergedWhole(spaceId, repo);
  });

  it('another push before the merge: one change request holds both, the first archived when untouched, and no page comes twice', async () => {
    const repo = fixtureRepository();
    const { spaceId, changeRequestId } = await reconciling(repo);
    await mergedWhole(spaceId, repo, () => statusOf(spaceId, changeRequestId).then((status) => expect(status).toBe('archived')));
  });

  it("another push before the merge of one the reviewer edited: that one stays open, with the reviewer's words", async () => {
    const repo = fixtureRepository();
    const { spaceId, changeRequestId } = await reconciling(repo);
    const guide = await review(spaceId, changeRequestId);
    await mergedWhole(spaceId, repo, async () => expect(await statusOf(spaceId, changeRequestId)).toBe('open'));
    const reviewed = ok(await t.owner.client.call('getPageInChangeRequestById', { params: { spaceId, changeRequestId, pageId: guide }, query: { format: 'markdown' } }));
    expect('markdown' in reviewed ? reviewed.markdown : '').toContain('Reviewed words.');
  });
});

describe('an import-only link whose main was edited in Folio', { timeout: 120_000 }, () => {
  it('takes a push that rewrites only what Folio left as the repository had it straight into main, and the rest into change requests', async () => {
    const repo = fixtureRepository();
    repo.commit({ 'README.md': '# Home\n', 'guide.md': '# Guide\n\nRead me.\n', 'other.md': '# Other\n\nFirst.\n' });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    ok(await t.owner.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'refs/heads/main', direction: 'import' } }));
    await importInto(spaceId, repo);
    const id = async (title: string) => flat(await pagesOf(spaceId)).find((page) => page.title === title)?.id;
    const words = async (title: string) => markdownOf(spaceId, (await id(title))!);
    await publish(t, spaceId, [{ operation: 'update_page', page: await id('Guide'), document: { markdown: 'Edited in Folio.\n' } } as never]);
    const push = async (files: Record<string, string>) => {
      repo.commit(files, 'Push');
      return (await importInto(spaceId, repo)).changeRequest;
    };

    // Another page: straight into main, Folio's words beside it.
    expect(await push({ 'other.md': '# Other\n\nSecond.\n' })).toBeUndefined();
    expect(await words('Other')).toContain('Second.');
    expect(await words('Guide')).toContain('Edited in Folio.');
    // The page Folio edited: a change request, main's words kept.
    const guideChange = await push({ 'guide.md': '# Guide\n\nRead me twice.\n' });
    expect(guideChange).toBeDefined();
    expect(await words('Guide')).toContain('Edited in Folio.');
    // Merged, the page stands as the repository has it: the next push to it goes straight in.
    ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: guideChange! } }));
    expect(await push({ 'guide.md': '# Guide\n\nRead me thrice.\n' })).toBeUndefined();
    expect(await words('Guide')).toContain('Read me thrice.');
    // A page deleted in Folio is not brought back by a push to its file, nor is a new page added without review.
    await publish(t, spaceId, [{ operation: 'delete_page', page: await id('Other') } as never]);
    expect(await push({ 'other.md': '# Other\n\nThird.\n' })).toBeDefined();
    expect(await push({ 'new.md': '# New\n' })).toBeDefined();
    expect(flat(await pagesOf(spaceId)).map((page) => page.title).sort()).toEqual(['Guide', 'Home']);
  });
});

describe('pages deleted, moved and added in Folio', { timeout: 120_000 }, () => {
  it('delete, move and add their files, and SUMMARY.md changes with the tree', async () => {
    const repo = fixtureRepository();
    repo.commit({
      'README.md': '# Home\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n* [Old](old.md)\n* [Loose](loose.md)\n',
      'guide/README.md': '# Guide\n',
      'guide/install.md': '# Install\n\nRun it.\n',
      'old.md': '# Old\n',
      'loose.md': '# Loose\n\nSee [install](guide/install.md).\n',
    });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    await importInto(spaceId, repo);
    const pages = flat(await pagesOf(spaceId));
    const id = (title: string) => pages.find((page) => page.title === title)!.id;
    await publish(t, spaceId, [
      { operation: 'delete_page', page: id('Old') } as never,
      { operation: 'update_page', page: id('Install'), into: null } as never,
      { operation: 'insert_page', title: 'Brand new', document: { markdown: 'Fresh.\n' } } as never,
    ]);
    expect((await exportFrom(spaceId, repo, 'Reorganize')).state).toBe('success');
    const changed = repo.changedFiles().sort();
    expect(changed).toEqual(['A\tbrand-new.md', 'A\tinstall.md', 'D\tguide/install.md', 'D\told.md', 'M\tSUMMARY.md', 'M\tloose.md']);
    // The link to the moved page follows it.
    expect(repo.show('loose.md').toString()).toContain('(install.md)');
    expect(repo.show('SUMMARY.md').toString()).toContain('* [Brand new](brand-new.md)');
    expect(repo.show('install.md').toString()).toBe('# Install\n\nRun it.\n');
  });
});

describe('files renamed in the repository', { timeout: 120_000 }, () => {
  it('keep their pages and files: same ids (so links written in Folio still reach them), the new slug and words', async () => {
    const repo = fixtureRepository();
    const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 9, 9]);
    const usage = '# Usage\n\nStart the server, open the page, and type.\n\n![](../.gitbook/assets/diagram.png)\n\nSave often: every save is a revision.\n\nInvite a reviewer once the page reads well.\n\nStop it with Ctrl-C when you are done.\n';
    repo.commit({
      'README.md': '# Home\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n  * [Usage](guide/usage.md)\n',
      'guide/README.md': '# Guide\n',
      'guide/install.md': '# Install\n\nRun it.\n',
      'guide/usage.md': usage,
      '.gitbook/assets/diagram.png': png,
    });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    await importInto(spaceId, repo);
    const before = flat(await pagesOf(spaceId));
    const id = (title: string) => before.find((page) => page.title === title)!.id;
    const fileIds = async () => ok(await t.owner.client.call('listFiles', { params: { spaceId } })).items.map((file) => [file.name, file.id]);
    const [[, diagramId]] = (await fileIds()) as [[string, string]];
    // A page written in Folio links to Install by its id; exported, so that the link is in step again.
    await publish(t, spaceId, [{ operation: 'insert_page', title: 'Notes', document: { markdown: 'See [the install](guide/install.md).\n' } } as never]);
    expect((await exportFrom(spaceId, repo)).state).toBe('success');
    const notes = flat(await pagesOf(spaceId)).find((page) => page.title === 'Notes')!.id;

    // Install moved as it was (git mv), Usage moved and edited, the picture renamed.
    repo.commit({
      'guide/install.md': null,
      'guide/installing.md': '# Install\n\nRun it.\n',
      'guide/usage.md': null,
      'guide/how-to-use.md': usage.replace('diagram.png', 'figure.png').replace('type.', 'type away.'),
      '.gitbook/assets/diagram.png': null,
      '.gitbook/assets/figure.png': png,
      'SUMMARY.md': repo.show('SUMMARY.md').toString().replace('guide/install.md', 'guide/installing.md').replace('guide/usage.md', 'guide/how-to-use.md'),
    }, 'Rename the guide\'s pages');
    const operation = await importInto(spaceId, repo);
    expect(operation).toMatchObject({ state: 'success' });
    expect(operation.changeRequest).toBeUndefined();

    const after = flat(await pagesOf(spaceId));
    expect(after.map((page) => page.title).sort()).toEqual(['Guide', 'Home', 'Install', 'Notes', 'Usage']);
    expect(after.find((page) => page.id === id('Install'))).toMatchObject({ title: 'Install', slug: 'installing' });
    expect(after.find((page) => page.id === id('Usage'))).toMatchObject({ title: 'Usage', slug: 'how-to-use' });
    expect(await markdownOf(spaceId, id('Usage'))).toContain('type away.');
    expect(await fileIds()).toEqual([['figure.png', diagramId]]);
    const links = ok(await t.owner.client.call('listPageLinksInSpace', { params: { spaceId, pageId: notes } })).items;
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ status: 'ok', targetReference: { kind: 'page', page: { id: id('Install') } } });

    // Notes edited in Folio: its export writes the link to the page's new path.
    await publish(t, spaceId, [{ operation: 'update_page', page: notes, title: 'Notes, read' } as never]);
    expect((await exportFrom(spaceId, repo)).state).toBe('success');
    expect(repo.show('notes.md').toString()).toContain('[the install](guide/installing.md)');
  });
});

describe('an engine started after one stopped mid-operation', { timeout: 120_000 }, () => {
  it('reports the operation left running as a failure to start again, and leaves finished ones as they are', async () => {
    const repo = fixtureRepository();
    repo.commit({ 'README.md': '# Introduction\n' });
    const stopped = (await newSpace(t.owner, t.organizationId)).id;
    const finishedFirst = (await newSpace(t.owner, t.organizationId)).id;
    expect(await importInto(stopped, repo)).toMatchObject({ state: 'success' });
    expect(await importInto(finishedFirst, repo)).toMatchObject({ state: 'success' });
    // As an engine killed while it ran leaves it: running, in the file.
    t.engine.db.run("UPDATE git_sync_operations SET state = 'running', completed_at = NULL WHERE space_id = ?", stopped);
    const next = new Engine({ workers: sharedWorkers(), dataDir: t.dataDir, git: { pollIntervalMs: 3_600_000 } });
    next.close();
    const operation = async (spaceId: string) => ok(await t.owner.client.call('getSpaceGitOperation', { params: { spaceId } }));
    expect(await operation(stopped)).toMatchObject({ state: 'failure', error: 'The engine stopped while this operation ran; start it again' });
    expect(await operation(finishedFirst)).toMatchObject({ state: 'success' });
  });
});

describe('a README first in a group, with pages under it (the common layout of real repositories)', { timeout: 120_000 }, () => {
  it('stands where SUMMARY.md puts it, holds its pages, and exports unchanged without a commit', async () => {
    const repo = fixtureRepository();
    repo.commit({
      'README.md': '# Introduction\n\nWelcome.\n',
      'SUMMARY.md': '# Table of contents\n\n## Getting started\n\n* [Introduction](README.md)\n  * [Create an app](getting-started/create.md)\n* [Install](getting-started/install.md)\n\n## Reference\n\n* [API](reference/api.md)\n',
      'getting-started/create.md': '# Create an app\n',
      'getting-started/install.md': '# Install\n',
      'reference/api.md': '# API\n',
    });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    expect(await importInto(spaceId, repo)).toMatchObject({ state: 'success' });
    const tree = (pages: Pages): unknown[] => pages.map((page) => [page.title, ...tree(('pages' in page ? page.pages : []) as Pages)]);
    expect(tree(await pagesOf(spaceId))).toEqual([
      ['Getting started', ['Introduction', ['Create an app']], ['Install']],
      ['Reference', ['API']],
    ]);
    const before = repo.head();
    expect(await exportFrom(spaceId, repo)).toMatchObject({ state: 'success', commit: before });
    const create = flat(await pagesOf(spaceId)).find((page) => page.title === 'Create an app')!;
    await publish(t, spaceId, [{ operation: 'update_page', page: create.id, document: { markdown: '# Create an app\n\nSign in first.\n' } } as never]);
    expect((await exportFrom(spaceId, repo, 'Explain')).state).toBe('success');
    expect(repo.changedFiles()).toEqual(['M\tgetting-started/create.md']);
  });
});

describe("the service's HTML habits", { timeout: 120_000 }, () => {
  it('reads a <figure> as an image with its caption and drops the anchors pinned to headings, so an edited page is not written back escaped', async () => {
    const repo = fixtureRepository();
    repo.commit({
      'README.md': '# Home\n\n## Creating an app <a href="#creating-an-app" id="creating-an-app"></a>\n\n<figure><img src=".gitbook/assets/shot 1.png" alt="The console"><figcaption><p>Apps &amp; keys</p></figcaption></figure>\n\nThe end.\n',
      '.gitbook/assets/shot 1.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6]),
    });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    expect(await importInto(spaceId, repo)).toMatchObject({ state: 'success' });
    const [home] = await pagesOf(spaceId);
    const before = await markdownOf(spaceId, home!.id);
    expect(before).toContain('## Creating an app\n');
    expect(before).not.toContain('<a href');
    const [file] = ok(await t.owner.client.call('listFiles', { params: { spaceId } })).items;
    expect(file).toMatchObject({ name: 'shot 1.png' });
    expect(before).toMatch(/!\[The console\]\(\S+ "Apps & keys"\)/);
    await publish(t, spaceId, [{ operation: 'update_page', page: home!.id, document: { markdown: `${before}\nOne more line.\n` } } as never]);
    expect((await exportFrom(spaceId, repo, 'One more line')).state).toBe('success');
    const written = repo.show('README.md').toString();
    expect(written).not.toContain('\\<');
    expect(written).toContain('## Creating an app\n');
    expect(written).toMatch(/!\[The console\]\(<?\.gitbook\/assets\/shot(%20| )1\.png>? "Apps & keys"\)/);
    expect(written).toContain('One more line.');
  });
});

describe('a long page', { timeout: 120_000 }, () => {
  it('is imported whole: the block limit is for bodies a request sends', async () => {
    const repo = fixtureRepository();
    const paragraphs = Array.from({ length: 2_500 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    repo.commit({ 'README.md': `# Long\n\n${paragraphs}\n` });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    expect(await importInto(spaceId, repo)).toMatchObject({ state: 'success' });
    const [page] = await pagesOf(spaceId);
    expect(await markdownOf(spaceId, page!.id)).toContain('Paragraph 2499.');
  });
});

describe('bad input', { timeout: 120_000 }, () => {
  let repo: FixtureRepository;
  beforeAll(() => {
    repo = new FixtureRepository();
  });
  afterAll(() => repo.remove());

  async function failing(files: Record<string, string | Buffer | null | { symlink: string }>, stage: string, message: RegExp, ref?: string) {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    repo.commit(files);
    const revision = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;
    const operation = await importInto(spaceId, repo, ref);
    expect(operation).toMatchObject({ state: 'failure', stage });
    expect(operation.error).toMatch(message);
    expect(ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision).toBe(revision);
    expect(await pagesOf(spaceId)).toEqual([]);
  }

  it('a ref that does not exist', async () => {
    await failing({ 'README.md': '# Hi\n' }, 'repo_fetch', /no ref refs\/heads\/nope/, 'refs/heads/nope');
  });

  it('a repository that is not there', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    await t.owner.client.call('importGitRepository', { params: { spaceId }, body: { url: `file://${repo.dir}/missing.git`, ref: 'main' } });
    expect(await finished(spaceId)).toMatchObject({ state: 'failure', stage: 'repo_fetch', error: expect.stringMatching(/cannot be fetched/) });
  });

  it('a malformed .gitbook.yaml', async () => {
    await failing({ '.gitbook.yaml': 'root: [unclosed\n' }, 'config_check', /\.gitbook\.yaml/);
    repo.commit({ '.gitbook.yaml': null });
  });

  it('a malformed SUMMARY.md', async () => {
    await failing({ 'SUMMARY.md': '# Table of contents\n\n* Not a link\n' }, 'config_check', /SUMMARY\.md: an entry has no link/);
    await failing({ 'SUMMARY.md': '* [Away](../../etc/passwd.md)\n' }, 'config_check', /outside the repository/);
    repo.commit({ 'SUMMARY.md': null });
  });

  it('a binary file where a page is expected', async () => {
    await failing({ 'page.md': Buffer.from([0x50, 0, 0x4b, 0xff]) }, 'content_process', /binary file where a Markdown page is expected/);
    repo.commit({ 'page.md': null });
  });

  it('a symbolic link', async () => {
    await failing({ 'linked.md': { symlink: '/etc/passwd' } }, 'content_process', /symbolic link/);
    repo.commit({ 'linked.md': null });
  });

  it('a page nested past the content limits, named, rather than read in part', async () => {
    const deep = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    await failing({ 'deep.md': `# Deep\n\n${deep}\n` }, 'content_process', /deep\.md: blocks are nested deeper than 32 levels/);
    repo.commit({ 'deep.md': null });
  });

  it('an address the server may not reach, or a transport it does not speak', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const body = (url: string) => ({ url, ref: 'main' });
    expectFailure(await t.owner.client.call('importGitRepository', { params: { spaceId }, body: body('https://github.com/acme/docs.git') }), 400, /^body\.url: github\.com is not on this machine/);
    expectFailure(await t.owner.client.call('importGitRepository', { params: { spaceId }, body: body('ssh://git@127.0.0.1/docs.git') }), 400, /^body\.url: ssh repositories are not supported/);
    expectFailure(await t.owner.client.call('importGitRepository', { params: { spaceId }, body: { url: repo.url, ref: '--upload-pack=x' } }), 400, /^body\.ref/);
    const member = t.user('edit');
    expectFailure(await member.client.call('importGitRepository', { params: { spaceId }, body: body(repo.url) }), 400, /file:\/\/ repositories are for the owner/);
    const reader = t.user('read');
    expectFailure(await reader.client.call('importGitRepository', { params: { spaceId }, body: body(repo.url) }), 403);
  });
});

describe('a space linked to a repository', { timeout: 120_000 }, () => {
  it('answers gitSync, git/info and git/link, and exports each merge as a commit', async () => {
    const repo = fixtureRepository();
    repo.commit({ 'README.md': '# Home\n\nHello.\n' });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    expectFailure(await t.owner.client.call('getSpaceGitInfo', { params: { spaceId } }), 404);
    const link = ok(await t.owner.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'main' } }));
    expect(link).toMatchObject({ url: repo.url, ref: 'main', direction: 'both', hasToken: false });
    expect(ok(await t.owner.client.call('getSpaceGitInfo', { params: { spaceId } }))).toMatchObject({ url: repo.url });
    expect(ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).gitSync).toMatchObject({ url: repo.url });
    expect((await importInto(spaceId, repo)).state).toBe('success');
    expect(ok(await t.owner.client.call('getSpaceGitLink', { params: { spaceId } }))).toMatchObject({
      lastSync: { commit: repo.head() },
      operation: { state: 'success', direction: 'import' },
    });
    const home = (await pagesOf(spaceId))[0]!;
    await publish(t, spaceId, [{ operation: 'update_page', page: home.id, document: { markdown: '# Home\n\nHello again.\n' } } as never]);
    expect(await finished(spaceId)).toMatchObject({ state: 'success', direction: 'export' });
    expect(repo.changedFiles()).toEqual(['M\tREADME.md']);
    expect(repo.show('README.md').toString()).toBe('# Home\n\nHello again.\n');
  });
});

describe('offline and polling', { timeout: 120_000 }, () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await TestServer.start({ git: { pollIntervalMs: 50, retryMs: 0 } });
  });
  afterAll(async () => {
    await live.stop();
  });

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; attempt < 600; attempt++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('never reached');
  }

  it('queues an export while the repository cannot be reached, and makes it once it can', async () => {
    const repo = fixtureRepository();
    const spaceId = (await newSpace(live.owner, live.organizationId)).id;
    const away = `${repo.dir}/later.git`;
    ok(await live.owner.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: `file://${away}`, ref: 'main', direction: 'export' } }));
    await publish(live, spaceId, [{ operation: 'insert_page', title: 'Offline page', document: { markdown: 'Written offline.\n' } } as never]);
    const link = await until(
      async () => ok(await live.owner.client.call('getSpaceGitLink', { params: { spaceId } })),
      (value) => value.pendingExport,
    );
    expect(link.pendingExport).toBe(true);
    // The repository appears: the waiting export goes out.
    const { execFileSync } = await import('node:child_process');
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', away]);
    await until(
      async () => ok(await live.owner.client.call('getSpaceGitLink', { params: { spaceId } })),
      (value) => !value.pendingExport && value.lastSync !== undefined,
    );
    const readme = execFileSync('git', ['--git-dir', away, 'show', 'main:README.md'], { encoding: 'utf8' });
    expect(readme).toBe('# Offline page\n\nWritten offline.\n');
  });

  it('imports new commits of a linked ref by polling', async () => {
    const repo = fixtureRepository();
    repo.commit({ 'README.md': '# Start\n' });
    const spaceId = (await newSpace(live.owner, live.organizationId)).id;
    ok(await live.owner.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'main', direction: 'import', pollSeconds: 1 } }));
    const titles = async () => ok(await live.owner.client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title);
    await until(titles, (value) => value.includes('Start'));
    live.clock.advance(2_000);
    repo.commit({ 'later.md': '# Pushed later\n' });
    await until(titles, (value) => value.includes('Pushed later'));
  });
});

describe('smart HTTP repositories on loopback', { timeout: 120_000 }, () => {
  it('take credentials in the address or as the link\'s stored token, and say so when they are refused', async () => {
    const { HttpGitServer } = await import('./http-git-server.js');
    const repo = new FixtureRepository();
    const server = await HttpGitServer.start(repo.dir, 'writer', 's3cret');
    try {
      repo.commit({ 'README.md': '# Over HTTP\n' });
      const spaceId = (await newSpace(t.owner, t.organizationId)).id;
      const params = { spaceId };
      // Refused credentials: a failure in words, with no password in it.
      await t.owner.client.call('importGitRepository', { params, body: { url: server.url('docs.git', 'writer:wrong'), ref: 'main' } });
      const refused = await finished(spaceId);
      expect(refused).toMatchObject({ state: 'failure', stage: 'repo_fetch' });
      expect(refused.error).not.toContain('wrong');
      // In the address.
      await t.owner.client.call('importGitRepository', { params, body: { url: server.url('docs.git', 'writer:s3cret'), ref: 'main' } });
      expect(await finished(spaceId)).toMatchObject({ state: 'success' });
      expect((await pagesOf(spaceId)).map((page) => page.title)).toEqual(['Over HTTP']);
      // As the link's token; a hook's import names the address alone.
      ok(await t.owner.client.call('setSpaceGitLink', { params, body: { url: server.url('docs.git', 'writer'), ref: 'main', direction: 'both', token: 's3cret' } }));
      expect(ok(await t.owner.client.call('getSpaceGitLink', { params }))).toMatchObject({ hasToken: true, url: server.url('docs.git') });
      const home = (await pagesOf(spaceId))[0]!;
      await publish(t, spaceId, [{ operation: 'update_page', page: home.id, document: { markdown: '# Over HTTP\n\nPushed back.\n' } } as never]);
      expect(await finished(spaceId)).toMatchObject({ state: 'success', direction: 'export' });
      expect(repo.show('README.md').toString()).toBe('# Over HTTP\n\nPushed back.\n');
    } finally {
      await server.close();
      repo.remove();
    }
  });
});
