import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { ok } from '../../../support/content.js';
import { created, spaceWithChangeRequest, write } from '../content/fixture.js';
import { fileBlock } from './fixture.js';

const test = roleTestServer();

/** A change request holding a page that uses a file. */
async function fresh() {
  const target = await spaceWithChangeRequest(test.t);
  const answer = ok(await write(test.t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]));
  const fileId = 'insertedFiles' in answer ? answer.insertedFiles[0]!.id : '';
  const [pageId] = await created(test.t.owner, target, [{ operation: 'insert_page', title: 'Page', document: { markdown: `${fileBlock(fileId)}\n` } }]);
  return { ...target, pageId: pageId!, fileId };
}

/** A 404 once past the role check counts as allowed: main holds none of the change request's pages. */
const passed = (result: { status: number }) => ({ status: result.status === 404 ? 200 : result.status });

const read = atLeast('read');

const cases: AccessCase[] = [
  ['listSpaceLinks', read, async (user) => user.client.call('listSpaceLinks', { params: { spaceId: (await fresh()).spaceId } })],
  ['listPageLinksInSpace', read, async (user) => {
    const { spaceId, pageId } = await fresh();
    return passed(await user.client.call('listPageLinksInSpace', { params: { spaceId, pageId } }));
  }],
  ['listSpaceFileBacklinks', read, async (user) => {
    const { spaceId, fileId } = await fresh();
    return passed(await user.client.call('listSpaceFileBacklinks', { params: { spaceId, fileId } }));
  }],
  ['listPageLinksInChangeRequest', read, async (user) => {
    const { spaceId, changeRequestId, pageId } = await fresh();
    return user.client.call('listPageLinksInChangeRequest', { params: { spaceId, changeRequestId, pageId } });
  }],
  ['listChangeRequestFileBacklinks', read, async (user) => {
    const { spaceId, changeRequestId, fileId } = await fresh();
    return user.client.call('listChangeRequestFileBacklinks', { params: { spaceId, changeRequestId, fileId } });
  }],
];

describeAccess(test, cases);
