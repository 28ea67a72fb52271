import { afterEach, describe, expect, it } from 'vitest';
import { REPLICATED_TABLES } from '../../../../src-main/engine/sync/changes/tables.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

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
