import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, newOrganization, withEngine, type InProcess } from './in-process.js';

const ENV = { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.com', GIT_CONFIG_GLOBAL: '/dev/null' };

/** A repository of `pages` pages in the service's layout: 20 folders, 8 paragraphs a page, links between pages. */
function writeRepository(dir: string, pages: number): string {
  const work = join(dir, 'work');
  const bare = join(dir, 'docs.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', bare], { env: ENV });
  mkdirSync(work);
  execFileSync('git', ['init', '--quiet', '--initial-branch=main', work], { env: ENV });
  const summary = ['# Table of contents', '', '* [Home](README.md)'];
  writeFileSync(join(work, 'README.md'), '# Home\n\nThe start of the docs.\n');
  for (let i = 0; i < pages; i++) {
    const folder = `section-${i % 20}`;
    mkdirSync(join(work, folder), { recursive: true });
    const paragraphs = Array.from({ length: 8 }, (_, p) => {
      const other = (i * 7 + p + 1) % pages;
      return `Paragraph ${p} of page ${i} has **bold**, \`code\` and a link to [page ${other}](../section-${other % 20}/page-${other}.md).`;
    });
    writeFileSync(join(work, folder, `page-${i}.md`), `# Page ${i}\n\n${paragraphs.join('\n\n')}\n`);
    summary.push(`* [Page ${i}](${folder}/page-${i}.md)`);
  }
  writeFileSync(join(work, 'SUMMARY.md'), `${summary.join('\n')}\n`);
  execFileSync('git', ['-C', work, 'add', '--all'], { env: ENV });
  execFileSync('git', ['-C', work, 'commit', '--quiet', '-m', 'Docs'], { env: ENV });
  execFileSync('git', ['-C', work, 'push', '--quiet', bare, 'main'], { env: ENV });
  return `file://${bare}`;
}

async function operation(ctx: InProcess, spaceId: string, direction: 'import' | 'export', url: string): Promise<number> {
  const start = performance.now();
  const body = { url, ref: 'refs/heads/main', ...(direction === 'export' ? { commitMessage: 'Bench' } : {}) };
  await call(ctx, 'POST', `/v1/spaces/${spaceId}/git/${direction}`, body);
  await ctx.engine.gitSync.whenIdle();
  const ms = Math.round(performance.now() - start);
  const state = (await call(ctx, 'GET', `/v1/spaces/${spaceId}/git/operation`)) as { state: string; error?: string };
  if (state.state !== 'success') throw new Error(`${direction} failed: ${state.error}`);
  return ms;
}

/**
 * Issue 17's Git Sync figures: import of a repository of 1,000 pages (8 paragraphs each, links
 * between them), export of the same space (no change: no commit), a full export into an empty
 * repository, and an export after one page changed; against `git clone` of the same repository
 * in the same run, as the floor of reading it at all.
 */
export async function benchGitSync(pages = 1000): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-git-'));
  const rows: Record<string, number> = {};
  try {
    const url = writeRepository(dir, pages);
    let start = performance.now();
    execFileSync('git', ['clone', '--quiet', '--depth=1', url, join(dir, 'clone')], { env: ENV });
    rows['git clone (baseline)'] = Math.round(performance.now() - start);
    const empty = join(dir, 'empty.git');
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', empty], { env: ENV });
    await withEngine('folio-bench-git-engine-', { git: { pollIntervalMs: 3_600_000 } }, async (ctx) => {
      const organizationId = newOrganization(ctx);
      const space = (await call(ctx, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Docs' })) as { id: string };
      // A running engine has a worker thread up (serve and the app warm one at start); its start is its own row.
      start = performance.now();
      await ctx.engine.workers.warmUp();
      rows['worker thread start (once per engine)'] = Math.round(performance.now() - start);
      rows['import, 1,000 pages'] = await operation(ctx, space.id, 'import', url);
      rows['export, nothing changed'] = await operation(ctx, space.id, 'export', url);
      const pagesList = (await call(ctx, 'GET', `/v1/spaces/${space.id}/content/pages`)) as { pages: { id: string }[] };
      const cr = (await call(ctx, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' })) as { id: string };
      await call(ctx, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [{ operation: 'update_page', page: pagesList.pages[5]!.id, document: { markdown: '# Page 4\n\nEdited.\n' } }],
      });
      await call(ctx, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
      rows['export after one page changed'] = await operation(ctx, space.id, 'export', url);
      // Last: a sync with another repository starts afresh, so every file is written.
      rows['export, whole space to an empty repository'] = await operation(ctx, space.id, 'export', `file://${empty}`);
    });
    console.log(`\nGit Sync: a repository of ${pages} pages, 8 paragraphs each, links between them (ms)`);
    console.table(Object.entries(rows).map(([step, ms]) => ({ step, ms })));
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
