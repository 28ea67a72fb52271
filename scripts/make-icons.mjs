#!/usr/bin/env node
// Draws resources/icon.svg into the PNGs electron-builder and the window use, with Debian's
// Chromium through playwright-core (already a dev dependency; no image library to add):
// resources/icon.png (1024 px: macOS makes its .icns and Windows its .ico from it) and
// resources/icons/NxN.png (Linux's sizes). Run it again after changing the SVG, and commit the PNGs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './run.mjs';

const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
/** Linux's sizes, and 1024 for icon.png. */
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const resources = join(ROOT, 'resources');

if (!existsSync(CHROMIUM)) {
  console.error(`make-icons: no Chromium at ${CHROMIUM} (apt-get install chromium, or set FOLIO_CHROMIUM)`);
  process.exit(1);
}
const svg = readFileSync(join(resources, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  mkdirSync(join(resources, 'icons'), { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg style="display:block;width:${size}px;height:${size}px" `)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(size === 1024 ? join(resources, 'icon.png') : join(resources, 'icons', `${size}x${size}.png`), png);
  }
} finally {
  await browser.close();
}
console.log(`make-icons: resources/icon.png and resources/icons/NxN.png (${SIZES.slice(0, -1).join(', ')}) written`);
