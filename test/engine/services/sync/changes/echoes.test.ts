import { describe, expect, it } from 'vitest';
import { logHead, readChangeCursors, savePushed, skipEchoes, startChangeCursors } from '../../../../../src-main/engine/services/sync/change-cursors.js';
import { applyChanges } from '../../../../../src-main/engine/services/sync/changes/apply.js';
import { changesSince } from '../../../../../src-main/engine/services/sync/changes/since.js';
import { newCollection, newSpace, ok } from '../../../../support/content.js';
import { useNetwork } from './peers.js';

const net = useNetwork();
const URL = 'ws://127.0.0.1:1/v1/sync';

/**
 * What a replica logs applying the hub's changes is the hub's own: with nothing of the replica's
 * waiting, its pushed cursor moves past those entries rather than sending them back
 * (`skipEchoes`, used by the replica's change channel).
 */
describe('entries a replica logged applying what it pulled', () => {
  it('are not pushed back: the pushed cursor moves past them', async () => {
    const a = await net.replicaOf();
    const hubHead = logHead(net.hub.engine.db);
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    ok(await net.hub.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'Handbook' } }));
    const pulled = changesSince(net.hub.engine.db, String(hubHead), { user: net.hub.owner.id }).changes;
    expect(pulled.length).toBeGreaterThan(1);

    startChangeCursors(a.db, URL);
    const head = logHead(a.db);
    savePushed(a.db, URL, String(head));
    a.db.transaction(() => {
      applyChanges(a.db, a.server.engine.changeCapture, pulled, { hub: true });
      skipEchoes(a.db, URL, head, pulled);
    });
    expect(logHead(a.db)).toBeGreaterThan(head);
    expect(readChangeCursors(a.db, URL)!.pushed).toBe(String(logHead(a.db)));
  });

  it('stop at the first entry of the replica’s own: it and what follows are pushed', async () => {
    const a = await net.replicaOf();
    const hubHead = logHead(net.hub.engine.db);
    await newSpace(net.hub.owner, net.hub.organizationId, { title: 'First' });
    const first = changesSince(net.hub.engine.db, String(hubHead), { user: net.hub.owner.id }).changes;
    const between = logHead(net.hub.engine.db);
    await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Second' });
    const second = changesSince(net.hub.engine.db, String(between), { user: net.hub.owner.id }).changes;

    startChangeCursors(a.db, URL);
    const head = logHead(a.db);
    savePushed(a.db, URL, String(head));
    applyChanges(a.db, a.server.engine.changeCapture, first, { hub: true });
    const echoesEnd = logHead(a.db);
    // Written here between the two: a change of the replica's own stamp.
    await newCollection(a.user, net.hub.organizationId, { title: 'Mine' });
    applyChanges(a.db, a.server.engine.changeCapture, second, { hub: true });
    skipEchoes(a.db, URL, head, [...first, ...second]);
    expect(readChangeCursors(a.db, URL)!.pushed).toBe(String(echoesEnd));
    const waiting = changesSince(a.db, String(echoesEnd), { hub: true }).changes;
    expect(waiting.some((change) => change.table === 'collections' && change.fields?.title === 'Mine')).toBe(true);
  });
});
