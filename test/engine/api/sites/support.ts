import type { ApiClient } from '../../../../src-shared/client/client.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer, TestUser } from '../../../support/server.js';

/** A site of the server's organization holding new spaces titled `titles`, created by `user` (the owner). */
export async function newSite(t: TestServer, titles: string[] = [], user: TestUser = t.owner) {
  const spaces = await Promise.all(titles.map((title) => newSpace(t.owner, t.organizationId, { title })));
  const site = ok(await user.client.call('createSite', {
    params: { organizationId: t.organizationId },
    body: { title: 'Docs', spaces: spaces.map((space) => space.id) },
  }));
  return { site, spaces, params: { organizationId: t.organizationId, siteId: site.id } };
}

/** The calls of one site, as its owner. */
export function siteCalls(t: TestServer) {
  const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);
  return call;
}
