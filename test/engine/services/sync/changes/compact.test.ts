import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../../../../src-main/engine/services/sync/changes/apply.js';
import { COMPACT_AFTER_MS, compactChangeLog } from '../../../../../src-main/engine/services/sync/changes/compact.js';
import { startChangeCursors } from '../../../../../src-main/engine/services/sync/change-cursors.js';
import { removeUpstream, saveUpstream } from '../../../../../src-main/engine/services/sync/sql.js';
import type { Database } from '../../../../../src-main/engine/core/db/database.js';
import { encodeHlc } from '../../../../../src-shared/sync/hlc.js';
import { newCollection, newSpace, ok } from '../../../../support/content.js';
import type { TestUser } from '../../../../support/server.js';
import { useNetwork } from './peers.js';

const net = useNetwork();
const LATER = Date.now() + COMPACT_AFTER_MS + 60_000;

const entriesOf = (db: Database, id: string) =>
  db.get<{ n: number }>("SELECT count(*) AS n FROM change_log WHERE row_key = json_array(?)", id)!.n;

async function rename(user: TestUser, spaceId: string, titles: string[]): Promise<void> {
  for (const title of titles) ok(await user.client.call('updateSpaceById', { params: { spaceId }, body: { title } }));
}

async function titleOf(user: TestUser, spaceId: string): Promise<string> {
  return ok(await user.client.call('getSpaceById', { params: { spaceId } })).title;
}

describe('compacting the change log', () => {
  it('folds old updates whose fields were all set again, and every replica, old or new, still converges', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'First' });
    const early = await net.replicaOf();
    await rename(net.hub.owner, space.id, ['Second', 'Third', 'Fourth']);
    const { db } = net.hub.engine;
    const before = entriesOf(db, space.id);
    expect(compactChangeLog(db, Date.now()).folded).toBe(0);
    expect(compactChangeLog(db, LATER).folded).toBe(2);
    expect(entriesOf(db, space.id)).toBe(before - 2);

    early.pull();
    const late = await net.replicaOf();
    for (const user of [early.user, late.user]) expect(await titleOf(user, space.id)).toBe('Fourth');
  });

  it('on a replica, keeps what its hub has not acknowledged', async () => {
    const a = await net.replicaOf();
    const space = await newSpace(a.user, net.hub.organizationId, { title: 'Offline' });
    await rename(a.user, space.id, ['Offline, renamed', 'Offline, renamed again']);
    saveUpstream(a.db, 'ws://127.0.0.1:1/v1/sync', 'token');
    startChangeCursors(a.db, 'ws://127.0.0.1:1/v1/sync');
    expect(compactChangeLog(a.db, LATER).folded).toBe(0);
    removeUpstream(a.db);
    expect(compactChangeLog(a.db, LATER).folded).toBe(1);
  });

  it('forgets the field clocks of rows deleted long ago; a late edit of such a row is still dropped', async () => {
    const collection = await newCollection(net.hub.owner, net.hub.organizationId, { title: 'Gone soon' });
    ok(await net.hub.owner.client.call('updateCollectionById', { params: { collectionId: collection.id }, body: { title: 'Renamed' } }));
    ok(await net.hub.owner.client.call('deleteCollectionById', { params: { collectionId: collection.id } }));
    const { db } = net.hub.engine;
    const clocks = () => db.all<{ field: string }>("SELECT field FROM field_clocks WHERE tbl = 'collections' AND row_key = json_array(?)", collection.id).map((r) => r.field);
    expect(clocks().length).toBeGreaterThan(1);
    expect(compactChangeLog(db, LATER).clocks).toBeGreaterThan(0);
    expect(clocks()).toEqual(['*']);

    const lateEdit = {
      hlc: encodeHlc({ wall: Date.now() - 1000, counter: 0, node: 'late' }),
      table: 'collections',
      key: [collection.id],
      op: 'update' as const,
      fields: { title: 'Edited offline long ago' },
      actor: net.hub.owner.id,
    };
    expect(applyChanges(db, net.hub.engine.changeCapture, [lateEdit], { user: net.hub.owner.id })).toMatchObject({ applied: 0 });
    expect(db.get('SELECT 1 FROM collections WHERE id = ?', collection.id)).toBeUndefined();
  });
});
