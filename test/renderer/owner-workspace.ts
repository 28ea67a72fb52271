import type { Workspace } from '../../src-renderer/frame/workspace-context.js';
import { ok } from '../support/content.js';
import type { TestServer } from '../support/server.js';

/** What the screens get from a signed-in browser tab: the test server's owner. */
export async function ownerWorkspace(server: TestServer): Promise<Workspace> {
  const me = ok(await server.owner.client.call('getAuthenticatedUser', { params: undefined }));
  return { client: server.owner.client, user: me, access: { kind: 'browser', origin: server.url, token: server.owner.token } };
}
