import { describe, expect, it } from 'vitest';
import type { Database } from '../../../../../src-main/engine/core/db/database.js';
import { applyChanges } from '../../../../../src-main/engine/services/sync/changes/apply.js';
import { decodeHlc, encodeHlc, MAX_CLOCK_SKEW_MS } from '../../../../../src-shared/sync/hlc.js';
import type { Change } from '../../../../../src-shared/sync/change.js';
import { newSpace, ok } from '../../../../support/content.js';
import type { TestUser } from '../../../../support/server.js';
import { heal, useNetwork } from './peers.js';

const net = useNetwork();
const TWO_HOURS = 2 * 60 * 60 * 1000;

/** The newest wall time in an engine's change log. */
function newestWall(db: Database): number {
  const row = db.get<{ hlc: string }>('SELECT max(hlc) AS hlc FROM change_log');
  return decodeHlc(row!.hlc)!.wall;
}

async function titleOf(user: TestUser, spaceId: string): Promise<string> {
  return ok(await user.client.call('getSpaceById', { params: { spaceId } })).title;
}

describe('a change stamped far past the hub’s clock', () => {
  it('is applied under a stamp of the hub’s, does not move the hub’s clock, and a resent copy changes nothing', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const ahead: Change = {
      hlc: encodeHlc({ wall: Date.now() + TWO_HOURS, counter: 0, node: 'fast' }),
      table: 'spaces',
      key: [space.id],
      op: 'update',
      fields: { title: 'From the future' },
      actor: net.hub.owner.id,
    };
    const { db, changeCapture } = net.hub.engine;
    expect(applyChanges(db, changeCapture, [ahead], { user: net.hub.owner.id })).toMatchObject({ applied: 1 });
    expect(await titleOf(net.hub.owner, space.id)).toBe('From the future');
    const bound = Date.now() + MAX_CLOCK_SKEW_MS;
    expect(newestWall(db)).toBeLessThan(bound);
    expect(decodeHlc(changeCapture.stamp())!.wall).toBeLessThan(bound);
    expect(applyChanges(db, changeCapture, [ahead], { user: net.hub.owner.id })).toEqual({ applied: 0, compensated: 0, ignored: 1 });
  });
});

describe('a replica whose wall clock runs two hours ahead', () => {
  it('drags no other engine’s clock, and a later edit elsewhere still wins on every engine, the fast one too', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const [fast, b] = [await net.replicaOf(), await net.replicaOf()];
    fast.server.engine.changeCapture.nowMs = () => Date.now() + TWO_HOURS;
    ok(await fast.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'From the fast clock' } }));
    heal([fast, b]);
    for (const user of [net.hub.owner, fast.user, b.user]) expect(await titleOf(user, space.id)).toBe('From the fast clock');
    const bound = Date.now() + MAX_CLOCK_SKEW_MS;
    expect(newestWall(net.hub.engine.db)).toBeLessThan(bound);
    expect(newestWall(b.db)).toBeLessThan(bound);

    ok(await b.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'Edited later' } }));
    heal([fast, b]);
    for (const user of [net.hub.owner, fast.user, b.user]) expect(await titleOf(user, space.id)).toBe('Edited later');
  });
});
