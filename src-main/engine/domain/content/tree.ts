import * as Y from 'yjs';

/** The page tree of a branch, as its tree doc holds it (docs/content-design.md). */
export type PageType = 'document' | 'group' | 'link';

export interface TreePage {
  id: string;
  type: PageType;
  title: string;
  slug: string;
  parent: string | null;
  position: string;
  emoji?: string;
  description?: string;
  hidden?: boolean;
  target?: unknown;
  layout?: unknown;
  /** A computed page's source (docs/openapi-specs.md, "Reference pages"), plain JSON. */
  computed?: unknown;
  createdAt?: string;
}

export interface TreeFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** SHA-256 of the bytes, stored in `file_blobs`. */
  blob: string;
  createdAt?: string;
}

export const PAGES = 'pages';
export const FILES = 'files';

type Fields = Y.Map<unknown>;

export const pagesMap = (doc: Y.Doc) => doc.getMap<Fields>(PAGES);
export const filesMap = (doc: Y.Doc) => doc.getMap<Fields>(FILES);

const PAGE_TYPES = new Set<string>(['document', 'group', 'link']);

/** The pages of a tree doc. Entries a peer wrote without the fields a page needs are left out. */
export function readPages(doc: Y.Doc): Map<string, TreePage> {
  const pages = new Map<string, TreePage>();
  for (const [id, fields] of pagesMap(doc)) {
    const page = readPage(id, fields);
    if (page) pages.set(id, page);
  }
  return pages;
}

export function readPage(id: string, fields: Fields): TreePage | undefined {
  const type = fields.get('type');
  const title = fields.get('title');
  if (typeof type !== 'string' || !PAGE_TYPES.has(type) || typeof title !== 'string') return undefined;
  const parent = fields.get('parent');
  return withoutUndefined({
    id,
    type: type as PageType,
    title,
    slug: text(fields.get('slug')) ?? '',
    parent: typeof parent === 'string' ? parent : null,
    position: text(fields.get('position')) ?? '',
    emoji: text(fields.get('emoji')),
    description: text(fields.get('description')),
    hidden: fields.get('hidden') === true ? true : undefined,
    target: fields.get('target'),
    layout: fields.get('layout'),
    computed: fields.get('computed'),
    createdAt: text(fields.get('createdAt')),
  });
}

export function readFiles(doc: Y.Doc): Map<string, TreeFile> {
  const files = new Map<string, TreeFile>();
  for (const [id, fields] of filesMap(doc)) {
    const name = fields.get('name');
    const blob = fields.get('blob');
    if (typeof name !== 'string' || typeof blob !== 'string') continue;
    files.set(id, withoutUndefined({
      id,
      name,
      blob,
      contentType: text(fields.get('contentType')) ?? 'application/octet-stream',
      size: typeof fields.get('size') === 'number' ? (fields.get('size') as number) : 0,
      createdAt: text(fields.get('createdAt')),
    }));
  }
  return files;
}

/** Writes the given fields of a page (a new page gets a new map); undefined removes a field. */
export function setPageFields(doc: Y.Doc, id: string, fields: Partial<Omit<TreePage, 'id'>>): void {
  // One Yjs transaction for the page, not one per field: the doc's observers hear the page once.
  doc.transact(() => {
    const pages = pagesMap(doc);
    let map = pages.get(id);
    if (!map) pages.set(id, (map = new Y.Map()));
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) map.delete(key);
      else if (map.get(key) !== value) map.set(key, value);
    }
  });
}

/** Removes a page and every page under it; answers the ids removed. */
export function removeSubtree(doc: Y.Doc, id: string): string[] {
  const removed = subtreeIds(readPages(doc), id);
  const pages = pagesMap(doc);
  for (const pageId of removed) pages.delete(pageId);
  return removed;
}

/** A page and its descendants, the page first. */
export function subtreeIds(pages: ReadonlyMap<string, TreePage>, id: string): string[] {
  const children = childrenIndex(pages);
  const out: string[] = [];
  const visit = (pageId: string) => {
    out.push(pageId);
    for (const child of children.get(pageId) ?? []) visit(child.id);
  };
  if (pages.has(id)) visit(id);
  return out;
}

export function setFile(doc: Y.Doc, file: TreeFile): void {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(file)) if (key !== 'id' && value !== undefined) map.set(key, value);
  filesMap(doc).set(file.id, map);
}

/** Children per parent (null: the root), each list in sibling order: (position, id). */
export function childrenIndex(pages: ReadonlyMap<string, TreePage>): Map<string | null, TreePage[]> {
  const index = new Map<string | null, TreePage[]>();
  for (const page of pages.values()) {
    const list = index.get(page.parent);
    if (list) list.push(page);
    else index.set(page.parent, [page]);
  }
  for (const list of index.values()) list.sort(bySiblingOrder);
  return index;
}

export function bySiblingOrder(a: { position: string; id: string }, b: { position: string; id: string }): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function withoutUndefined<T extends object>(value: T): T {
  const defined: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) defined[key] = value[key];
  return defined as T;
}
