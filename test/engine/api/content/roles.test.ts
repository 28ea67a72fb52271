import { describe, expect, it } from 'vitest';
import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { ok } from '../../../support/content.js';
import type { TestUser } from '../../../support/server.js';
import { writeMainFile } from '../../domain/content/main-writer.js';
import { created, spaceWithChangeRequest, write, type Target } from './fixture.js';

const test = roleTestServer();

/** A fresh space with a change request holding one page and one file, all the owner's. */
async function fresh(): Promise<Target & { pageId: string; fileId: string }> {
  const target = await spaceWithChangeRequest(test.t);
  const [pageId] = await created(test.t.owner, target, [{ operation: 'insert_page', title: 'Page', document: {} }]);
  const answer = ok(await write(test.t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]));
  const fileId = 'insertedFiles' in answer ? answer.insertedFiles[0]!.id : '';
  return { ...target, pageId: pageId!, fileId };
}

const download = async (user: TestUser, path: string) => ({
  status: (await fetch(`${test.t.url}/v1${path}`, { headers: { authorization: `Bearer ${user.token}` } })).status,
});

const read = atLeast('read');

const cases: AccessCase[] = [
  ['getCurrentRevision', read, async (user) => user.client.call('getCurrentRevision', { params: { spaceId: (await fresh()).spaceId } })],
  ['listPages', read, async (user) => user.client.call('listPages', { params: { spaceId: (await fresh()).spaceId } })],
  ['listFiles', read, async (user) => user.client.call('listFiles', { params: { spaceId: (await fresh()).spaceId } })],
  ['getPageById (404 for an unknown page once allowed)', read, async (user) => {
    const result = await user.client.call('getPageById', { params: { spaceId: (await fresh()).spaceId, pageId: 'unknown' } });
    return { status: result.status === 404 ? 200 : result.status };
  }],
  ['getPageByPath (404 for an unknown path once allowed)', read, async (user) => {
    const result = await user.client.call('getPageByPath', { params: { spaceId: (await fresh()).spaceId, pagePath: 'none' } });
    return { status: result.status === 404 ? 200 : result.status };
  }],
  ['getFileById (404 for an unknown file once allowed)', read, async (user) => {
    const result = await user.client.call('getFileById', { params: { spaceId: (await fresh()).spaceId, fileId: 'unknown' } });
    return { status: result.status === 404 ? 200 : result.status };
  }],
  ['downloadFile', read, async (user) => {
    const { spaceId } = await fresh();
    writeMainFile(test.t.engine, spaceId, { id: 'mainFile', name: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('hi') });
    return download(user, `/spaces/${spaceId}/content/files/mainFile/download`);
  }],
  ['getRevisionOfChangeRequestById', read, async (user) => user.client.call('getRevisionOfChangeRequestById', { params: await fresh() })],
  ['listPagesInChangeRequest', read, async (user) => user.client.call('listPagesInChangeRequest', { params: await fresh() })],
  ['listFilesInChangeRequestById', read, async (user) => user.client.call('listFilesInChangeRequestById', { params: await fresh() })],
  ['getFileInChangeRequestById', read, async (user) => user.client.call('getFileInChangeRequestById', { params: await fresh() })],
  ['downloadFileInChangeRequest', read, async (user) => {
    const { spaceId, changeRequestId, fileId } = await fresh();
    return download(user, `/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/download`);
  }],
  ['getPageInChangeRequestById', read, async (user) => user.client.call('getPageInChangeRequestById', { params: await fresh() })],
  ['getPageInChangeRequestByPath', read, async (user) =>
    user.client.call('getPageInChangeRequestByPath', { params: { ...(await fresh()), pagePath: 'page' } })],
  ['updateChangeRequestContent', atLeast('edit'), async (user) =>
    write(user, await fresh(), [{ operation: 'insert_page', title: 'Mine', document: { markdown: 'Text.\n' } }])],
];

describeAccess(test, cases);


describe('guests', () => {
  it('read a change request through a grant, and write with an edit grant', async () => {
    const target = await fresh();
    const guest = test.users.guest;
    expect((await guest.client.call('listPagesInChangeRequest', { params: target })).status).toBe(403);
    ok(await test.t.owner.client.call('inviteToSpace', { params: { spaceId: target.spaceId }, body: { users: [guest.id], role: 'read' } }));
    expect((await guest.client.call('listPagesInChangeRequest', { params: target })).status).toBe(200);
    expect((await write(guest, target, [{ operation: 'delete_page', page: target.pageId }])).status).toBe(403);
    ok(await test.t.owner.client.call('inviteToSpace', { params: { spaceId: target.spaceId }, body: { users: [guest.id], role: 'edit' } }));
    ok(await write(guest, target, [{ operation: 'delete_page', page: target.pageId }]));
  });
});
