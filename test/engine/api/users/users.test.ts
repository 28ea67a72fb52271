import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

describe('users', () => {
  it('answers the authenticated user, whose urls.location serves that same user', async () => {
    const me = ok(await t.owner.client.call('getAuthenticatedUser', { params: undefined }));
    expect(me).toMatchObject({ object: 'user', id: t.owner.id, email: t.owner.email });
    const located = await raw(me.urls.location, { token: t.owner.token });
    expect(located).toEqual({ status: 200, body: me });
  });

  it('shows people who share an organization, guests included', async () => {
    const guest = t.user(null);
    expect(ok(await guest.client.call('getUserById', { params: { userId: t.owner.id } })).id).toBe(t.owner.id);
    expect(ok(await t.owner.client.call('getUserById', { params: { userId: guest.id } })).id).toBe(guest.id);
  });

  it('answers 404 for strangers and unknown ids alike', async () => {
    const stranger = t.user();
    expectFailure(await t.owner.client.call('getUserById', { params: { userId: stranger.id } }), 404);
    expectFailure(await stranger.client.call('getUserById', { params: { userId: t.owner.id } }), 404);
    expectFailure(await t.owner.client.call('getUserById', { params: { userId: 'nobody' } }), 404);
    expect(ok(await stranger.client.call('getUserById', { params: { userId: stranger.id } })).id).toBe(stranger.id);
  });
});
