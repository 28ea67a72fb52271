import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../support/content.js';
import { TestServer } from '../../support/server.js';
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
    expect(status).toEqual({ state: 'disabled', url: null, outbox: 0, pendingChanges: 0, lastSyncAt: null, lastProblem: null, lag: [] });
  });

  it("connects when the owner sets the hub, and forgets it on DELETE", async () => {
    const replica = await Replica.connect(hub, hub.owner.token);
    replicas.push(replica);
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', url: syncUrl(hub), lastSyncAt: expect.any(String) }));
    expect(hub.engine.syncHub.peerCount).toBe(1);

    expect(await replica.client.call('deleteSyncSettings', { params: undefined })).toMatchObject({ ok: true, status: 204 });
    expect(await replica.status()).toMatchObject({ state: 'disabled', url: null });
    await eventually(() => expect(hub.engine.syncHub.peerCount).toBe(0));
    expectFailure(await replica.client.call('deleteSyncSettings', { params: undefined }), 404);
  });

  it('reports a hub that refuses the token, and keeps trying', async () => {
    const replica = await Replica.connect(hub, 'folio_not-a-token');
    replicas.push(replica);
    await eventually(async () => expect(await replica.status()).toMatchObject({ lastProblem: 'the hub answered 401' }));
    expect(['offline', 'connecting']).toContain((await replica.status()).state);
  });

  it("leaves the hub to the data dir's owner, and checks the settings", async () => {
    const member = hub.user('admin');
    const body = { url: 'ws://127.0.0.1:1/v1/sync', token: 'folio_x' };
    expectFailure(await member.client.call('updateSyncSettings', { params: undefined, body }), 403, /owner/);
    expectFailure(await member.client.call('deleteSyncSettings', { params: undefined }), 403);
    expectFailure(await hub.owner.client.call('updateSyncSettings', { params: undefined, body: { ...body, url: 'http://x/v1/sync' } }), 400, /^body\.url: /);
    expectFailure(await hub.owner.client.call('updateSyncSettings', { params: undefined, body: { ...body, token: '' } }), 400, /^body\.token: /);
  });

  it('counts metadata changes the hub has not acknowledged, apart from the docs of the outbox', async () => {
    const replica = await Replica.connect(hub, hub.owner.token);
    replicas.push(replica);
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0 }));

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
