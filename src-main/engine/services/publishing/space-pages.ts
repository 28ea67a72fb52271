import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { readBody } from '../../../../src-shared/content/yjs.js';
import { allFilesOfBranch, pagesOfBranch, type ContentFileRow } from '../../domain/content/sql.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { readingOrder } from '../pdf/page-tree.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import type { SitePlace } from './addresses.js';

/** A page of a site space's main content, in reading order, where it is published. */
export interface SitePage {
  id: string;
  type: 'document' | 'group' | 'link';
  title: string;
  description: string | null;
  emoji: string | null;
  hidden: boolean;
  /** A link page's target (`{kind: 'url', url}` or `{kind: 'page', page}`). */
  target: unknown;
  depth: number;
  parentId: string | null;
  /** Its slugs from the space's root. */
  path: string;
  /** Below the site space's place: the page's path, none for the first document page (the space's home). */
  place: SitePlace;
}

/** A space's published content: pages from its projection rows, bodies from its docs when rendered. */
export class SpaceContent {
  readonly pages: SitePage[];
  readonly files: Map<string, ContentFileRow>;
  private readonly byId: Map<string, SitePage>;

  constructor(
    db: Database,
    private readonly docs: DocStore,
    readonly spaceId: string,
  ) {
    const rows = pagesOfBranch(db, spaceId, 'main');
    const tree = rows.map((row) => ({ id: row.page_id, type: row.type, title: row.title, parent: row.parent_id, position: row.position, target: row.target }));
    const byRow = new Map(rows.map((row) => [row.page_id, row]));
    const ordered = readingOrder(tree);
    const home = ordered.find(({ page }) => page.type === 'document')?.page.id;
    this.pages = ordered.map(({ page, depth }) => {
      const row = byRow.get(page.id)!;
      return {
        id: row.page_id,
        type: row.type,
        title: row.title,
        description: row.description,
        emoji: row.emoji,
        hidden: row.hidden === 1,
        target: row.target === null ? undefined : (JSON.parse(row.target) as unknown),
        depth,
        parentId: row.parent_id,
        path: row.path,
        place: row.page_id === home ? [] : row.path.split('/'),
      };
    });
    this.byId = new Map(this.pages.map((page) => [page.id, page]));
    this.files = new Map(allFilesOfBranch(db, spaceId, 'main').map((file) => [file.file_id, file]));
  }

  page(pageId: string): SitePage | undefined {
    return this.byId.get(pageId);
  }

  /** The document page at a place below the space's; the home page also answers at its own path. */
  pageAt(place: readonly string[]): SitePage | undefined {
    const path = place.join('/');
    if (path === '') return this.pages.find((page) => page.place.length === 0);
    return this.pages.find((page) => page.type === 'document' && page.path === path);
  }

  body(page: SitePage): PmNodeJson {
    return readBody(this.docs.load(pageDoc(this.spaceId, MAIN, page.id)));
  }
}
