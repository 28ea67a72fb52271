import { randomBytes } from 'node:crypto';
import { newSpace } from '../../../support/content.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { writeMainPages } from '../../content/main-writer.js';

export interface MainPage {
  title: string;
  markdown?: string;
  /** The index, in the same list, of the page's parent. */
  parent?: number;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const pageId = () => [...randomBytes(20)].map((byte) => BASE62[byte % 62]).join('');

/**
 * Writes pages into a space's main content as a live editor's peer does (through the doc store;
 * merging change requests into main is another area's); the projections follow every writer.
 * Answers the pages' ids, in order.
 */
export function writeMain(t: TestServer, spaceId: string, pages: readonly MainPage[]): string[] {
  const ids = pages.map(() => pageId());
  writeMainPages(
    t.engine,
    spaceId,
    pages.map((page, i) => ({
      id: ids[i]!,
      title: page.title,
      ...(page.parent !== undefined ? { parent: ids[page.parent]! } : {}),
      ...(page.markdown !== undefined ? { markdown: page.markdown } : {}),
    })),
  );
  return ids;
}

/** Pages about other things, so that a word of a test is rare in the space (bm25 weighs rare words). */
export const FILLER: MainPage[] = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'].map((title) => ({
  title,
  markdown: `Notes on ${title.toLowerCase()} and unrelated matters.\n`,
}));

export async function spaceWith(t: TestServer, pages: readonly MainPage[], user: TestUser = t.owner) {
  const space = await newSpace(user, t.organizationId);
  return { spaceId: space.id, ids: writeMain(t, space.id, [...pages, ...FILLER]) };
}

export function searchSpace(user: TestUser, spaceId: string, query: string, extra: { limit?: number; page?: string } = {}) {
  return user.client.call('searchSpaceContent', { params: { spaceId }, query: { query, ...extra } });
}
