import type { ApiResult } from '../../../../src-shared/client/client.js';
import type { ChangeRequestContentChange } from '../../../../src-shared/contract/content.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer, TestUser } from '../../../support/server.js';

type ChangeInput = ChangeRequestContentChange | Record<string, unknown>;

/** A fresh space of the server's first organization with one open change request, both the owner's. */
export async function spaceWithChangeRequest(t: TestServer, user: TestUser = t.owner) {
  const space = await newSpace(user, t.organizationId);
  const cr = ok(await user.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Edits' } }));
  return { spaceId: space.id, changeRequestId: cr.id };
}

export type Target = Awaited<ReturnType<typeof spaceWithChangeRequest>>;

/** Sends a batch of changes (compat=false: the answer lists the pages touched). */
export function write(user: Pick<TestUser, 'client'>, target: Target, changes: ChangeInput[]): Promise<ApiResult<'updateChangeRequestContent'>> {
  return user.client.call('updateChangeRequestContent', {
    params: target,
    query: { compat: 'false' },
    body: { changes: changes as ChangeRequestContentChange[] },
  });
}

/** The ids of the pages a successful batch created, in order. */
export async function created(user: Pick<TestUser, 'client'>, target: Target, changes: ChangeInput[]): Promise<string[]> {
  const answer = ok(await write(user, target, changes));
  if (!('changes' in answer)) throw new Error('expected the detailed answer');
  return answer.changes.flatMap((change) => (change.object === 'created_page' ? [change.page.id] : []));
}

export async function crPage(user: TestUser, target: Target, pageId: string, format?: 'document' | 'markdown') {
  return user.client.call('getPageInChangeRequestById', { params: { ...target, pageId }, query: format ? { format } : {} });
}

export async function crPages(user: TestUser, target: Target) {
  return ok(await user.client.call('listPagesInChangeRequest', { params: target })).pages;
}

export async function mainPages(user: TestUser, spaceId: string) {
  return ok(await user.client.call('listPages', { params: { spaceId } })).pages;
}

/** Titles of a nested page list, children in brackets after their parent. */
export function outline(pages: readonly { title: string; pages?: unknown }[]): string {
  return pages
    .map((page) => {
      const children = Array.isArray(page.pages) && page.pages.length > 0 ? `[${outline(page.pages as typeof pages)}]` : '';
      return `${page.title}${children}`;
    })
    .join(' ');
}
