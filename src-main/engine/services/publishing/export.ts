import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { publishedStructure } from '../../domain/sites/published.js';
import type { PipelineDeps } from '../../core/pipeline/execute.js';
import { isShown } from './conditions.js';
import { SiteRenderer } from './site-renderer.js';
import { findPublishedSite } from './sql.js';

/**
 * Writes a published site as static files: each page as `…/index.html` with links relative to
 * it (they work opened from disk), the stylesheet, the search script and index, and the spaces'
 * files. The structure is what a visitor without claims sees, read in one snapshot. Undefined when
 * no site with that id is published.
 */
export function exportSite(
  engine: Pick<PipelineDeps, 'db' | 'docs' | 'urls' | 'clock'>,
  siteId: string,
  folder: string,
): { pages: number; files: number } | undefined {
  return engine.db.transaction(() => {
    engine.db.noticeExternalChanges();
    const site = findPublishedSite(engine.db, siteId);
    const reader = { db: engine.db, urls: engine.urls, now: engine.clock.now().toISOString() };
    const published = site && publishedStructure(reader, siteId, undefined, isShown);
    if (!site || !published) return undefined;
    const renderer = new SiteRenderer(engine.db, engine.docs, published, { style: 'file', noindex: site.visibility !== 'public' });
    let pages = 0;
    let files = 0;
    for (const { place, html } of renderer.pages()) if (write(folder, [...place, 'index.html'], html)) pages++;
    for (const { place, file } of renderer.files()) if (write(folder, place, file.body)) files++;
    return { pages, files };
  }, 'read');
}

/** Writes a file at its place in the folder; a slug such as `..` would leave it, and is not written. */
function write(folder: string, place: readonly string[], body: string | Uint8Array): boolean {
  if (place.some((segment) => segment === '.' || segment === '..' || /[\\/\0]/.test(segment))) return false;
  const path = join(folder, ...place);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
  return true;
}
