import { SignJWT } from 'jose';
import type { SiteVisibility } from '../../../../src-shared/contract/sites.js';
import type { ChangeRequestContentChange } from '../../../../src-shared/contract/content.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer, TestUser } from '../../../support/server.js';

/**
 * Published sites built as a writer would: pages written in a change request and merged into
 * main, then a site over the spaces, published.
 */

/**
 * A space whose main content is what the merged change request wrote, one batch after the other
 * (each given the ids of the pages created so far, of the files by name, and their download
 * addresses); answers the created pages' ids in order.
 */
export async function spaceWithPages(t: TestServer, title: string, batches: ((ids: string[], files: Record<string, string>, downloadURL: (fileId: string) => string) => ChangeRequestContentChange[])[], user: TestUser = t.owner) {
  const space = await newSpace(user, t.organizationId, { title });
  const target = { spaceId: space.id, changeRequestId: ok(await user.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Pages' } })).id };
  const ids: string[] = [];
  const files: Record<string, string> = {};
  for (const batch of batches) {
    const answer = ok(await user.client.call('updateChangeRequestContent', { params: target, query: { compat: 'false' }, body: { changes: batch(ids, files, (fileId) => `${t.url}/v1/spaces/${space.id}/change-requests/${target.changeRequestId}/content/files/${fileId}/download`) } }));
    if (!('changes' in answer)) throw new Error('expected the detailed answer');
    for (const change of answer.changes) if (change.object === 'created_page') ids.push(change.page.id);
    for (const file of ok(await user.client.call('listFilesInChangeRequestById', { params: target, query: {} })).items) files[file.name] = file.id;
  }
  ok(await user.client.call('mergeChangeRequest', { params: target }));
  return { spaceId: space.id, pageIds: ids };
}

export const markdownPage = (title: string, markdown: string, extra: Partial<ChangeRequestContentChange> = {}): ChangeRequestContentChange =>
  ({ operation: 'insert_page', title, document: { markdown }, ...extra }) as ChangeRequestContentChange;

/** A published site over `spaceIds`, answering the site as the API gives it. */
export async function publishedSite(t: TestServer, spaceIds: string[], visibility: SiteVisibility = 'public', title = 'Handbook') {
  const params = { organizationId: t.organizationId };
  const site = ok(await t.owner.client.call('createSite', { params, body: { title, visibility, spaces: spaceIds } }));
  return ok(await t.owner.client.call('publishSite', { params: { ...params, siteId: site.id } }));
}

/** A visitor's GET: no token, redirects left to the caller. */
export function visit(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}

/** The text of a page's HTML without tags, spaces collapsed. */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The site's visitor-token key, as its administrator is given it. */
export async function visitorKey(t: TestServer, siteId: string): Promise<string> {
  const auth = await t.owner.client.call('getSitePublishingAuthById', { params: { organizationId: t.organizationId, siteId } });
  if (!auth.ok) throw new Error(auth.error.message);
  return auth.data.privateKey;
}

/** A visitor JWT as a site's sign-in would make it: HS256 with the site's key, expiring in an hour unless said. */
export function visitorToken(key: string, claims: Record<string, unknown> = {}, expiresAt = Math.floor(Date.now() / 1000) + 3600): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresAt).sign(new TextEncoder().encode(key));
}
