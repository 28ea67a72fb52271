import { afterEach, beforeEach, expect, it } from 'vitest';
import { MAIN, mainTreeDoc, pageDoc } from '../../../../src-main/engine/revisions/doc-names.js';
import { ok } from '../../../support/content.js';
import { addPage, changeDoc, writeParagraphs } from '../../yjs/peers.js';
import { contentOf, eventually, Replica } from '../nodes.js';
import { describeWithPostgres, hubUser, killHub, startHubProcess, type HubProcess } from './hub-processes.js';

describeWithPostgres('two hub processes on one PostgreSQL', (postgres) => {
  let database: string;
  let hubs: HubProcess[];
  const replicas: Replica[] = [];

  beforeEach(async () => {
    database = await postgres().newDatabase();
    hubs = [];
  });
  afterEach(async () => {
    for (const replica of replicas.splice(0)) await replica.stop();
    for (const hub of hubs) await killHub(hub);
  });

  async function replicaOn(url: string, token: string): Promise<Replica> {
    const replica = await Replica.alone();
    replicas.push(replica);
    ok(await replica.client.call('updateSyncSettings', { params: undefined, body: { url, token } }));
    await eventually(async () => expect(await replica.status()).toMatchObject({ state: 'connected', pendingChanges: 0 }));
    return replica;
  }

  it('replicas attached to different processes see each other’s spaces and edits, live and after offline edits', async () => {
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    hubs = await Promise.all([startHubProcess(database), startHubProcess(database)]);
    const [a, b] = [await replicaOn(hubs[0]!.syncUrl, ann.token), await replicaOn(hubs[1]!.syncUrl, ann.token)];

    const orgs = ok(await a.client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} }));
    const team = orgs.items.find((org) => org.title === 'Team')!;
    expect(team).toBeDefined();
    const space = ok(await a.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Shared' } }));
    await eventually(async () => expect(ok(await b.client.call('getSpaceById', { params: { spaceId: space.id } })).title).toBe('Shared'));

    const tree = mainTreeDoc(space.id);
    addPage(a.engine, tree, 'fromA');
    await eventually(() => expect(Object.keys((contentOf(b.engine, tree) as { pages: object }).pages)).toContain('fromA'));

    a.engine.sync.stop();
    b.engine.sync.stop();
    changeDoc(a.engine, pageDoc(space.id, MAIN, 'fromA'), (doc) => writeParagraphs(doc, 'offline on A'));
    addPage(b.engine, tree, 'fromB');
    a.engine.sync.start();
    b.engine.sync.start();
    await eventually(() => {
      expect(contentOf(b.engine, pageDoc(space.id, MAIN, 'fromA'))).toMatchObject({ body: expect.stringContaining('offline on A') });
      expect(contentOf(a.engine, tree)).toEqual(contentOf(b.engine, tree));
      expect(Object.keys((contentOf(a.engine, tree) as { pages: object }).pages).sort()).toEqual(['fromA', 'fromB']);
    });
    await eventually(async () => {
      expect(await a.status()).toMatchObject({ outbox: 0, pendingChanges: 0 });
      expect(await b.status()).toMatchObject({ outbox: 0, pendingChanges: 0 });
    });
  }, 120_000);

  it('a replica whose process is killed moves to another address of the hub and loses nothing of its outbox', async () => {
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    hubs = await Promise.all([startHubProcess(database), startHubProcess(database)]);
    const [first, second] = hubs.map((hub) => hub.syncUrl);
    const a = await replicaOn(`${first}, ${second}`, ann.token);
    const b = await replicaOn(`${second},${first}`, ann.token);
    const team = ok(await a.client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} })).items.find((org) => org.title === 'Team')!;
    const space = ok(await a.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'Shared' } }));
    const tree = mainTreeDoc(space.id);
    await eventually(async () => expect((await b.client.call('getSpaceById', { params: { spaceId: space.id } })).status).toBe(200));

    await killHub(hubs[0]!);
    // Written while its hub process is gone: in the outbox until the other process acknowledges it.
    addPage(a.engine, tree, 'afterTheKill');
    ok(await a.client.call('createSpace', { params: { organizationId: team.id }, body: { title: 'After the kill' } }));
    await eventually(async () => expect(await a.status()).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0 }));
    await eventually(async () => {
      expect(Object.keys((contentOf(b.engine, tree) as { pages: object }).pages)).toContain('afterTheKill');
      const spaces = ok(await b.client.call('listSpacesInOrganizationById', { params: { organizationId: team.id }, query: {} }));
      expect(spaces.items.map((item) => item.title)).toContain('After the kill');
    });
  }, 120_000);
});
