import { ApiClient } from '../../../src-shared/client/client.js';
import { httpTransport } from '../../../src-shared/client/http-transport.js';
import type { ApiContract, OperationId } from '../../../src-shared/contract/index.js';
import type { OperationRequest } from '../../../src-shared/contract/operation.js';
import { AdminError, addMember, addUser, issueToken } from '../../../src-main/engine/app/admin/commands.js';
import { Engine } from '../../../src-main/engine/app/engine.js';
import { sharedWorkers } from '../workers.js';
import { harvest, type IdPools } from './id-pools.js';

const RICH_MARKDOWN = [
  '---',
  'description: A page of every kind of block',
  '---',
  '# Guide',
  '',
  'Some *text* with **bold**, `code`, ~~struck~~ and [a link](https://example.com).',
  '',
  '- one',
  '  - nested',
  '- [x] done',
  '',
  '1. first',
  '',
  '> quoted',
  '',
  '{% hint style="warning" %}',
  'Careful.',
  '{% endhint %}',
  '',
  '| a | b |',
  '|---|:-:|',
  '| 1 | 2 |',
  '',
  '```ts',
  'const x = 1;',
  '```',
  '',
  '___',
  '',
].join('\n');

/**
 * The rows a fuzzed request should be able to reach, built through the API as a user would:
 * spaces and a collection, change requests with pages of every block and a file, comments and
 * replies on both, a team, an invite, a SAML provider, a site with sections and a group, an
 * OpenAPI spec, an integration and its installation, conversations, a translation. And a second
 * user, a member of low role, made as `npm run cli` makes users (the API has no way to), by its
 * admin commands on the served data dir (test/cli covers the CLI's own process). Their ids go into `pools`.
 */
export async function buildFixtures(url: string, dataDir: string, ownerToken: string, pools: IdPools): Promise<{ memberToken: string }> {
  const client = new ApiClient(httpTransport(url, ownerToken, fetch));
  const call = async <K extends OperationId>(id: K, request: OperationRequest<ApiContract[K]>) => {
    const result = await client.call(id, request);
    if (!result.ok) throw new Error(`fixture ${id} failed: ${result.status} ${result.error.message}`);
    harvest(pools, (request.params ?? {}) as Record<string, string>, result.data);
    return result.data;
  };

  const me = (await call('getAuthenticatedUser', { params: undefined }));
  pools.add('userId', me.id);
  const organizationId = (await call('listOrganizationsForAuthenticatedUser', { params: undefined })).items[0]!.id;
  const org = { organizationId };
  await call('createOrganization', { params: undefined, body: { title: 'Second organization' } });

  const { userId, memberToken } = addMemberBeside(dataDir, organizationId, 'member@example.com');
  pools.add('userId', userId);

  const collection = (await call('createCollection', { params: org, body: { title: 'Guides' } }));
  const spaces: string[] = [];
  for (const title of ['Handbook', 'Reference']) {
    spaces.push((await call('createSpace', { params: org, body: { title, parent: collection.id } })).id);
  }
  for (const spaceId of spaces) {
    const changeRequest = (await call('createChangeRequest', { params: { spaceId }, body: { subject: 'Edits' } }));
    const target = { spaceId, changeRequestId: changeRequest.id };
    await call('updateChangeRequestContent', {
      params: target,
      query: { compat: 'false' },
      body: {
        changes: [
          { operation: 'insert_page', title: 'Guide', document: { markdown: RICH_MARKDOWN } },
          { operation: 'insert_page', title: 'Empty', document: {} },
          { operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('notes').toString('base64') }] },
        ],
      },
    });
    const pages = (await call('listPagesInChangeRequest', { params: target })).pages;
    const comment = (await call('postCommentInChangeRequest', { params: target, body: { body: { markdown: 'On the change' } } }));
    await call('postCommentReplyInChangeRequest', { params: { ...target, commentId: comment.id }, body: { body: { markdown: 'A reply' } } });
    await call('mergeChangeRequest', { params: target });
    pools.addContext({ ...target, pageId: pages[0]!.id, commentId: comment.id });
    // An open one stays, with its own page.
    const open = (await call('createChangeRequest', { params: { spaceId }, body: { subject: 'Open' } }));
    await call('updateChangeRequestContent', {
      params: { spaceId, changeRequestId: open.id },
      body: { changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: '# Draft\n\nWork in progress.\n' } }] },
    });
    const spaceComment = (await call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'On the space' } } }));
    const reply = (await call('postCommentReplyInSpace', { params: { spaceId, commentId: spaceComment.id }, body: { body: { markdown: 'Agreed' } } }));
    pools.addContext({ spaceId, commentId: spaceComment.id, commentReplyId: reply.id });
    await call('listPages', { params: { spaceId } });
    await call('listFiles', { params: { spaceId } });
  }

  const team = (await call('createOrganizationTeam', { params: org, body: { title: 'Writers' } }));
  pools.addContext({ organizationId, teamId: team.id });
  await call('createOrganizationInvite', { params: org, body: { role: 'read' } });
  await call('createOrganizationSAMLProvider', { params: org, body: { label: 'Company SSO' } });
  await call('listMembersInOrganizationById', { params: org });

  const site = (await call('createSite', { params: org, body: { title: 'Docs', spaces } }));
  const sitePath = { organizationId, siteId: site.id };
  const section = (await call('addSectionToSite', { params: sitePath, body: { spaceId: spaces[1]! } }));
  await call('addSectionGroupToSite', { params: sitePath, body: { title: 'Reference', sections: [section.id] } });
  await call('listSiteSpaces', { params: sitePath });
  await call('publishSite', { params: sitePath });

  const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { responses: { 200: { description: 'ok' } } } } } });
  await call('createOpenAPISpec', { params: org, body: { slug: 'pets', source: { text: spec } } });
  await call('publishIntegration', {
    params: { integrationName: 'fuzz-probe' },
    body: { title: 'Probe', description: 'Logs events', scopes: ['space:content:read'], script: 'addEventListener("space_content_updated", () => {});', organization: organizationId },
  });
  await call('installIntegration', { params: { integrationName: 'fuzz-probe' }, body: { organization: organizationId } });
  await call('ingestConversation', {
    params: org,
    body: [{ id: 'c1', subject: 'Login fails', parts: [{ type: 'message', role: 'user', body: 'I cannot log in with SSO' }] }],
  });
  await call('createTranslation', { params: org, body: { language: 'fr', source: { space: spaces[0]!, language: 'en' } } });
  return { memberToken };
}

/** `user add`, `member add` and `token create` as the CLI runs them, from this process on the served data dir. */
function addMemberBeside(dataDir: string, organizationId: string, email: string): { userId: string; memberToken: string } {
  const engine = new Engine({ dataDir, workers: sharedWorkers() });
  try {
    const answers = [addUser(engine, email, 'Member'), addMember(engine, organizationId, email, 'comment'), issueToken(engine, email)];
    const failed = answers.find((answer) => answer instanceof AdminError);
    if (failed) throw new Error(`fixture member failed: ${failed.message}`);
    const last = (answer: string | AdminError) => String(answer).trim().split(/\s+/).at(-1)!;
    return { userId: last(answers[0]!), memberToken: last(answers[2]!) };
  } finally {
    engine.close();
  }
}
