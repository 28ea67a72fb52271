/**
 * `npx tsx scripts/editor-screenshots.ts`: the editor's screenshots in docs/screenshots/, taken
 * with Debian's Chromium from a real engine on a temp data dir serving the built renderer
 * (`npm run build:renderer` first). Everything shown is made through the API, as a writer would.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { addMember, addUser, issueToken } from '../src-main/engine/app/admin/commands.js';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen } from '../src-main/engine/app/http/server.js';
import { staticFiles } from '../src-main/engine/transports/http/static-files.js';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs/screenshots');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

const GUIDE = `Folio runs on your machine and keeps every page in a **local** database.

## Install

1. Download the app for your system.
2. Open it: the first space is ready to write in.

- [x] Read the overview
- [ ] Invite a reviewer

{% hint style="info" %}
Everything you type is saved on this device first, and synced when the engine is reachable.
{% endhint %}

\`\`\`bash
npm run serve -- --port 4000
\`\`\`

| Setting | Default |
| ------- | ------- |
| Port    | 4000    |
| Data    | ~/.folio |

___

See the [API reference](https://example.org/api) for more.
`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-shots-'));
  const engine = new Engine({ dataDir, serveStatic: staticFiles(join(ROOT, 'out/renderer')) });
  bootstrapIfEmpty(engine);
  const server = await listen(engine, 0);
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await engine.request({ method, path, headers: { authorization: `Bearer ${token}` }, body });
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}`);
    return answer.body as Record<string, any>;
  };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const org = (await api('GET', '/v1/orgs')).items[0].id as string;
    const space = (await api('POST', `/v1/orgs/${org}/spaces`, { title: 'Handbook' })).id as string;
    const changeRequest = (await api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Write the install guide' })).id as string;
    const added = await api('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', title: 'Getting started', document: { markdown: GUIDE } },
        { operation: 'insert_page', title: 'Configuration', document: {} },
        { operation: 'insert_page', title: 'Troubleshooting', document: {} },
      ],
    });
    const pageId = added.changes[0].page.id as string;
    const hash = `#/orgs/${org}/spaces/${space}/change-requests/1/pages/${pageId}`;
    addUser(engine, 'lin@example.com', 'Lin Reviewer');
    addMember(engine, org, 'lin@example.com', 'edit');
    const linToken = issueToken(engine, 'lin@example.com') as string;

    const lin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await lin.goto(`${server.url}/?token=${encodeURIComponent(linToken)}${hash}`);
    const linBody = lin.getByRole('textbox', { name: /^Body of/ });
    await linBody.waitFor();
    await lin.locator('.editor-tools [role=status][data-synced=true]').waitFor();
    await linBody.locator('p').first().click();

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/?token=${encodeURIComponent(token)}${hash}`);
    const body = page.getByRole('textbox', { name: /^Body of/ });
    await body.waitFor();
    await page.locator('.editor-tools [role=status][data-synced=true]').waitFor();
    await page.locator('.ProseMirror-yjs-cursor').waitFor();
    await page.screenshot({ path: join(OUT, 'editor.png') });

    await body.locator('h2').first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/h');
    await page.getByRole('listbox', { name: 'Insert a block' }).waitFor();
    await page.screenshot({ path: join(OUT, 'editor-slash-menu.png') });
    await page.keyboard.press('Escape');
    for (let i = 0; i < 2; i++) await page.keyboard.press('Backspace');

    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Search' }).waitFor();
    await page.screenshot({ path: join(OUT, 'quick-switcher.png') });
    console.log(`screenshots written to ${OUT}`);
  } finally {
    await browser.close();
    await server.close();
    engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`screenshots: ${error.message}`);
  process.exitCode = 1;
});
