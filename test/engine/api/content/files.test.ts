import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { spaceWithChangeRequest, write, type Target } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function upload(target: Target, files: Record<string, unknown>[]) {
  const answer = ok(await write(t.owner, target, [{ operation: 'insert_files', files }]));
  if (!('insertedFiles' in answer)) throw new Error('expected the detailed answer');
  return answer.insertedFiles;
}

function fetchAs(token: string | undefined, url: string) {
  return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('inserting files', () => {
  it('stores base64 bytes and serves them at the downloadURL', async () => {
    const target = await spaceWithChangeRequest(t);
    const [file] = await upload(target, [{ name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') }]);
    expect(file).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: PNG.length });
    const listed = ok(await t.owner.client.call('listFilesInChangeRequestById', { params: target }));
    expect(listed.items).toEqual([file]);
    expect(ok(await t.owner.client.call('getFileInChangeRequestById', { params: { ...target, fileId: file!.id } }))).toEqual(file);
    const response = await fetchAs(t.owner.token, file!.downloadURL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it('serves the same bytes in process, as IPC asks for them', async () => {
    const target = await spaceWithChangeRequest(t);
    const [file] = await upload(target, [{ name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') }]);
    const answer = await t.engine.request({ method: 'GET', path: new URL(file!.downloadURL).pathname, headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(answer.headers['content-type']).toBe('image/png');
    expect(Buffer.from(answer.body as Uint8Array)).toEqual(PNG);
  });

  it('needs a token with read access to download', async () => {
    const target = await spaceWithChangeRequest(t);
    const [file] = await upload(target, [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }]);
    expect((await fetchAs(undefined, file!.downloadURL)).status).toBe(401);
    expect((await fetchAs(t.user().token, file!.downloadURL)).status).toBe(403);
    expect(await (await fetchAs(t.user('read').token, file!.downloadURL)).text()).toBe('hi');
  });

  it('copies a file from a Folio downloadURL on the loopback address', async () => {
    const target = await spaceWithChangeRequest(t);
    const [source] = await upload(target, [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }]);
    const [copy] = await upload(target, [{ name: 'b.txt', url: source!.downloadURL }]);
    expect(copy).toMatchObject({ name: 'b.txt', contentType: 'text/plain', size: 2 });
    expect(await (await fetchAs(t.owner.token, copy!.downloadURL)).text()).toBe('hi');
  });

  it('refuses other URLs, oversized files and bad base64, naming the field', async () => {
    const target = await spaceWithChangeRequest(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'x', url: 'https://example.com/x.png' }, /^body\.changes\.0\.files\.0\.url: /],
      [{ name: 'x', url: `${t.url}/v1/user` }, /^body\.changes\.0\.files\.0\.url: /],
      [{ name: 'x', contentType: 'a/b', base64: Buffer.alloc(1024 * 1024 + 1).toString('base64') }, /^body\.changes\.0\.files\.0\.base64: /],
      [{ name: 'x', contentType: 'a/b', base64: 'not base64!' }, /^body\.changes\.0\.files\.0\.base64: /],
      [{ name: '', contentType: 'a/b', base64: '' }, /^body\.changes\.0\.files\.0\.name: /],
    ];
    for (const [file, message] of cases) {
      expectFailure(await write(t.owner, target, [{ operation: 'insert_files', files: [file] }]), 400, message);
    }
    expect(ok(await t.owner.client.call('listFilesInChangeRequestById', { params: target })).count).toBe(0);
  });

  it('answers 404 for a file that does not exist', async () => {
    const target = await spaceWithChangeRequest(t);
    expectFailure(await t.owner.client.call('getFileInChangeRequestById', { params: { ...target, fileId: 'nope' } }), 404);
    expectFailure(await t.owner.client.call('getFileById', { params: { spaceId: target.spaceId, fileId: 'nope' } }), 404);
    expect((await fetchAs(t.owner.token, `${t.url}/v1/spaces/${target.spaceId}/content/files/nope/download`)).status).toBe(404);
  });

  it('keeps a change request file off main', async () => {
    const target = await spaceWithChangeRequest(t);
    await upload(target, [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }]);
    expect(ok(await t.owner.client.call('listFiles', { params: { spaceId: target.spaceId } })).count).toBe(0);
    expect(ok(await t.owner.client.call('getRevisionOfChangeRequestById', { params: target })).files).toHaveLength(1);
  });
});
