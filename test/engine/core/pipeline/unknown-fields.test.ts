import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const send = (method: string, path: string, body: unknown) => raw(`${t.url}/v1${path}`, { method, token: t.owner.token, body: JSON.stringify(body) });

describe('a body field the contract does not name', () => {
  it('is a 400 naming it, and nothing is created', async () => {
    const before = ok(await t.owner.client.call('listCollectionsInOrganizationById', { params: { organizationId: t.organizationId } })).count;
    const res = await send('POST', `/orgs/${t.organizationId}/collections`, { title: 'Guides', descripton: 'a typo' });
    expect(res).toEqual({ status: 400, body: { error: { code: 400, message: 'body.descripton: unknown field' } } });
    const after = ok(await t.owner.client.call('listCollectionsInOrganizationById', { params: { organizationId: t.organizationId } })).count;
    expect(after).toBe(before);
  });

  it('is named where it stands, however deep', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: {} }));
    const change = { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello' }, emojii: '👋' };
    const res = await send('POST', `/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [change] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('body.changes.0.emojii: unknown field');
    const pages = ok(await t.owner.client.call('listPagesInChangeRequest', { params: { spaceId: space.id, changeRequestId: cr.id } }));
    expect(pages.pages).toEqual([]);
  });

  it('stays where the reference leaves an object open: a document block keeps fields it does not name', async () => {
    const heading = { object: 'block', type: 'heading-1', data: {}, meta: { id: 'intro' }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Intro', marks: [] }] }] };
    const instructions = { object: 'document', data: { schemaVersion: 1, theme: 'plain' }, nodes: [heading] };
    const res = await send('PUT', `/orgs/${t.organizationId}/agent-instructions`, { instructions });
    expect(res.status).toBe(200);
    expect(res.body.instructions).toEqual(instructions);
  });

  it('is not a query parameter: those the operation does not take are still ignored', async () => {
    const res = await raw(`${t.url}/v1/orgs/${t.organizationId}/collections?sort=title`, { token: t.owner.token });
    expect(res.status).toBe(200);
  });
});
