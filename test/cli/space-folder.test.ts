import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace, ok } from '../support/content.js';
import { runCli } from '../support/processes.js';
import { TestServer } from '../support/server.js';
import { publish } from '../engine/api/search/fixture.js';

let t: TestServer;
const folders = mkdtempSync(join(tmpdir(), 'folio-folders-'));
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(async () => {
  await t.stop();
  rmSync(folders, { recursive: true, force: true });
});

function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

const cli = (...args: string[]) => runCli(['--data-dir', t.dataDir, ...args]);

// Each call starts a process (tsx compiling the CLI), seconds apiece on a busy 2-core machine.
describe('npm run cli -- space import / export --dir', { timeout: 120_000 }, () => {
  it('imports an Obsidian vault with its wikilinks and embeds, and exports it to a folder and back without changes', async () => {
    const vault = join(folders, 'vault');
    writeTree(vault, {
      '.obsidian/app.json': '{}',
      'README.md': '# Vault\n\nStart at [[Daily notes]] or [[Projects/Plan|the plan]].\n',
      'Daily notes.md': '# Daily notes\n\nSee [[Plan#Next steps]].\n\n![[diagram.png]]\n',
      'Projects/Plan.md': '# Plan\n\n## Next steps\n\nShip it.\n',
      'attachments/diagram.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 9]),
    });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const imported = await cli('space', 'import', '--space', spaceId, '--dir', vault);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const pages = ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages;
    expect(pages.map((page) => page.title).sort()).toEqual(['Daily notes', 'Projects', 'Vault'].sort());
    const daily = pages.find((page) => page.title === 'Daily notes')!;
    const document = JSON.stringify(ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: daily.id }, query: { format: 'document' } as never })));
    expect(document).toMatch(/"kind":"anchor","anchor":"next-steps","page":"[A-Za-z0-9]+"/);
    const links = ok(await t.owner.client.call('listSpaceLinks', { params: { spaceId } }));
    expect(links.items.filter((item) => item.status === 'broken')).toEqual([]);

    // Exported to a new folder: a folder in the service's layout.
    const out = join(folders, 'out');
    const exported = await cli('space', 'export', '--space', spaceId, '--dir', out);
    expect(exported.status).toBe(0);
    expect(readFileSync(join(out, 'SUMMARY.md'), 'utf8')).toContain('[Daily notes]');
    expect(readFileSync(join(out, 'daily-notes.md'), 'utf8')).toContain('](projects/plan.md#next-steps)');
    expect(readFileSync(join(out, 'daily-notes.md'), 'utf8')).toContain('](.gitbook/assets/diagram.png)');
    expect(existsSync(join(out, '.gitbook/assets/diagram.png'))).toBe(true);

    // Back to the vault it came from: nothing to write; then one edit writes one file.
    expect((await cli('space', 'export', '--space', spaceId, '--dir', vault)).stdout).toContain('0 files written, 0 deleted');
    await publish(t, spaceId, [{ operation: 'update_page', page: daily.id, document: { markdown: 'Rewritten.\n' } } as never]);
    expect((await cli('space', 'export', '--space', spaceId, '--dir', vault)).stdout).toContain('1 files written, 0 deleted');
    expect(readFileSync(join(vault, 'Daily notes.md'), 'utf8')).toBe('# Daily notes\n\nRewritten.\n');
    expect(readFileSync(join(vault, 'Projects/Plan.md'), 'utf8')).toBe('# Plan\n\n## Next steps\n\nShip it.\n');
  });

  it('refuses a folder whose SUMMARY.md is malformed, and a space that does not exist', async () => {
    const bad = join(folders, 'bad');
    writeTree(bad, { 'SUMMARY.md': '* no link\n', 'a.md': '# A\n' });
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const result = await cli('space', 'import', '--space', spaceId, '--dir', bad);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/config_check: SUMMARY\.md: an entry has no link/);
    expect((await cli('space', 'export', '--space', 'nope', '--dir', bad)).stderr).toMatch(/does not exist/);
  });
});
