import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, changeRequestBranch } from '../../../../src-shared/sync/doc-names.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { solidPng } from '../../services/pdf/png.js';
import { positionsInOrder, readPdf } from '../../services/pdf/read-pdf.js';
import { code, doc, file, heading, image, paragraph, text } from '../../services/pdf/sample.js';
import { writeFile, writePages } from './docs.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const HOUR = 60 * 60 * 1000;

/** A space whose change request holds a small tree: Guide (Install, Upgrade) and FAQ. */
async function changeRequestWithPages() {
  const space = await newSpace(t.owner, t.organizationId, { title: 'Handbook' });
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'New guide' } }));
  writePages(t.engine, space.id, changeRequestBranch(cr.id), [
    { id: 'faq', title: 'FAQ', position: 'a1', body: doc(paragraph(text('Frequently asked'))) },
    { id: 'guide', title: 'Guide', position: 'a0', body: doc(heading(1, 'Guide heading'), paragraph(text('Read this first'))) },
    { id: 'upgrade', title: 'Upgrade', position: 'a1', parent: 'guide', body: doc(code('sh', 'npm update')) },
    { id: 'install', title: 'Install', position: 'a0', parent: 'guide', body: doc(paragraph(text('Install steps'))) },
  ]);
  return { spaceId: space.id, cr };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

async function pdfText(url: string): Promise<string> {
  const got = await download(url);
  expect(got.status).toBe(200);
  return (await readPdf(got.bytes)).pages.map((page) => page.text).join(' ');
}

describe('the PDF of a change request', () => {
  it('answers a URL under the engine that serves the PDF without a token', async () => {
    const { spaceId, cr } = await changeRequestWithPages();
    const { url } = ok(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId, changeRequestId: cr.id } }));
    expect(url.startsWith(`${t.url}/v1/pdf/`)).toBe(true);
    const got = await download(url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe('inline; filename="New-guide.pdf"');
    expect(Buffer.from(got.bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readPdf(got.bytes);
    expect(pdf.title).toBe('New guide');
    expect(pdf.outline).toEqual(['Guide', 'Install', 'Upgrade', 'FAQ']);
    const all = pdf.pages.map((page) => page.text).join(' ');
    expect(positionsInOrder(all, [
      'New guide', `Change request #${cr.number} of Handbook`, 'Contents',
      'Guide', 'Guide heading', 'Read this first', 'Install', 'Install steps', 'Upgrade', 'npm update', 'FAQ', 'Frequently asked',
    ])).not.toContain(-1);
  });

  it('is addressed by number as well as by id, and gives the same bytes for one URL', async () => {
    const { spaceId, cr } = await changeRequestWithPages();
    const { url } = ok(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId, changeRequestId: String(cr.number) } }));
    const [first, second] = [await download(url), await download(url)];
    expect(Buffer.compare(first.bytes, second.bytes)).toBe(0);
    expect(await pdfText(url)).toContain('Read this first');
  });

  it('holds one page and its subpages with `page`, and that page alone with `only`', async () => {
    const { spaceId, cr } = await changeRequestWithPages();
    const params = { spaceId, changeRequestId: cr.id };
    const subtree = await pdfText(ok(await t.owner.client.call('getChangeRequestPDF', { params, query: { page: 'guide' } })).url);
    expect(subtree).toContain('Install steps');
    expect(subtree).not.toContain('Frequently asked');
    const alone = await pdfText(ok(await t.owner.client.call('getChangeRequestPDF', { params, query: { page: 'guide', only: 'true' } })).url);
    expect(alone).toContain('Read this first');
    expect(alone).not.toContain('Install steps');
  });

  it('names files and embeds images written as data URLs', async () => {
    const { spaceId, cr } = await changeRequestWithPages();
    const branch = changeRequestBranch(cr.id);
    writeFile(t.engine, spaceId, branch, 'file1', 'price-list.xlsx');
    const png = `data:image/png;base64,${Buffer.from(solidPng(30, 30)).toString('base64')}`;
    writePages(t.engine, spaceId, branch, [{ id: 'media', title: 'Media', position: 'a2', body: doc(file('file1', 'Prices'), image(png, 'Square')) }]);
    const { url } = ok(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId, changeRequestId: cr.id }, query: { page: 'media' } }));
    const pdf = await readPdf((await download(url)).bytes);
    expect(pdf.pages[1]!.text).toContain('price-list.xlsx');
    expect(pdf.pages[1]!.images).toBe(1);
  });

  it("holds main's pages as they were when the change request was opened, and its own edits", async () => {
    const space = await newSpace(t.owner, t.organizationId, { title: 'Forked' });
    writePages(t.engine, space.id, MAIN, [{ id: 'intro', title: 'Intro', position: 'a0', body: doc(paragraph(text('Before the fork'))) }]);
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Fork' } }));
    writePages(t.engine, space.id, MAIN, [{ id: 'later', title: 'Later on main', position: 'a1', body: doc(paragraph(text('After the fork'))) }]);
    writePages(t.engine, space.id, changeRequestBranch(cr.id), [{ id: 'mine', title: 'Mine', position: 'a2', body: doc(paragraph(text('In the change request'))) }]);
    const all = await pdfText(ok(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId: space.id, changeRequestId: cr.id } })).url);
    expect(positionsInOrder(all, ['Intro', 'Before the fork', 'Mine', 'In the change request'])).not.toContain(-1);
    expect(all).not.toContain('After the fork');
    const main = await pdfText(ok(await t.owner.client.call('getSpacePDF', { params: { spaceId: space.id } })).url);
    expect(main).toContain('After the fork');
    expect(main).not.toContain('In the change request');
  });

  it('answers 404 for an unknown change request, space or page', async () => {
    const { spaceId, cr } = await changeRequestWithPages();
    expectFailure(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId, changeRequestId: 'unknownChangeRequest' } }), 404);
    expectFailure(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId, changeRequestId: '999' } }), 404);
    expectFailure(await t.owner.client.call('getChangeRequestPDF', { params: { spaceId: 'unknownSpace', changeRequestId: cr.id } }), 404);
    expectFailure(
      await t.owner.client.call('getChangeRequestPDF', { params: { spaceId, changeRequestId: cr.id }, query: { page: 'nowhere' } }),
      404,
      'No matching page found for given ID',
    );
  });
});

describe('the PDF of a space', () => {
  it("holds the main content, under the space's title", async () => {
    const space = await newSpace(t.owner, t.organizationId, { title: 'Runbook' });
    writePages(t.engine, space.id, MAIN, [
      { id: 'ops', title: 'Operations', position: 'a0', type: 'group' },
      { id: 'oncall', title: 'On call', position: 'a0', parent: 'ops', body: doc(paragraph(text('Page the owner'))) },
      { id: 'status', title: 'Status page', position: 'a1', type: 'link', target: { kind: 'url', url: 'https://status.example.com' } },
    ]);
    const { url } = ok(await t.owner.client.call('getSpacePDF', { params: { spaceId: space.id } }));
    const pdf = await readPdf((await download(url)).bytes);
    const all = pdf.pages.map((page) => page.text).join(' ');
    expect(positionsInOrder(all, ['Runbook', 'Operations', 'On call', 'Page the owner', 'Status page', 'https://status.example.com'])).not.toContain(-1);
    expect(pdf.pages.flatMap((page) => page.links).map((link) => link.url)).toContain('https://status.example.com/');
  });

  it('holds a title sheet alone when the space has no pages', async () => {
    const space = await newSpace(t.owner, t.organizationId, { title: 'Empty' });
    const pdf = await readPdf((await download(ok(await t.owner.client.call('getSpacePDF', { params: { spaceId: space.id } })).url)).bytes);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.text).toContain('Empty');
  });
});

describe('the signed URL', () => {
  async function spaceUrl() {
    const space = await newSpace(t.owner, t.organizationId, { title: 'Signed' });
    return ok(await t.owner.client.call('getSpacePDF', { params: { spaceId: space.id } })).url;
  }

  it('is refused once its signature is changed', async () => {
    const url = await spaceUrl();
    const [payload, signature] = url.slice(url.lastIndexOf('/') + 1).split('.');
    const otherSignature = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    expect((await download(`${base}${payload}.${otherSignature}`)).status).toBe(403);
    expect((await download(`${base}${payload}`)).status).toBe(403);
    expect((await download(`${base}garbage`)).status).toBe(403);
  });

  it('is refused once its claims are changed, even to the same user', async () => {
    const url = await spaceUrl();
    const token = url.slice(url.lastIndexOf('/') + 1);
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, issued: claims.issued + HOUR })).toString('base64url');
    const got = await download(url.replace(token, `${forged}.${signature}`));
    expect(got.status).toBe(403);
    expect(JSON.parse(Buffer.from(got.bytes).toString())).toEqual({ error: { code: 403, message: 'This PDF link is not valid' } });
  });

  it('works for an hour', async () => {
    const url = await spaceUrl();
    t.clock.advance(HOUR - 1000);
    expect((await download(url)).status).toBe(200);
    t.clock.advance(1000);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(Buffer.from(expired.bytes).toString()).toContain('expired');
  });

  it("stops working when its user can no longer read the space", async () => {
    const reader = t.user('read');
    const space = await newSpace(t.owner, t.organizationId, { title: 'Private later' });
    const { url } = ok(await reader.client.call('getSpacePDF', { params: { spaceId: space.id } }));
    expect((await download(url)).status).toBe(200);
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { defaultLevel: null } }));
    expect((await download(url)).status).toBe(403);
  });

  it('is not valid on another engine', async () => {
    const other = await TestServer.start();
    try {
      const space = await newSpace(other.owner, other.organizationId);
      const url = ok(await other.owner.client.call('getSpacePDF', { params: { spaceId: space.id } })).url;
      expect((await download(`${t.url}${new URL(url).pathname}`)).status).toBe(403);
    } finally {
      await other.stop();
    }
  });
});
