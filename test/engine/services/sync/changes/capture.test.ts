import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../../../../src-shared/sync/change.js';
import { encodeHlc } from '../../../../../src-shared/sync/hlc.js';
import { applyChanges } from '../../../../../src-main/engine/services/sync/changes/apply.js';
import { REPLICATED_TABLES } from '../../../../../src-main/engine/services/sync/changes/tables.js';
import { newSpace, ok } from '../../../../support/content.js';
import { TestServer } from '../../../../support/server.js';

let t: TestServer;
afterEach(async () => t?.stop());

interface LogRow {
  hlc: string;
  tbl: string;
  row_key: string;
  op: string;
  fields: string | null;
  actor: string | null;
}

function logAfter(t: TestServer, seq: number): LogRow[] {
  return t.engine.db.all<LogRow>('SELECT hlc, tbl, row_key, op, fields, actor FROM change_log WHERE seq > ? ORDER BY seq', seq);
}

function lastSeq(t: TestServer): number {
  return t.engine.db.get<{ seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM change_log')!.seq;
}

describe('change capture', () => {
  it('lists every stored column of each replicated table, so no field escapes the log unless it is declared local', async () => {
    t = await TestServer.start();
    for (const spec of REPLICATED_TABLES) {
      const stored = t.engine.db
        .all<{ name: string; hidden: number }>(`SELECT name, hidden FROM pragma_table_xinfo('${spec.name}')`)
        .filter((column) => column.hidden === 0)
        .map((column) => column.name);
      expect(new Set([...spec.columns, ...(spec.local ?? [])]), spec.name).toEqual(new Set(stored));
    }
  });

  it('records the first start as the engine’s own inserts', async () => {
    t = await TestServer.start();
    const rows = logAfter(t, 0);
    expect(rows.filter((row) => row.tbl === 'users' && row.op === 'insert')).toHaveLength(1);
    expect(rows.find((row) => row.tbl === 'organizations')?.actor).toBeNull();
  });

  it('records an API write with its actor, only the fields that changed, in the request’s transaction', async () => {
    t = await TestServer.start();
    const space = await newSpace(t.owner, t.organizationId, { title: 'Guide' });
    const before = lastSeq(t);
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'Handbook' } }));
    const rows = logAfter(t, before).filter((row) => row.tbl === 'spaces');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor).toBe(t.owner.id);
    expect(rows[0]!.op).toBe('update');
    const fields = JSON.parse(rows[0]!.fields!);
    expect(fields.title).toBe('Handbook');
    expect(fields).not.toHaveProperty('emoji');
  });

  it('keeps a tombstone for a delete and stamps that increase', async () => {
    t = await TestServer.start();
    const other = t.user('read');
    const before = lastSeq(t);
    ok(await t.owner.client.call('removeMemberFromOrganizationById', { params: { organizationId: t.organizationId, userId: other.id } }));
    const rows = logAfter(t, before);
    const tombstone = rows.find((row) => row.tbl === 'members' && row.op === 'delete');
    expect(tombstone?.row_key).toBe(JSON.stringify([t.organizationId, other.id]));
    expect(tombstone?.fields).toBeNull();
    const stamps = logAfter(t, 0).map((row) => row.hlc);
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('keeps the newest stamp per field', async () => {
    t = await TestServer.start();
    const space = await newSpace(t.owner, t.organizationId, { title: 'A' });
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'B' } }));
    const key = JSON.stringify([space.id]);
    const clock = (field: string) =>
      t.engine.db.get<{ hlc: string }>('SELECT hlc FROM field_clocks WHERE tbl = ? AND row_key = ? AND field = ?', 'spaces', key, field)!.hlc;
    expect(clock('title') > clock('emoji')).toBe(true);
    expect(clock('*')).toBe(clock('emoji'));
  });
});

describe('a peer’s update applied', () => {
  /** A stamp of another node, past every stamp this engine handed out. */
  const peerStamp = (t: TestServer) => {
    const newest = t.engine.db.get<{ hlc: string }>('SELECT max(hlc) AS hlc FROM change_log')!.hlc;
    return encodeHlc({ wall: Number(newest.slice(0, 15)) + 1, counter: 0, node: 'peer' });
  };

  it('is logged as its trigger would: under the change’s stamp and actor, every written field, scoped to its space', async () => {
    t = await TestServer.start();
    const space = await newSpace(t.owner, t.organizationId, { title: 'Guide' });
    const before = lastSeq(t);
    const hlc = peerStamp(t);
    // The emoji is written with the value it has: a forced field, logged all the same.
    const { emoji } = t.engine.db.get<{ emoji: string }>('SELECT emoji FROM spaces WHERE id = ?', space.id)!;
    const change: Change = { hlc, table: 'spaces', key: [space.id], op: 'update', fields: { title: 'Handbook', emoji }, actor: t.owner.id };
    expect(applyChanges(t.engine.db, t.engine.changeCapture, [change], { hub: true })).toEqual({ applied: 1, compensated: 0, ignored: 0 });
    const logged = t.engine.db.all<LogRow & { organization_id: string; space_id: string }>(
      'SELECT hlc, tbl, row_key, op, fields, actor, organization_id, space_id FROM change_log WHERE seq > ?',
      before,
    );
    expect(logged).toEqual([
      {
        hlc,
        tbl: 'spaces',
        row_key: JSON.stringify([space.id]),
        op: 'update',
        fields: JSON.stringify({ title: 'Handbook', emoji }),
        actor: t.owner.id,
        organization_id: t.organizationId,
        space_id: space.id,
      },
    ]);
    const clock = (field: string) =>
      t.engine.db.get<{ hlc: string }>("SELECT hlc FROM field_clocks WHERE tbl = 'spaces' AND row_key = ? AND field = ?", JSON.stringify([space.id]), field)?.hlc;
    expect([clock('title'), clock('emoji')]).toEqual([hlc, hlc]);
    expect(clock('*')).not.toBe(hlc);

    // The row's own trigger stood aside for that write only: the next update through the API is captured as always.
    const next = lastSeq(t);
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'Manual' } }));
    const after = logAfter(t, next).filter((row) => row.tbl === 'spaces');
    expect(after.map((row) => [row.op, JSON.parse(row.fields!).title, row.actor])).toEqual([['update', 'Manual', t.owner.id]]);
  });

  it('that inserts a row the engine has is logged as an insert of the fields written', async () => {
    t = await TestServer.start();
    const space = await newSpace(t.owner, t.organizationId, { title: 'Guide' });
    const before = lastSeq(t);
    const hlc = peerStamp(t);
    const change: Change = { hlc, table: 'spaces', key: [space.id], op: 'insert', fields: { title: 'Again' }, actor: null };
    applyChanges(t.engine.db, t.engine.changeCapture, [change], { hub: true });
    expect(logAfter(t, before)).toEqual([{ hlc, tbl: 'spaces', row_key: JSON.stringify([space.id]), op: 'insert', fields: JSON.stringify({ title: 'Again' }), actor: null }]);
  });
});
