import type { Revision, RevisionPage, RevisionPageLayout } from '../../../../src-shared/contract/content.js';
import { toChangeRequest } from '../change-requests/serialize.js';
import { findChangeRequest } from '../change-requests/sql.js';
import type { z } from 'zod';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { ContentFileRow, ContentPageRow, RevisionRow } from './sql.js';

/** Where a branch's content lives in the API and in the app. */
export interface ContentPlace {
  spaceId: string;
  /** Undefined for the space's main content. */
  changeRequestId?: string;
}

const DEFAULT_LAYOUT: z.input<typeof RevisionPageLayout> = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
};

/** Where a place's pages are in the app: the space's, or its change request's. */
export const appBase = (place: ContentPlace) =>
  place.changeRequestId ? `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}` : `/spaces/${place.spaceId}`;

const apiBase = (place: ContentPlace) => `${appBase(place)}/content`;

export type PageJson = z.input<typeof RevisionPage>;

/**
 * One page, without its children. Optional fields are left out rather than sent empty. Each kind
 * is one object literal with its optional fields added after: spreading a base object whose
 * shape varies cost ~7 µs a page, most of a 10,000-page list's time.
 */
export function toPage(ctx: RequestContext, place: ContentPlace, row: ContentPageRow): PageJson {
  const id = row.page_id;
  const hidden = row.hidden === 1;
  let page: PageJson;
  if (row.type === 'link') {
    page = { id, title: row.title, hidden, kind: 'link', type: 'link', target: row.target ? JSON.parse(row.target) : { kind: 'url', url: '' } };
  } else if (row.type === 'group') {
    page = { id, title: row.title, hidden, kind: 'group', type: 'group', slug: row.slug, path: row.path, pages: [] };
  } else {
    page = {
      id, title: row.title, hidden, kind: 'sheet', type: 'document', slug: row.slug, path: row.path,
      layout: row.layout ? { ...DEFAULT_LAYOUT, ...JSON.parse(row.layout) } : DEFAULT_LAYOUT,
      tags: [],
      pages: [],
      urls: { app: ctx.urls.app(`${appBase(place)}/page/${id}`) },
    };
    if (row.description) page.description = row.description;
    if (row.computed) page.computed = JSON.parse(row.computed);
  }
  if (row.emoji) page.emoji = row.emoji;
  if (row.created_at) page.createdAt = row.created_at;
  if (row.updated_at) page.updatedAt = row.updated_at;
  return page;
}

/**
 * The pages nested under their parents, from rows in sibling order. `rootId`: the page whose
 * subtree the rows are; without it, the pages at the root of the content.
 */
export function nestPages(ctx: RequestContext, place: ContentPlace, rows: readonly ContentPageRow[], rootId?: string): PageJson[] {
  const pages = new Map(rows.map((row) => [row.page_id, toPage(ctx, place, row)]));
  const roots: PageJson[] = [];
  const top = rootId ?? null;
  for (const row of rows) {
    if (row.page_id === rootId) continue;
    const page = pages.get(row.page_id)!;
    if (row.parent_id === top) roots.push(page);
    else {
      const parent = pages.get(row.parent_id!);
      if (parent && 'pages' in parent) (parent.pages as PageJson[]).push(page);
    }
  }
  return roots;
}

export function toFile(ctx: RequestContext, place: ContentPlace, row: ContentFileRow) {
  return {
    id: row.file_id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    downloadURL: ctx.urls.api(`${apiBase(place)}/files/${row.file_id}/download`),
  };
}

export function toRevision(ctx: RequestContext, place: ContentPlace, revision: RevisionRow, pages: PageJson[], files: ContentFileRow[]): z.input<typeof Revision> {
  const fields = {
    object: 'revision' as const,
    id: revision.id,
    parents: JSON.parse(revision.parents) as string[],
    createdAt: revision.created_at,
    pages,
    files: files.map((file) => toFile(ctx, place, file)),
    reusableContents: [],
    tags: [],
    variables: {},
    urls: { app: ctx.urls.app(appBase(place)) },
  };
  if (revision.type !== 'merge') return { ...fields, type: revision.type };
  // Change requests are never deleted (only archived) and replicate with their merge revision, so the one it came from is there.
  const mergedFrom = findChangeRequest(ctx.db, place.spaceId, revision.change_request_id ?? '');
  return { ...fields, type: 'merge', mergedFrom: mergedFrom && toChangeRequest(ctx, mergedFrom) } as z.input<typeof Revision>;
}
