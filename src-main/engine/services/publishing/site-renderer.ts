import type { z } from 'zod';
import type { PublishedContentSite } from '../../../../src-shared/contract/sites.js';
import { blobBytes } from '../../domain/content/sql.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { ASSETS, FILES, type LinkStyle, type SitePlace } from './addresses.js';
import { pageHtml } from './layout.js';
import { filePlace } from './page-links.js';
import { placeOfPage, type RenderContext } from './render-context.js';
import { searchIndex, searchIndexScript } from './search-index.js';
import { SEARCH_SCRIPT } from './search-script.js';
import { siteMap, spaceAt, type PublishedSpace, type SiteMap } from './site-map.js';
import { SpaceContent, type SitePage } from './space-pages.js';
import { STYLESHEET } from './stylesheet.js';

/** Something the site publishes at a place: a page's HTML, an asset, a file's bytes. */
export interface SiteFile {
  contentType: string;
  body: string | Uint8Array;
}

const ASSET_FILES: Record<string, { contentType: string; body: (renderer: SiteRenderer) => string }> = {
  'site.css': { contentType: 'text/css; charset=utf-8', body: () => STYLESHEET },
  'search.js': { contentType: 'text/javascript; charset=utf-8', body: () => SEARCH_SCRIPT },
  'search-index.js': { contentType: 'text/javascript; charset=utf-8', body: (renderer) => searchIndexScript(renderer.searchEntries()) },
};

/**
 * One visitor's view of a published site (the structure `publishedStructure` gave for their
 * claims), rendered on demand: served page by page, or every page for a static export.
 */
export class SiteRenderer {
  readonly map: SiteMap;
  private readonly contents = new Map<string, SpaceContent>();

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
    published: z.input<typeof PublishedContentSite>,
    private readonly options: { style: LinkStyle; noindex: boolean },
  ) {
    this.map = siteMap(published);
  }

  /** What the site holds at a place: a page, an asset or a published file; undefined for nothing. */
  at(place: SitePlace): SiteFile | undefined {
    if (place[0] === ASSETS && place.length === 2) return this.asset(place[1]!);
    if (place[0] === FILES && place.length === 4) return this.file(place);
    const found = spaceAt(this.map, place);
    const page = found && this.contentOf(found.space).pageAt(found.rest);
    return page && { contentType: 'text/html; charset=utf-8', body: this.render(found.space, page) };
  }

  /** Every page of every site space with its place, for a static export. */
  *pages(): Generator<{ place: SitePlace; html: string }> {
    for (const space of this.map.spaces) {
      for (const page of this.contentOf(space).pages) {
        if (page.type !== 'document') continue;
        yield { place: placeOfPage(space, page), html: this.render(space, page) };
      }
    }
  }

  /** Every published file with its place, for a static export. */
  *files(): Generator<{ place: SitePlace; file: SiteFile }> {
    for (const name of Object.keys(ASSET_FILES)) yield { place: [ASSETS, name], file: this.asset(name)! };
    for (const space of this.map.spaces) {
      for (const row of this.contentOf(space).files.values()) {
        const place = filePlace(space.spaceId, row.file_id, row.name);
        const file = this.file(place);
        if (file) yield { place, file };
      }
    }
  }

  searchEntries() {
    return searchIndex(this.db, this.map, (space) => this.contentOf(space));
  }

  contentOf(space: PublishedSpace): SpaceContent {
    let content = this.contents.get(space.spaceId);
    if (!content) {
      content = new SpaceContent(this.db, this.docs, space.spaceId);
      this.contents.set(space.spaceId, content);
    }
    return content;
  }

  private render(space: PublishedSpace, page: SitePage): string {
    const context: RenderContext = { map: this.map, ...this.options, contentOf: (other) => this.contentOf(other), from: placeOfPage(space, page) };
    return pageHtml(context, space, page);
  }

  private asset(name: string): SiteFile | undefined {
    const asset = ASSET_FILES[name];
    return asset && { contentType: asset.contentType, body: asset.body(this) };
  }

  /** A file of one of the site's spaces, by its published place (the name must be the one published). */
  private file(place: SitePlace): SiteFile | undefined {
    const [, spaceId, fileId] = place;
    const space = this.map.spaces.find((candidate) => candidate.spaceId === spaceId);
    const row = space && this.contentOf(space).files.get(fileId!);
    if (!row || filePlace(spaceId!, row.file_id, row.name).join('/') !== place.join('/')) return undefined;
    const bytes = blobBytes(this.db, row.blob);
    return bytes && { contentType: row.content_type, body: new Uint8Array(bytes) };
  }
}
