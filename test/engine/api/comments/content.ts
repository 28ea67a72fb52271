import type { ChangeRequestContentChange } from '../../../../src-shared/contract/content.js';
import { pmToDocument, type PmNodeJson } from '../../../../src-shared/content/index.js';
import { ok } from '../../../support/content.js';
import type { TestUser } from '../../../support/server.js';
import { paragraphs } from '../../domain/content/merge/bodies.js';

/** A page body: block id → text, one paragraph each, or the ProseMirror JSON of any body. */
export type Body = Record<string, string> | PmNodeJson;

const bodyOf = (body: Body): PmNodeJson => (body.type === 'doc' ? (body as PmNodeJson) : paragraphs(body as Record<string, string>));

export function documentOf(body: Body) {
  const document = pmToDocument(bodyOf(body));
  if (!document.ok) throw new Error(JSON.stringify(document.error));
  return { document: document.value };
}

export async function openChangeRequest(user: TestUser, spaceId: string) {
  const cr = ok(await user.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Edits' } }));
  return { spaceId, changeRequestId: cr.id };
}

/** Writes a change request's content (the detailed answer); answers the ids of the pages it created, in order. */
export async function writeContent(user: TestUser, params: { spaceId: string; changeRequestId: string }, changes: unknown[]): Promise<string[]> {
  const answer = ok(await user.client.call('updateChangeRequestContent', {
    params,
    query: { compat: 'false' },
    body: { changes: changes as ChangeRequestContentChange[] },
  }));
  if (!('changes' in answer)) throw new Error('expected the detailed answer');
  return answer.changes.flatMap((change) => (change.object === 'created_page' ? [change.page.id] : []));
}

export const insertPage = (title: string, body: Body) => ({ operation: 'insert_page', title, document: documentOf(body) });
export const updatePage = (page: string, body: Body) => ({ operation: 'update_page', page, document: documentOf(body) });

export async function merge(user: TestUser, params: { spaceId: string; changeRequestId: string }) {
  return ok(await user.client.call('mergeChangeRequest', { params }));
}

/** Changes main as Folio does, through a change request merged at once; answers the pages created. */
export async function changeMain(user: TestUser, spaceId: string, changes: unknown[]): Promise<string[]> {
  const params = await openChangeRequest(user, spaceId);
  const created = await writeContent(user, params, changes);
  expectMerged(await merge(user, params));
  return created;
}

function expectMerged(answer: { result: string }): void {
  if (answer.result !== 'merge') throw new Error(`expected a clean merge, got ${answer.result}`);
}

/** Main holds one new page of that body; answers its id. */
export async function pageOnMain(user: TestUser, spaceId: string, body: Body, title = 'Page'): Promise<string> {
  const [pageId] = await changeMain(user, spaceId, [insertPage(title, body)]);
  return pageId!;
}
