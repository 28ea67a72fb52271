import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created, spaceWithChangeRequest, write } from '../content/fixture.js';
import { publish, spaceWith, writeMain } from '../search/fixture.js';
import { fileBlock, refLink } from './fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const GONE_ID = 'G0ne0000000000000000';

/** A space whose main content links to a bit of everything: see each page's Markdown. */
async function linkedSpace() {
  const { spaceId, ids } = await spaceWith(t, [{ title: 'Target', markdown: '## Install steps\n\nText.\n' }]);
  const [target] = ids;
  const published = await publish(t, spaceId, [{ operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: 'aGVsbG8=' }] }]);
  const fileId = published.insertedFiles[0]!.id;
  const [source, other] = await writeMain(t, spaceId, [
    {
      title: 'Source',
      markdown: [
        '[external](https://example.com/docs)',
        `[own app](${t.url}/app/spaces/${spaceId})`,
        '[relative](/spaces/elsewhere)',
        refLink({ kind: 'page', page: target! }),
        refLink({ kind: 'page', page: GONE_ID }),
        refLink({ kind: 'anchor', page: target!, anchor: 'install-steps' }),
        refLink({ kind: 'anchor', page: target!, anchor: 'nowhere' }),
        fileBlock(fileId),
        fileBlock(GONE_ID),
      ].join('\n\n') + '\n',
    },
    { title: 'Other', markdown: `[external again](https://example.com/docs)\n\n${fileBlock(fileId)}\n` },
  ]);
  return { spaceId, target: target!, source: source!, other: other!, fileId };
}

const spaceLinks = (spaceId: string, query: { status?: 'ok' | 'broken' | 'in-app'; limit?: number; page?: string } = {}) =>
  t.owner.client.call('listSpaceLinks', { params: { spaceId }, query });

describe("a space's links", () => {
  it('lists one item per target with its status, and totals', async () => {
    const { spaceId, target, source, other, fileId } = await linkedSpace();
    const result = ok(await spaceLinks(spaceId));
    expect(result.stats).toEqual({ total: 9, broken: { total: 3, changeRequest: 0 } });
    expect(result.count).toBe(9);
    const byStatus = (status: string) => result.items.filter((item) => item.status === status);
    expect(byStatus('in-app')).toHaveLength(2);
    expect(byStatus('broken')).toHaveLength(3);
    expect(byStatus('ok')).toHaveLength(4);
    const external = result.items.find((item) => item.targetReference?.kind === 'url' && item.targetReference.url === 'https://example.com/docs')!;
    expect(external).toMatchObject({ status: 'ok', relation: 'reference' });
    expect(external.locationReferences.map((location) => location.kind === 'page' && location.page.id).sort()).toEqual([source, other].sort());
    const pageTarget = result.items.find((item) => item.targetReference?.kind === 'page' && !('internalLocation' in item.targetReference))!;
    expect(pageTarget.targetReference).toMatchObject({ kind: 'page', page: { id: target, title: 'Target' }, space: { id: spaceId }, organization: { id: t.organizationId } });
    const anchor = result.items.find((item) => item.targetReference?.kind === 'page' && 'internalLocation' in item.targetReference)!;
    expect(anchor.targetReference).toMatchObject({ internalLocation: { type: 'anchor', anchor: 'install-steps' } });
    const file = result.items.find((item) => item.targetReference?.kind === 'file')!;
    expect(file).toMatchObject({ status: 'ok', targetReference: { file: { id: fileId, name: 'notes.txt' } } });
    expect(file.locationReferences).toHaveLength(2);
    for (const broken of byStatus('broken')) {
      expect(broken.targetReference).toBeUndefined();
      expect(broken.locationReferences).toEqual([expect.objectContaining({ kind: 'page', page: expect.objectContaining({ id: source }) })]);
    }
  });

  it('gives every location the version it was read at', async () => {
    const { spaceId } = await linkedSpace();
    const [item] = ok(await spaceLinks(spaceId, { limit: 1 })).items;
    const location = item!.locationReferences[0]!;
    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } }));
    expect(location.kind === 'page' && location.versionContext).toMatchObject({ type: 'revision', revision: { id: space.revision } });
  });

  it('filters by status and pages through the items', async () => {
    const { spaceId } = await linkedSpace();
    const broken = ok(await spaceLinks(spaceId, { status: 'broken' }));
    expect(broken.items.map((item) => item.status)).toEqual(['broken', 'broken', 'broken']);
    expect(broken.stats.total).toBe(9);
    const seen: unknown[] = [];
    let page: string | undefined;
    do {
      const result = ok(await spaceLinks(spaceId, { limit: 4, ...(page ? { page } : {}) }));
      seen.push(...result.items);
      page = result.next?.page;
    } while (page);
    expect(seen).toHaveLength(9);
    expectFailure(await spaceLinks(spaceId, { page: 'garbage' }), 400, /^query\.page: /);
  });

  it("lists a page's links, and 404 for a page that does not exist", async () => {
    const { spaceId, other } = await linkedSpace();
    const result = ok(await t.owner.client.call('listPageLinksInSpace', { params: { spaceId, pageId: other } }));
    expect(result.stats).toEqual({ total: 2, broken: { total: 0, changeRequest: 0 } });
    expect(ok(await t.owner.client.call('listPageLinksInSpace', { params: { spaceId, pageId: other }, query: { status: 'broken' } })).items).toEqual([]);
    expectFailure(await t.owner.client.call('listPageLinksInSpace', { params: { spaceId, pageId: GONE_ID } }), 404);
  });

  it('lists the pages that use a file', async () => {
    const { spaceId, source, other, fileId } = await linkedSpace();
    const result = ok(await t.owner.client.call('listSpaceFileBacklinks', { params: { spaceId, fileId } }));
    expect(result.count).toBe(2);
    expect(result.items.map((location) => location.kind === 'page' && location.page.id).sort()).toEqual([source, other].sort());
    const first = ok(await t.owner.client.call('listSpaceFileBacklinks', { params: { spaceId, fileId }, query: { limit: 1 } }));
    const second = ok(await t.owner.client.call('listSpaceFileBacklinks', { params: { spaceId, fileId }, query: { limit: 1, page: first.next!.page } }));
    expect([...first.items, ...second.items]).toHaveLength(2);
    expectFailure(await t.owner.client.call('listSpaceFileBacklinks', { params: { spaceId, fileId: GONE_ID } }), 404);
  });

  it('follows edits: a link removed leaves the list', async () => {
    const { spaceId } = await spaceWith(t, []);
    const [page] = await writeMain(t, spaceId, [{ title: 'Linking', markdown: '[x](https://example.org)\n' }]);
    expect(ok(await spaceLinks(spaceId)).count).toBe(1);
    await publish(t, spaceId, [{ operation: 'update_page', page: page!, document: { markdown: 'No links now.\n' } }]);
    expect(ok(await spaceLinks(spaceId)).count).toBe(0);
  });
});

describe("a change request's links", () => {
  it('reads the links and backlinks of pages written with updateChangeRequestContent', async () => {
    const target = await spaceWithChangeRequest(t);
    const answer = ok(await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]));
    const fileId = 'insertedFiles' in answer ? answer.insertedFiles[0]!.id : '';
    const [first] = await created(t.owner, target, [{ operation: 'insert_page', title: 'First', document: { markdown: 'Plain.\n' } }]);
    const [linking] = await created(t.owner, target, [
      { operation: 'insert_page', title: 'Linking', document: { markdown: `${refLink({ kind: 'page', page: first! })}\n\n${fileBlock(fileId)}\n\n${refLink({ kind: 'page', page: GONE_ID })}\n` } },
    ]);
    const links = ok(await t.owner.client.call('listPageLinksInChangeRequest', { params: { ...target, pageId: linking! } }));
    expect(links.stats).toEqual({ total: 3, broken: { total: 1, changeRequest: 1 } });
    const location = links.items[0]!.locationReferences[0]!;
    expect(location.kind === 'page' && location.versionContext).toMatchObject({ type: 'changeRequest', changeRequest: { id: target.changeRequestId } });
    const backlinks = ok(await t.owner.client.call('listChangeRequestFileBacklinks', { params: { ...target, fileId } }));
    expect(backlinks.items.map((item) => item.kind === 'page' && item.page.id)).toEqual([linking]);
    expect(ok(await t.owner.client.call('listSpaceLinks', { params: { spaceId: target.spaceId } })).count).toBe(0);
  });
});
