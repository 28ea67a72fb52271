import type { ApiClient } from '../../../../src-shared/client/client.js';
import { documentToMarkdown } from '../../../../src-shared/content/index.js';
import { ok } from '../../../support/content.js';
import { eventually, type Replica } from './nodes.js';

/** A change request's address, as its operations take it. */
export type ChangeRequestParams = { spaceId: string; changeRequestId: string };

/** A page of main, as Markdown. */
export async function mainMarkdown(client: ApiClient, spaceId: string, pageId: string) {
  const page = ok(await client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } }));
  return 'markdown' in page ? page.markdown : undefined;
}

/** A page of a change request, as Markdown. */
export async function crMarkdown(client: ApiClient, params: ChangeRequestParams, pageId: string) {
  const page = ok(await client.call('getPageInChangeRequestById', { params: { ...params, pageId }, query: { format: 'markdown' } }));
  return 'markdown' in page ? page.markdown : undefined;
}

/** Each page of the change request's review diff: how it changed, and its two bodies as Markdown. */
export async function reviewedPages(client: ApiClient, params: ChangeRequestParams) {
  const markdown = (side: { document?: unknown } | null) => {
    const written = side?.document ? documentToMarkdown(side.document) : undefined;
    return written?.ok ? written.value : undefined;
  };
  return ok(await client.call('getChangeRequestDiff', { params })).pages.map((page) => ({ change: page.change, before: markdown(page.before), after: markdown(page.after) }));
}

export const openChangeRequest = async (client: ApiClient, spaceId: string, subject: string): Promise<ChangeRequestParams> => ({
  spaceId,
  changeRequestId: ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id,
});

/** The page's body in the change request becomes `markdown`. */
export const rewrite = async (client: ApiClient, params: ChangeRequestParams, pageId: string, markdown: string) =>
  ok(await client.call('updateChangeRequestContent', { params, query: {}, body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] } }));

/** A page merged into main through `client`, with `markdown` as its body; its id. */
export async function mainPage(client: ApiClient, spaceId: string, markdown: string, title = 'Backups'): Promise<string> {
  const params = await openChangeRequest(client, spaceId, title);
  const inserted = ok(await client.call('updateChangeRequestContent', {
    params,
    query: { compat: 'false' },
    body: { changes: [{ operation: 'insert_page', title, document: { markdown } }] },
  }));
  ok(await client.call('mergeChangeRequest', { params }));
  return 'changes' in inserted ? (inserted.changes[0]!.page as { id: string }).id : '';
}

/**
 * `writer` (offline) connects until its change request's row reached `other` through the hub, but
 * not its docs: its connection is lost between the change log and the docs (`Replica.holdDocs`).
 * Then both are offline.
 */
export async function rowOnlyThenOffline(writer: Replica, other: Replica, params: ChangeRequestParams): Promise<void> {
  writer.holdDocs = true;
  writer.engine.sync.start();
  await eventually(async () => ok(await other.client.call('getChangeRequestById', { params })));
  writer.engine.sync.stop();
  writer.holdDocs = false;
  other.engine.sync.stop();
}
