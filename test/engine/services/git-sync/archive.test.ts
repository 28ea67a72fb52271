import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../../src-shared/client/client.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { GITBOOK_DOCS } from './repository-fixture.js';

type Operation = Extract<ApiResult<'getSpaceGitOperation'>, { ok: true }>['data'];

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({ git: { pollIntervalMs: 3_600_000 } });
});
afterAll(() => t.stop());

/** A folder as a zip, each file under `top/` as zipping a folder makes it. */
function zipOf(files: Record<string, string | Buffer>, top = 'docs'): string {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(files)) entries[top ? `${top}/${path}` : path] = typeof content === 'string' ? strToU8(content) : new Uint8Array(content);
  return Buffer.from(zipSync(entries)).toString('base64');
}

async function upload(spaceId: string, zip: string, name = 'docs'): Promise<Operation> {
  ok(await t.owner.client.call('importSpaceArchive', { params: { spaceId }, body: { name, zip } }));
  await t.engine.gitSync.whenIdle();
  return ok(await t.owner.client.call('getSpaceGitOperation', { params: { spaceId } }));
}

const titles = async (spaceId: string) => ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title);

describe('importing a folder uploaded as a zip', { timeout: 60_000 }, () => {
  it("reads the service's layout: pages in SUMMARY.md's order, nesting, files", async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    const operation = await upload(spaceId, zipOf(GITBOOK_DOCS));
    expect(operation).toMatchObject({ state: 'success', direction: 'import' });
    expect(await titles(spaceId)).toEqual(['Introduction', 'Getting started', 'Reference', 'Guides']);
    const files = ok(await t.owner.client.call('listFiles', { params: { spaceId } })).items;
    expect(files.map((file) => file.name)).toEqual(['architecture.png']);
  });

  it('reads an Obsidian vault: wikilinks become page references, its settings folder is skipped', async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    const vault = {
      'Home.md': '# Home\n\nSee [[Notes/Ideas]] and [[Missing note]].\n',
      'Notes/Ideas.md': '# Ideas\n\nA first idea.\n',
      '.obsidian/app.json': '{"theme":"dark"}',
    };
    expect(await upload(spaceId, zipOf(vault, ''), 'vault')).toMatchObject({ state: 'success' });
    const pages = ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages;
    expect(JSON.stringify(pages)).not.toContain('app.json');
    const home = pages.find((page) => page.title === 'Home')!;
    const links = ok(await t.owner.client.call('listSpaceLinks', { params: { spaceId } }));
    const targets = JSON.stringify(links);
    expect(targets).toContain(pages.flatMap((page) => [page, ...('pages' in page ? (page.pages as typeof pages) : [])]).find((page) => page.title === 'Ideas')!.id);
    expect(home).toBeDefined();
  });

  it('updates from a second upload under the same name: only what changed', async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    const first = { 'README.md': '# Start\n\nOne.\n', 'guide.md': '# Guide\n\nTwo.\n' };
    expect(await upload(spaceId, zipOf(first))).toMatchObject({ state: 'success' });
    const before = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;
    expect(await upload(spaceId, zipOf({ ...first, 'guide.md': '# Guide\n\nTwo, edited.\n' }))).toMatchObject({ state: 'success' });
    expect(ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision).not.toBe(before);
    expect(await titles(spaceId)).toEqual(['Start', 'Guide']);
    const guide = ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages.find((page) => page.title === 'Guide')!;
    const markdown = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: guide.id }, query: { format: 'markdown' } }));
    expect(JSON.stringify(markdown)).toContain('Two, edited.');
  });

  it("keeps an embed's caption as the text after the embed, which the page model has no caption for", async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    const page = '# Demo\n\n{% embed url="https://example.com/talk" %}\nThe **launch** talk, 2024.\n{% endembed %}\n\nAfter.\n';
    expect(await upload(spaceId, zipOf({ 'README.md': page }))).toMatchObject({ state: 'success' });
    const demo = ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages[0]!;
    const read = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: demo.id }, query: { format: 'markdown' } }));
    expect('markdown' in read && read.markdown).toBe('{% embed url="https://example.com/talk" %}\n\nThe **launch** talk, 2024.\n\nAfter.\n');
  });

  it('refuses a zip whose paths leave it, and changes nothing', async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    const before = await titles(spaceId);
    const operation = await upload(spaceId, zipOf({ 'README.md': '# A\n', '../escape.md': '# B\n' }, ''));
    expect(operation).toMatchObject({ state: 'failure', stage: 'repo_fetch' });
    expect(operation.error).toMatch(/\.\.\/escape\.md: a path in a zip must stay inside it/);
    expect(await titles(spaceId)).toEqual(before);
  });

  it('refuses bytes that are not a zip, in words', async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    const operation = await upload(spaceId, Buffer.from('not a zip at all').toString('base64'));
    expect(operation).toMatchObject({ state: 'failure', stage: 'repo_fetch' });
    expect(operation.error).toMatch(/not a zip Folio can read/);
  });

  it('answers 400 naming the field for a body that is not base64, and 403 to a reader of the organization', async () => {
    const { id: spaceId } = await newSpace(t.owner, t.organizationId);
    expectFailure(await t.owner.client.call('importSpaceArchive', { params: { spaceId }, body: { name: 'docs', zip: 'not base64!' } }), 400, /zip/);
    expectFailure(await t.owner.client.call('importSpaceArchive', { params: { spaceId }, body: { name: ' ', zip: zipOf({ 'a.md': '# A\n' }) } }), 400, /name/);
    const reader = t.user();
    expectFailure(await reader.client.call('importSpaceArchive', { params: { spaceId }, body: { name: 'docs', zip: zipOf({ 'a.md': '# A\n' }) } }), 403);
  });
});
