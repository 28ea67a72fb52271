import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { png } from '../test/support/png.js';
import { serveEngine } from '../test/e2e/served-engine.js';

/**
 * Issue 15's editor figures, in Debian's Chromium against a real engine serving the built
 * renderer (`npm run build:renderer` first): the first screen's JavaScript (gzipped, as the
 * browser loaded it), opening a 1,000-block page into the editor cold (new profile: no cached
 * chunk, nothing on the device) and warm (the same tab opening it again), typing on it (keydown to
 * the DOM change, and to the frame after), the `/` menu's opening, and a 2 MB image pasted until
 * it is shown. Each against its target.
 */
export interface EditorFigures {
  firstScreenJsGzKb: number;
  chunks: number;
  openColdMs: number;
  openWarmMs: number;
  typeDomP95Ms: number;
  typeFrameP95Ms: number;
  slashMenuMs: number;
  pasteImageMs: number;
}

const RENDERER = resolve(import.meta.dirname, '../out/renderer');
const BLOCKS = 1_000;
const KEYSTROKES = 60;

export async function benchEditor(): Promise<EditorFigures | undefined> {
  if (!existsSync(join(RENDERER, 'index.html'))) {
    console.log('editor bench skipped: out/renderer is not built (npm run build:renderer)');
    return undefined;
  }
  // As `npm run serve` serves it (a thread warmed): the e2e tests' check of every answer against the
  // reference compiles a validator on each new kind of answer, on the engine's loop, which is not the product's cost.
  const served = await serveEngine({ observeAnswers: undefined });
  await served.engine.workers.warmUp();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const org = (await served.api('GET', '/v1/orgs')).items[0].id as string;
    const space = (await served.api('POST', `/v1/orgs/${org}/spaces`, { title: 'Bench' })).id as string;
    const changeRequest = (await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'A long page' })).id as string;
    const markdown = Array.from({ length: BLOCKS }, (_, index) => (index % 20 === 0 ? `## Section ${index / 20}` : `Paragraph ${index}: some words a writer typed here, about a line long.`)).join('\n\n');
    const added = await served.api('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', title: 'Long', document: { markdown } },
        { operation: 'insert_page', title: 'Short', document: {} },
      ],
    });
    const [long, short] = (added.changes as { page: { id: string } }[]).map((change) => change.page.id);
    const base = `${served.server.url}/?token=${encodeURIComponent(served.token)}`;
    const pageHash = (id: string) => `#/orgs/${org}/spaces/${space}/change-requests/1/pages/${id}`;

    // The first screen: the organization, as a new profile loads it.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // tsx names the functions it compiles with a helper the page does not have; the evaluated ones need it there.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => void (response.url().endsWith('.js') && scripts.add(new URL(response.url()).pathname)));
    await page.goto(`${base}#/orgs/${org}`);
    await page.getByRole('navigation').first().waitFor();
    await page.waitForLoadState('networkidle');
    const firstScreen = [...scripts];
    const firstScreenJsGzKb = firstScreen.reduce((sum, path) => sum + gzipSync(readFileSync(join(RENDERER, path))).length, 0) / 1024;

    const openMs = (id: string) => openEditor(page, pageHash(id), BLOCKS);
    const openColdMs = await openMs(long!);
    await page.evaluate((hash) => (window.location.hash = hash), pageHash(short!));
    await page.getByRole('textbox', { name: 'Body of Short' }).waitFor();
    const openWarmMs = await openMs(long!);

    const typing = await typeAndTime(page);
    const slashMenuMs = await slashMenuTime(page);
    const pasteImageMs = await pasteTime(page, png(820, true));
    return {
      firstScreenJsGzKb: Number(firstScreenJsGzKb.toFixed(1)),
      chunks: readdirSync(join(RENDERER, 'assets')).filter((name) => name.endsWith('.js')).length,
      openColdMs: Math.round(openColdMs),
      openWarmMs: Math.round(openWarmMs),
      typeDomP95Ms: Number(typing.dom.toFixed(1)),
      typeFrameP95Ms: Number(typing.frame.toFixed(1)),
      slashMenuMs: Number(slashMenuMs.toFixed(1)),
      pasteImageMs: Math.round(pasteImageMs),
    };
  } finally {
    await browser.close();
    await served.stop();
  }
}

/** From the address naming the page to its last block in the editor. */
async function openEditor(page: Page, hash: string, blocks: number): Promise<number> {
  return page.evaluate(
    ([target, count]) =>
      new Promise<number>((done) => {
        const start = performance.now();
        window.location.hash = target as string;
        const look = () => {
          const body = document.querySelector('.ProseMirror');
          if (body && body.childElementCount >= (count as number)) done(performance.now() - start);
          else requestAnimationFrame(look);
        };
        look();
      }),
    [hash, blocks],
  );
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;

/** Keydown to the editor's DOM change, and to the frame after it, for each key typed in the page's middle. */
async function typeAndTime(page: Page): Promise<{ dom: number; frame: number }> {
  await page.locator('.ProseMirror p').nth(500).click();
  await page.evaluate(() => {
    const body = document.querySelector('.ProseMirror')!;
    const times: { dom: number[]; frame: number[] } = { dom: [], frame: [] };
    (window as unknown as { typing: typeof times }).typing = times;
    let down = 0;
    new MutationObserver(() => {
      if (!down) return;
      const at = down;
      down = 0;
      times.dom.push(performance.now() - at);
      requestAnimationFrame(() => times.frame.push(performance.now() - at));
    }).observe(body, { childList: true, subtree: true, characterData: true });
    body.addEventListener('keydown', () => (down = performance.now()), true);
  });
  for (let i = 0; i < KEYSTROKES; i++) await page.keyboard.type('x', { delay: 0 }).then(() => page.waitForTimeout(30));
  const times = await page.evaluate(() => (window as unknown as { typing: { dom: number[]; frame: number[] } }).typing);
  return { dom: p95(times.dom), frame: p95(times.frame) };
}

/** "/" typed at the start of an empty line to the menu in the DOM. */
async function slashMenuTime(page: Page): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Enter');
    // The listeners are in place before the key is sent (an evaluation left running could start after it).
    await page.evaluate(() => {
      (window as unknown as { slashMenu: Promise<number> }).slashMenu = new Promise<number>((done) => {
        let start = 0;
        document.addEventListener('keydown', () => (start = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (start && document.querySelector('[role=listbox]')) {
            observer.disconnect();
            done(performance.now() - start);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.keyboard.type('/');
    runs.push(await page.evaluate(() => (window as unknown as { slashMenu: Promise<number> }).slashMenu));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
  }
  return runs.sort((a, b) => a - b)[2]!;
}

/** A pasted image's bytes to the image drawn (its `load`). */
async function pasteTime(page: Page, image: Buffer): Promise<number> {
  await page.keyboard.press('Enter');
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'photo.png', { type: 'image/png' }));
    const body = document.querySelector('.ProseMirror')!;
    const before = body.querySelectorAll('.image-block img').length;
    const start = performance.now();
    body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    return new Promise<number>((done) => {
      const look = () => {
        const images = body.querySelectorAll<HTMLImageElement>('.image-block img');
        const shown = images.length > before && images[images.length - 1]!.complete && images[images.length - 1]!.naturalWidth > 0;
        if (shown) done(performance.now() - start);
        else requestAnimationFrame(look);
      };
      look();
    });
  }, image.toString('base64'));
}

const TARGETS: Record<keyof EditorFigures, number | undefined> = {
  firstScreenJsGzKb: 200,
  chunks: undefined,
  openColdMs: 800,
  openWarmMs: 300,
  typeDomP95Ms: 16,
  typeFrameP95Ms: 33,
  slashMenuMs: 50,
  pasteImageMs: 300,
};

export function report(figures: EditorFigures | undefined): void {
  if (!figures) return;
  console.log('\nThe editor in Chromium (issue 15): a 1,000-block page, a 2 MB image');
  console.table(
    Object.entries(figures).map(([figure, value]) => {
      const target = TARGETS[figure as keyof EditorFigures];
      return { figure, value, target: target ?? '', met: target === undefined ? '' : value <= target ? 'yes' : 'NO' };
    }),
  );
}
