import { afterEach, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

/** The first-start screen's calls (docs/desktop.md, "First start"), over HTTP against a real engine. */
describe('GET and PUT /v1/first-start', () => {
  let server: TestServer;
  afterEach(() => server.stop());

  it("asks a new data dir's owner, takes their answers once, and stops asking", async () => {
    server = await TestServer.start({}, { welcome: true });
    const first = ok(await server.owner.client.call('getFirstStart', { params: undefined }));
    expect(first).toEqual({
      needed: true,
      name: expect.any(String),
      organization: { id: server.organizationId, title: expect.stringMatching(/'s docs$/) },
      space: { id: expect.any(String), title: 'Welcome to Folio' },
    });

    const answered = ok(await server.owner.client.call('completeFirstStart', { params: undefined, body: { name: ' Ada Lovelace ', organization: 'Analytical Engines' } }));
    expect(answered).toEqual({ needed: false, name: 'Ada Lovelace', organization: { id: server.organizationId, title: 'Analytical Engines' }, space: first.space });
    expect(ok(await server.owner.client.call('getAuthenticatedUser', { params: undefined })).displayName).toBe('Ada Lovelace');
    expect(ok(await server.owner.client.call('getOrganizationById', { params: { organizationId: server.organizationId } })).title).toBe('Analytical Engines');

    expectFailure(await server.owner.client.call('completeFirstStart', { params: undefined, body: { name: 'Ada', organization: 'Again' } }), 409, /done/);
  });

  it('names the field of an answer it cannot take, and changes nothing', async () => {
    server = await TestServer.start({}, { welcome: true });
    const put = (body: { name: string; organization: string }) => server.owner.client.call('completeFirstStart', { params: undefined, body });
    expectFailure(await put({ name: '   ', organization: 'Fine title' }), 400, /^body\.name: /);
    expectFailure(await put({ name: 'Ada', organization: 'x' }), 400, /^body\.organization: /);
    expectFailure(await put({ name: 'A'.repeat(101), organization: 'Fine title' }), 400, /^body\.name: /);
    expect(ok(await server.owner.client.call('getFirstStart', { params: undefined })).needed).toBe(true);
  });

  it("is the owner's alone: another user is never asked, and is refused", async () => {
    server = await TestServer.start({}, { welcome: true });
    const member = server.user('admin');
    expect(ok(await member.client.call('getFirstStart', { params: undefined }))).toEqual({ needed: false, name: 'User 1', organization: null, space: null });
    expectFailure(await member.client.call('completeFirstStart', { params: undefined, body: { name: 'Mallory', organization: 'Taken over' } }), 403, /owner/);
    expect(ok(await server.owner.client.call('getFirstStart', { params: undefined })).needed).toBe(true);
  });

  it('asks nothing when first start was given the names, as `serve --name` does', async () => {
    server = await TestServer.start({}, { welcome: true, name: 'Grace Hopper' });
    expect(ok(await server.owner.client.call('getFirstStart', { params: undefined }))).toMatchObject({
      needed: false,
      name: 'Grace Hopper',
      organization: { title: "Grace Hopper's docs" },
    });
  });

  it('answers 401 without a token', async () => {
    server = await TestServer.start();
    expectFailure(await server.clientFor(undefined).call('getFirstStart', { params: undefined }), 401);
  });
});
