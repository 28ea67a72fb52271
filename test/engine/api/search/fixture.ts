import type { ChangeRequestContentChange } from '../../../../src-shared/contract/content.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer, TestUser } from '../../../support/server.js';

export interface MainPage {
  title: string;
  markdown?: string;
  /** The index, in the same list, of the page's parent (which comes before it). */
  parent?: number;
}

/** A change request of the space, the owner's, and what writes its content through HTTP. */
async function changeRequest(t: TestServer, spaceId: string) {
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Publish' } }));
  const params = { spaceId, changeRequestId: cr.id };
  return {
    async write(changes: ChangeRequestContentChange[]) {
      const answer = ok(await t.owner.client.call('updateChangeRequestContent', { params, query: { compat: 'false' }, body: { changes } }));
      if (!('changes' in answer)) throw new Error('expected the detailed answer');
      return answer;
    },
    merge: async () => ok(await t.owner.client.call('mergeChangeRequest', { params })),
  };
}

/**
 * Publishes changes to a space's main content as writers do: a change request, the changes
 * through updateChangeRequestContent, then the merge. Answers what the batch answered.
 */
export async function publish(t: TestServer, spaceId: string, changes: ChangeRequestContentChange[]) {
  const cr = await changeRequest(t, spaceId);
  const answer = await cr.write(changes);
  await cr.merge();
  return answer;
}

/**
 * Publishes pages in one change request: one batch per generation (the pages whose parent is
 * already written), so that a child goes `into` its parent's id. Answers the ids, in order.
 */
export async function writeMain(t: TestServer, spaceId: string, pages: readonly MainPage[]): Promise<string[]> {
  const cr = await changeRequest(t, spaceId);
  const ids: (string | undefined)[] = pages.map(() => undefined);
  while (ids.includes(undefined)) {
    const ready = pages.flatMap((page, i) => (ids[i] === undefined && (page.parent === undefined || ids[page.parent]) ? [i] : []));
    const answer = await cr.write(ready.map((i) => insertion(pages[i]!, `p${i}`, parentId(ids, pages[i]!))));
    for (const change of answer.changes) if (change.object === 'created_page') ids[Number(change.ref!.slice(1))] = change.page.id;
  }
  await cr.merge();
  return ids as string[];
}

const parentId = (ids: (string | undefined)[], of: MainPage) => (of.parent === undefined ? undefined : ids[of.parent]);

function insertion(of: MainPage, ref: string, into: string | undefined): ChangeRequestContentChange {
  const document: { markdown: string } | Record<string, never> = of.markdown === undefined ? {} : { markdown: of.markdown };
  return { operation: 'insert_page', title: of.title, ref, document, ...(into ? { into } : {}) };
}

/** Pages about other things, so that a word of a test is rare in the space (bm25 weighs rare words). */
export const FILLER: MainPage[] = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'].map((title) => ({
  title,
  markdown: `Notes on ${title.toLowerCase()} and unrelated matters.\n`,
}));

export async function spaceWith(t: TestServer, pages: readonly MainPage[], user: TestUser = t.owner) {
  const space = await newSpace(user, t.organizationId);
  return { spaceId: space.id, ids: await writeMain(t, space.id, [...pages, ...FILLER]) };
}

export function searchSpace(user: TestUser, spaceId: string, query: string, extra: { limit?: number; page?: string } = {}) {
  return user.client.call('searchSpaceContent', { params: { spaceId }, query: { query, ...extra } });
}
