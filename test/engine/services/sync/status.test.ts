import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';
import { closedPort, refusingServer, textWebSocketServer } from './foreign-servers.js';
import { Replica, eventually, syncUrl } from './nodes.js';

describe('GET /v1/sync/status and the sync settings', () => {
  let hub: TestServer;
  let replicas: Replica[];

  beforeEach(async () => {
    hub = await TestServer.start();
    replicas = [];
  });

  afterEach(async () => {
    for (const replica of replicas) await replica.stop();
    await hub.stop();
  });

  it('says disabled on an engine without a hub, to any user', async () => {
    const status = ok(await hub.user('read').client.call('getSyncStatus', { params: undefined }));
    expect(status).toEqual({
      state: 'disabled', url: null, connectedTo: null, outbox: 0, pendingChanges: 0, lastSyncAt: null, lastProblem: null, lag: [], permissions: { configure: false },
    });
    expect(ok(await hub.owner.client.call('getSyncStatus', { params: undefined })).permissions).toEqual({ configure: true });
  });

  it("connects when the owner sets the hub, and forgets it on DELETE", async () => {
    const replica = await Replica.connect(hub, hub.owner.token);
    replicas.push(replica);
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', url: syncUrl(hub), connectedTo: syncUrl(hub), lastSyncAt: expect.any(String) }));
    expect(hub.engine.syncHub.peerCount).toBe(1);

    expect(await replica.client.call('deleteSyncSettings', { params: undefined })).toMatchObject({ ok: true, status: 204 });
    expect(await replica.status()).toMatchObject({ state: 'disabled', url: null, connectedTo: null });
    await eventually(() => expect(hub.engine.syncHub.peerCount).toBe(0));
    expectFailure(await replica.client.call('deleteSyncSettings', { params: undefined }), 404);
  });

  it('stops trying, and says so, when the hub refuses the stored token', async () => {
    const replica = await Replica.alone();
    replicas.push(replica);
    const attempts = await refusingServer(401, 'A valid bearer token is required');
    replica.setHubUnchecked(attempts.url, 'folio_not-a-token');
    await eventually(async () =>
      expect(await replica.status()).toMatchObject({ state: 'refused', lastProblem: 'The hub refused this token (A valid bearer token is required)' }),
    );
    const seen = attempts.count();
    // The backoff of these tests is 10–100 ms: a worker still trying would have come back by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(attempts.count()).toBe(seen);
    expect((await replica.status()).state).toBe('refused');
    await attempts.close();
  });

  it('says in words why a hub it keeps trying could not be reached', async () => {
    const replica = await Replica.alone();
    replicas.push(replica);
    const url = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
    replica.setHubUnchecked(url, hub.owner.token);
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: expect.stringMatching(/offline|connecting/), connectedTo: null, lastProblem: `No hub answers at ${url}: nothing listens there` }));
  });

  it("leaves the hub to the data dir's owner, and checks the settings", async () => {
    const member = hub.user('admin');
    const body = { url: 'ws://127.0.0.1:1/v1/sync', token: 'folio_x' };
    expectFailure(await member.client.call('updateSyncSettings', { params: undefined, body }), 403, /owner/);
    expectFailure(await member.client.call('deleteSyncSettings', { params: undefined }), 403);
    expectFailure(await hub.owner.client.call('updateSyncSettings', { params: undefined, body: { ...body, url: 'http://x/v1/sync' } }), 400, /^body\.url: /);
    expectFailure(await hub.owner.client.call('updateSyncSettings', { params: undefined, body: { ...body, token: '' } }), 400, /^body\.token: /);
  });

  describe('checks the hub before saving it', () => {
    const save = async (replica: Replica, url: string, token: string) =>
      replica.client.call('updateSyncSettings', { params: undefined, body: { url, token } });

    it('answers in words when nothing listens at the address, and saves nothing', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      const url = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
      expectFailure(await save(replica, url, hub.owner.token), 400, `body.url: No hub answers at ${url}: nothing listens there`);
      expect(await replica.status()).toMatchObject({ state: 'disabled', url: null, lastProblem: null });
    });

    it('checks a body large enough for a worker thread as well', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      const url = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
      // Valid settings after 300 KB of white space: a text that long is parsed in a worker thread.
      const body = `${' '.repeat(300 * 1024)}${JSON.stringify({ url, token: hub.owner.token })}`;
      const res = await raw(`${replica.server.url}/v1/sync/settings`, { method: 'PUT', token: replica.token, body });
      expect(res).toEqual({ status: 400, body: { error: { code: 400, message: `body.url: No hub answers at ${url}: nothing listens there` } } });
      expect((await replica.status()).state).toBe('disabled');
    });

    it('sends nothing for a body the operation refuses (an unknown field)', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      const url = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
      const body = { url, token: hub.owner.token, typo: true };
      expectFailure(await replica.client.call('updateSyncSettings', { params: undefined, body }), 400, 'body.typo: unknown field');
    });

    it('answers that the hub refused the token', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      expectFailure(await save(replica, syncUrl(hub), 'folio_not-a-token'), 400, /^body\.token: The hub refused this token/);
      expect((await replica.status()).state).toBe('disabled');
    });

    it('answers that a server which is not a Folio hub is not one', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      const plain = await refusingServer(404, 'No operation here');
      expectFailure(await save(replica, plain.url, hub.owner.token), 400, `body.url: This is not a Folio hub: ${plain.url} answered HTTP 404 (No operation here)`);
      await plain.close();
      const chatty = await textWebSocketServer();
      expectFailure(await save(replica, chatty.url, hub.owner.token), 400, /^body\.url: This is not a Folio hub: .* speaks WebSocket, but not Folio sync$/);
      await chatty.close();
      expect((await replica.status()).state).toBe('disabled');
    });

    it('saves and connects once the hub admits the token', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      expect(ok(await save(replica, syncUrl(hub), hub.owner.token)).url).toBe(syncUrl(hub));
      await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', lastProblem: null }));
    });

    it('takes several addresses of one hub while one is down, but not one that is not a hub', async () => {
      const replica = await Replica.alone();
      replicas.push(replica);
      const down = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
      const plain = await refusingServer(404, 'No operation here');
      expectFailure(await save(replica, `${syncUrl(hub)},${plain.url}`, hub.owner.token), 400, `body.url: This is not a Folio hub: ${plain.url} answered HTTP 404 (No operation here)`);
      await plain.close();
      expectFailure(await save(replica, `${down},${down.replace('/v1/sync', '/v1/sync/')}`, hub.owner.token), 400, /^body\.url: No hub answers at /);
      const both = `${down},${syncUrl(hub)}`;
      expect(ok(await save(replica, both, hub.owner.token)).url).toBe(both);
      await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected' }));
    });

    it('checks nothing for a caller who may not set the hub', async () => {
      const member = hub.user('admin');
      const url = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
      expectFailure(await member.client.call('updateSyncSettings', { params: undefined, body: { url, token: 'folio_x' } }), 403, /owner/);
    });
  });

  it('counts metadata changes the hub has not acknowledged, apart from the docs of the outbox', async () => {
    const replica = await Replica.connect(hub, hub.owner.token);
    replicas.push(replica);
    await eventually(async () => {
      // The empty starter organization went at adoption, so nothing may wait before the hub's arrive.
      ok(await replica.client.call('getOrganizationById', { params: { organizationId: hub.organizationId } }));
      expect(await replica.status()).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0 });
    });

    replica.engine.sync.stop();
    const spaceId = (await newSpace({ ...hub.owner, client: replica.client }, hub.organizationId, { title: 'Offline' })).id;
    ok(await replica.client.call('updateSpaceById', { params: { spaceId }, body: { title: 'Renamed offline' } }));
    const offline = await replica.status();
    expect(offline.pendingChanges).toBeGreaterThanOrEqual(2);

    replica.engine.sync.start();
    await eventually(async () => expect(await replica.status()).toMatchObject({ outbox: 0, pendingChanges: 0 }));
    expect(ok(await hub.owner.client.call('getSpaceById', { params: { spaceId } })).title).toBe('Renamed offline');
  });

  it('moves the last sync when only metadata changes are exchanged', async () => {
    const replica = await Replica.connect(hub, hub.owner.token);
    replicas.push(replica);
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0 }));
    const before = (await replica.status()).lastSyncAt!;

    replica.clock.advance(60_000);
    ok(await hub.owner.client.call('updateOrganizationById', { params: { organizationId: hub.organizationId }, body: { title: 'Pulled' } }));
    await eventually(async () => expect((await replica.status()).lastSyncAt).toBe(new Date(Date.parse(before) + 60_000).toISOString()));
    expect((await replica.status()).outbox).toBe(0);

    replica.clock.advance(60_000);
    ok(await replica.client.call('updateOrganizationById', { params: { organizationId: hub.organizationId }, body: { title: 'Pushed' } }));
    await eventually(async () => expect(await replica.status()).toMatchObject({ pendingChanges: 0, lastSyncAt: new Date(Date.parse(before) + 120_000).toISOString() }));
    expect(ok(await hub.owner.client.call('getOrganizationById', { params: { organizationId: hub.organizationId } })).title).toBe('Pushed');
  });
});
