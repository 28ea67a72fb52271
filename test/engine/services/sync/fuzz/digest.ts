import type { ApiClient } from '../../../../../src-shared/client/client.js';
import { ok } from '../../../../support/content.js';

/**
 * What the API shows one user of an engine, as canonical JSON: organizations, collections,
 * spaces, change requests, the pages of main and of every change request with their Markdown,
 * and comments. Fields an engine makes up for itself (URLs with its port, projection times) are
 * left out; two engines that converged give the same digest.
 */
export interface Digest {
  organizations: unknown[];
  collections: unknown[];
  spaces: unknown[];
  changeRequests: unknown[];
  content: Record<string, unknown>;
  comments: Record<string, unknown>;
}

interface PageNode {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: PageNode[];
}

const LIST = { limit: 1000 } as const;

export async function digestOf(client: ApiClient, organizationId: string): Promise<Digest> {
  const organizations = ok(await client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: LIST })).items;
  const collections = ok(await client.call('listCollectionsInOrganizationById', { params: { organizationId }, query: LIST })).items;
  const spaces = ok(await client.call('listSpacesInOrganizationById', { params: { organizationId }, query: LIST })).items;
  const changeRequests = ok(await client.call('listChangeRequestsForOrganization', { params: { organizationId }, query: LIST })).items;
  const content: Record<string, unknown> = {};
  const comments: Record<string, unknown> = {};
  for (const space of spaces) {
    const spaceId = space.id;
    content[spaceId] = await pagesWithMarkdown(
      ok(await client.call('listPages', { params: { spaceId } })).pages as PageNode[],
      async (pageId) => ok(await client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } })),
    );
    const threads = ok(await client.call('listCommentsInSpace', { params: { spaceId }, query: { ...LIST, format: 'markdown' } })).items;
    comments[spaceId] = threads.map((c) => ({ id: c.id, body: c.body, status: c.status, replies: c.replies, by: c.postedBy.id }));
  }
  for (const cr of changeRequests) {
    const params = { spaceId: cr.space, changeRequestId: cr.id };
    content[`${cr.space}/${cr.id}`] = await pagesWithMarkdown(
      ok(await client.call('listPagesInChangeRequest', { params })).pages as PageNode[],
      async (pageId) => ok(await client.call('getPageInChangeRequestById', { params: { ...params, pageId }, query: { format: 'markdown' } })),
    );
  }
  return {
    organizations: organizations.map((o) => ({ id: o.id, title: o.title })).sort(byId),
    collections: collections.map((c) => ({ id: c.id, title: c.title, parent: c.parent ?? null })).sort(byId),
    spaces: spaces.map((s) => ({ id: s.id, title: s.title, parent: s.parent ?? null, revision: s.revision })).sort(byId),
    changeRequests: changeRequests
      .map((cr) => ({ id: cr.id, space: cr.space, number: cr.number, subject: cr.subject, status: cr.status, createdBy: cr.createdBy.id }))
      .sort(byId),
    content,
    comments,
  };
}

async function pagesWithMarkdown(pages: PageNode[], read: (pageId: string) => Promise<object>): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const page of pages) {
    const markdown = page.type === 'document' ? markdownOf(await read(page.id)) : undefined;
    out.push({ id: page.id, title: page.title, path: page.path, markdown, pages: await pagesWithMarkdown(page.pages ?? [], read) });
  }
  return out;
}

function markdownOf(page: object): string | undefined {
  return 'markdown' in page ? (page.markdown as string) : undefined;
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
