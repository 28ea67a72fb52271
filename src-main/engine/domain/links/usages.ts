import type { z } from 'zod';
import type { ContentReferenceUsage, LinkStatus } from '../../../../src-shared/contract/links.js';
import type { Database } from '../../core/db/database.js';
import type { LinkedContent } from './locations.js';
import { anchorsByPage, linkStatus, linkTarget, targetKey, type Existing, type LinkTarget } from './status.js';
import { headingsOf, type LinkRow } from './sql.js';

/** One target and every page that links to it. */
export interface Usage {
  key: string;
  target: LinkTarget;
  status: LinkStatus;
  pageIds: string[];
}

/** Groups links by what they point at, each with its status; sorted by target, the pages holding one by id. */
export function usagesOf(links: readonly LinkRow[], existing: Existing): Usage[] {
  const byKey = new Map<string, Usage>();
  for (const link of links) {
    const target = linkTarget(link);
    const key = targetKey(target);
    const usage = byKey.get(key) ?? { key, target, status: linkStatus(target, existing), pageIds: [] };
    usage.pageIds.push(link.page_id);
    byKey.set(key, usage);
  }
  const usages = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const usage of usages) usage.pageIds.sort();
  return usages;
}

/** What link statuses are decided against in a branch's content. */
export function existingIn(db: Database, content: LinkedContent, place: { spaceId: string; rows: string; origin: string }, links: readonly LinkRow[]): Existing {
  const anchorPages = links.flatMap((link) => {
    const target = linkTarget(link);
    return target.kind === 'anchor' ? [target.page] : [];
  });
  return {
    origin: place.origin,
    pages: new Set(content.pages.keys()),
    files: new Set(content.files.keys()),
    anchors: anchorsByPage(headingsOf(db, place.spaceId, place.rows, [...new Set(anchorPages)])),
  };
}

export function toUsage(content: LinkedContent, usage: Usage): z.input<typeof ContentReferenceUsage> {
  const target = usage.status === 'broken' ? undefined : content.targetOf(usage.target);
  return {
    status: usage.status,
    relation: 'reference',
    ...(target ? { targetReference: target } : {}),
    locationReferences: usage.pageIds.flatMap((pageId) => {
      const location = content.page(pageId);
      return location ? [location] : [];
    }),
  };
}
