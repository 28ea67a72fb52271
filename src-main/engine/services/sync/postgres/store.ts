import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RowEffect } from './row-effects.js';

/** The layout of Folio's tables in PostgreSQL; another value is another program's database. */
export const STORE_FORMAT = '1';

/** Whichever process starts first creates or checks the tables, alone (docs/hub.md, "Migrations"). */
const SETUP_LOCK = 0x466f6c69; // "Foli"

/**
 * Other processes hear of each commit on this channel, its payload the new cursor (and its rows).
 * Named anew when the payload's format changes (`folio_hub_commit` carried v8-serialized rows until
 * 2026-11-28): a process of the other format, still running, then hears these commits only by its
 * cursor check (a second later) rather than failing to decode them.
 */
export const COMMIT_CHANNEL = 'folio_hub_turns';

/** y-websocket awareness (cursors, who is here) and live updates of one process's rooms, for the same rooms in the others; never stored. */
export const ROOMS_CHANNEL = 'folio_hub_rooms';

/** Rows read per query when a process loads the whole store. */
const LOAD_PAGE = 2000;

/**
 * The whole hub, in four tables (docs/hub.md, "How it works"): every row of the engine's SQLite
 * schema (`folio_hub_rows`: table, key, values, and the turn that last wrote it; a deleted row
 * keeps a tombstone with no values until it is purged), the counter of turns bumped in each
 * writing transaction, and what the store is (its format, the engine schema version its rows
 * have, its id).
 */
const SCHEMA = `
  CREATE TABLE folio_hub_meta (key text PRIMARY KEY, value text NOT NULL);
  CREATE TABLE folio_hub_counter (id int PRIMARY KEY CHECK (id = 1), seq bigint NOT NULL);
  CREATE TABLE folio_hub_rows (
    tbl text NOT NULL,
    key text NOT NULL,
    seq bigint NOT NULL,
    data bytea,
    PRIMARY KEY (tbl, key)
  );
  CREATE INDEX folio_hub_rows_by_seq ON folio_hub_rows (seq);
`;

export interface StoreInfo {
  hubId: string;
  /** The engine's migration version the rows are of. */
  engineSchema: number;
  /** Turns up to here may have lost tombstones: a process further behind loads everything again. */
  purgedThrough: number;
}

/** Why a store cannot be used: said in one line, and the process exits. */
export class StoreRefused extends Error {}

/**
 * Opens the store at `url`, creating it when the database is empty: the tables and the working
 * copy's first rows (`initialRows`, a freshly migrated engine) in one transaction, under an
 * advisory lock, so that two processes starting at once never both create it and a failure
 * leaves nothing behind. A store of another format or engine schema is refused.
 */
export async function openStore(
  url: string,
  engineSchema: number,
  initialRows: () => Iterable<RowEffect>,
  /** The rows of an older Folio's schema (`from`) as this one's migrations leave them. */
  upgradeRows?: (from: number, rows: readonly RowEffect[]) => Iterable<RowEffect>,
): Promise<StoreInfo> {
  const client = await connect(url);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
    try {
      const info = await readInfo(client);
      if (info === 'empty') return await createStore(client, engineSchema, initialRows);
      if (info.format !== STORE_FORMAT) throw new StoreRefused(`the database holds Folio hub tables of format ${info.format}; this Folio reads format ${STORE_FORMAT}`);
      if (info.engineSchema > engineSchema)
        throw new StoreRefused(`the database holds Folio schema version ${info.engineSchema}, newer than this Folio's ${engineSchema}: run a newer Folio`);
      if (info.engineSchema < engineSchema) {
        if (!upgradeRows) throw new StoreRefused(`the database holds Folio schema version ${info.engineSchema}, older than this Folio's ${engineSchema}: start a hub process (serve --postgres) to upgrade it`);
        const purgedThrough = await upgradeStore(client, info.engineSchema, engineSchema, upgradeRows);
        return { hubId: info.hubId, engineSchema, purgedThrough };
      }
      return { hubId: info.hubId, engineSchema, purgedThrough: info.purgedThrough };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** Connects, saying in one line what went wrong (a wrong URL, a server that is not there). */
export async function connect(url: string): Promise<pg.Client> {
  let client: pg.Client;
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  } catch (error) {
    throw new StoreRefused(`--postgres: not a PostgreSQL URL (${(error as Error).message})`);
  }
  try {
    await client.connect();
  } catch (error) {
    throw new StoreRefused(`cannot reach PostgreSQL at ${redacted(url)}: ${(error as Error).message || String(error)}`);
  }
  return client;
}

/** The URL without its password, for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

interface Found {
  format: string;
  engineSchema: number;
  hubId: string;
  purgedThrough: number;
}

async function readInfo(client: pg.Client): Promise<Found | 'empty'> {
  const tables = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  const names = tables.rows.map((row) => row.name);
  if (names.length === 0) return 'empty';
  if (!names.includes('folio_hub_meta'))
    throw new StoreRefused(`the database is not empty and holds no Folio hub (tables: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}): give Folio a database of its own`);
  const meta = new Map((await client.query<{ key: string; value: string }>('SELECT key, value FROM folio_hub_meta')).rows.map((row) => [row.key, row.value]));
  return {
    format: meta.get('format') ?? '?',
    engineSchema: Number(meta.get('engine_schema')),
    hubId: meta.get('hub_id') ?? '',
    purgedThrough: Number(meta.get('purged_through') ?? 0),
  };
}

async function createStore(client: pg.Client, engineSchema: number, initialRows: () => Iterable<RowEffect>): Promise<StoreInfo> {
  const hubId = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(SCHEMA);
    await client.query('INSERT INTO folio_hub_counter (id, seq) VALUES (1, 1)');
    const meta = { format: STORE_FORMAT, engine_schema: String(engineSchema), hub_id: hubId, purged_through: '0' };
    for (const [key, value] of Object.entries(meta)) await client.query('INSERT INTO folio_hub_meta (key, value) VALUES ($1, $2)', [key, value]);
    await writeRows(client, initialRows(), 1);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return { hubId, engineSchema, purgedThrough: 0 };
}

/**
 * Upgrades the store from an older Folio's schema in one transaction, holding the turn counter's
 * row (every write waits on it): every row is read, migrated on a working copy (`upgradeRows`),
 * and written back as one new turn; the tombstones go, and `purged_through` moves to that turn, so
 * a process still running from before loads everything again (or, on the older Folio, is refused
 * by the newer schema when it restarts). A failure rolls everything back: the database stays as
 * the older Folio left it. Returns the turn.
 */
async function upgradeStore(client: pg.Client, from: number, to: number, upgradeRows: (from: number, rows: readonly RowEffect[]) => Iterable<RowEffect>): Promise<number> {
  await client.query('BEGIN');
  try {
    const head = Number((await client.query<{ seq: string }>('SELECT seq FROM folio_hub_counter WHERE id = 1 FOR UPDATE')).rows[0]!.seq);
    const rows: RowEffect[] = [];
    await readPages(client, (page) => rows.push(...page));
    let upgraded: Iterable<RowEffect>;
    try {
      upgraded = upgradeRows(from, rows);
    } catch (error) {
      throw new StoreRefused(`upgrading the hub database from Folio schema version ${from} to ${to} failed, and changed nothing: ${(error as Error).message}`);
    }
    const turn = head + 1;
    await client.query('DELETE FROM folio_hub_rows');
    await writeRows(client, upgraded, turn);
    await client.query('UPDATE folio_hub_counter SET seq = $1 WHERE id = 1', [turn]);
    await client.query(
      `INSERT INTO folio_hub_meta (key, value) VALUES ('engine_schema', $1), ('purged_through', $2), ('purge_next', $2)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [String(to), String(turn)],
    );
    await client.query('COMMIT');
    return turn;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Writes a whole store's rows as turn `seq`, a page of rows a statement. */
async function writeRows(client: pg.Client, rows: Iterable<RowEffect>, seq: number): Promise<void> {
  let batch: RowEffect[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === LOAD_PAGE) {
      await client.query(UPSERT_ROWS, upsertParams(batch, seq));
      batch = [];
    }
  }
  if (batch.length > 0) await client.query(UPSERT_ROWS, upsertParams(batch, seq));
}

/** A row written again keeps the newest turn's values. */
const KEEP_NEWEST = 'ON CONFLICT (tbl, key) DO UPDATE SET data = excluded.data, seq = excluded.seq';

/** Writes rows of turn `$4` (their values, or a tombstone); one statement for a whole turn. */
export const UPSERT_ROWS = `
  INSERT INTO folio_hub_rows (tbl, key, data, seq)
  SELECT tbl, key, data, $4 FROM unnest($1::text[], $2::text[], $3::bytea[]) AS r(tbl, key, data)
  ${KEEP_NEWEST}`;

export function upsertParams(rows: readonly RowEffect[], seq: number): unknown[] {
  return [rows.map((row) => row.tbl), rows.map((row) => row.key), rows.map((row) => row.data), seq];
}

/** A string as an SQL literal; the connections set `standard_conforming_strings`, so only quotes are doubled. */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A row's bytes as a bytea literal (typed, so that a VALUES list of NULLs alone still reads as bytea). */
function byteaLiteral(data: Buffer | null): string {
  return data === null ? 'NULL::bytea' : `'\\x${data.toString('hex')}'::bytea`;
}

/** The same as a NOTIFY command, which answers no rows (less to read back for a relay sent on every keystroke). */
export function notifyCommand(channel: string, payload: string): string {
  return `NOTIFY ${channel}, ${literal(payload)}`;
}

/** NOTIFY payloads are at most 8000 bytes; a turn's rows ride along below this, saving the listeners a query. */
const ROWS_IN_NOTIFICATION = 7000;

/**
 * A turn's rows written out once, as `turn_rows` of a WITH clause, and the commit's NOTIFY built
 * from them by PostgreSQL itself: `SEQ`, or `SEQ ROWS` when they fit, ROWS a JSON array of
 * `[table, key, values in base64 or null]`. The process writing them encodes nothing twice
 * (it hears its own commits and reads nothing of them but the turn).
 */
function rowsValues(rows: readonly RowEffect[]): string {
  return `turn_rows (tbl, key, data) AS (VALUES ${rows.map((row) => `(${literal(row.tbl)}, ${literal(row.key)}, ${byteaLiteral(row.data)})`).join(', ')})`;
}

/**
 * The commit's `pg_notify` for turn `seq` (an SQL expression) and the clause it reads the rows
 * from (`rowsValues`). Rows that cannot fit (by their size here: base64 and JSON add about 40%)
 * are not encoded at all, so a turn of file bytes costs PostgreSQL no JSON it would drop.
 */
function commitNotify(seq: string, rows: readonly RowEffect[]): { call: string; from: string } {
  const estimate = rows.reduce((sum, row) => sum + row.tbl.length + row.key.length + 12 + Math.ceil((row.data?.length ?? 0) * 1.4), 0);
  if (estimate > ROWS_IN_NOTIFICATION) return { call: `pg_notify('${COMMIT_CHANNEL}', ${seq}::text)`, from: '' };
  return {
    call: `pg_notify('${COMMIT_CHANNEL}', CASE WHEN octet_length(carried.rows) <= ${ROWS_IN_NOTIFICATION} THEN ${seq} || ' ' || carried.rows ELSE ${seq}::text END)`,
    from: `(SELECT json_agg(json_build_array(tbl, key, encode(data, 'base64')))::text AS rows FROM turn_rows) AS carried`,
  };
}

/** The WITH clause that writes `turn_rows` (`rowsValues`) as turn `seq` (an SQL expression over `from`). */
function writtenAs(seq: string, from: string): string {
  return `written AS (INSERT INTO folio_hub_rows (tbl, key, seq, data) SELECT turn_rows.tbl, turn_rows.key, ${seq}, turn_rows.data FROM ${from} ${KEEP_NEWEST})`;
}

/** An ordinary turn's rows written as turn `seq`, with the commit's NOTIFY, as one statement (its COMMIT follows in the same round trip). */
export function commitStatement(rows: readonly RowEffect[], seq: number): string {
  const notify = commitNotify(String(seq), rows);
  return `WITH ${rowsValues(rows)},
    ${writtenAs(String(seq), 'turn_rows')}
    SELECT ${notify.call}${notify.from && ` FROM ${notify.from}`}`;
}

/**
 * An optimistic turn (docs/hub.md, "Optimistic turns") as one statement: the counter moves from
 * `cursor` to the next turn only if it stands there (the row's lock awaited, then its value read
 * again), and the rows and the commit's NOTIFY follow only if it did. It answers the turn, or no
 * row when another turn came first and nothing was written.
 */
export function optimisticStatement(rows: readonly RowEffect[], cursor: number): string {
  const turn = Math.trunc(cursor) + 1;
  const notify = commitNotify('turn.seq', rows);
  return `WITH turn AS (UPDATE folio_hub_counter SET seq = ${turn} WHERE id = 1 AND seq = ${turn - 1} RETURNING seq),
    ${rowsValues(rows)},
    ${writtenAs('turn.seq', 'turn, turn_rows')}
    SELECT seq, ${notify.call} FROM turn${notify.from && `, ${notify.from}`}`;
}

/** The turn a NOTIFY payload announces, read without decoding its rows (a process hears its own commits too). */
export function notifiedTurn(payload: string): number {
  const space = payload.indexOf(' ');
  return Number(space === -1 ? payload : payload.slice(0, space));
}

/** A NOTIFY payload read back: the turn, and its rows when they came along. */
export function readNotification(payload: string): { seq: number; rows: RowEffect[] | undefined } {
  const space = payload.indexOf(' ');
  if (space === -1) return { seq: Number(payload), rows: undefined };
  const carried = JSON.parse(payload.slice(space + 1)) as [string, string, string | null][];
  // PostgreSQL's base64 breaks lines every 76 characters; Buffer skips them.
  const rows = carried.map(([tbl, key, data]) => ({ tbl, key, data: data === null ? null : Buffer.from(data, 'base64') }));
  return { seq: Number(payload.slice(0, space)), rows };
}

/** The rows written after turn `$1`, as committed up to now, with the counter read in the same snapshot. */
export const ROWS_SINCE = `
  WITH head AS (SELECT seq FROM folio_hub_counter WHERE id = 1)
  SELECT head.seq, r.tbl, r.key, r.data FROM head LEFT JOIN folio_hub_rows r ON r.seq > $1 AND r.seq <= head.seq`;

/** A page of a whole-store load: every row that has values, in key order, after the last one read. */
export async function loadRows(client: pg.Client, visit: (rows: RowEffect[]) => void): Promise<number> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const head = Number((await client.query<{ seq: string }>('SELECT seq FROM folio_hub_counter WHERE id = 1')).rows[0]!.seq);
    await readPages(client, visit);
    await client.query('COMMIT');
    return head;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Every row that has values, in key order, a page at a time, inside the caller's transaction. */
async function readPages(client: pg.Client, visit: (rows: RowEffect[]) => void): Promise<void> {
  let after: [string, string] = ['', ''];
  for (;;) {
    const page = await client.query<{ tbl: string; key: string; data: Buffer }>(
      'SELECT tbl, key, data FROM folio_hub_rows WHERE data IS NOT NULL AND (tbl, key) > ($1, $2) ORDER BY tbl, key LIMIT $3',
      [after[0], after[1], LOAD_PAGE],
    );
    if (page.rows.length === 0) return;
    visit(page.rows);
    const last = page.rows.at(-1)!;
    after = [last.tbl, last.key];
  }
}

/**
 * Removes the tombstones of deleted rows that every live process has read: those of turns up to
 * the counter as it was at the previous purge (an hour ago, run hourly). `purged_through` says how
 * far: a process behind it (cut off from PostgreSQL for that long) must load the store again.
 * Any process may run it; concurrent runs queue on the meta row.
 */
export async function purgeTombstones(client: pg.Client): Promise<{ purgedThrough: number; removed: number }> {
  await client.query('BEGIN');
  try {
    const meta = await client.query<{ key: string; value: string }>("SELECT key, value FROM folio_hub_meta WHERE key IN ('purge_next', 'purged_through') FOR UPDATE");
    const values = new Map(meta.rows.map((row) => [row.key, Number(row.value)]));
    const through = values.get('purge_next') ?? 0;
    const removed = (await client.query('DELETE FROM folio_hub_rows WHERE data IS NULL AND seq <= $1', [through])).rowCount ?? 0;
    const head = Number((await client.query<{ seq: string }>('SELECT seq FROM folio_hub_counter WHERE id = 1')).rows[0]!.seq);
    const purgedThrough = Math.max(through, values.get('purged_through') ?? 0);
    await client.query(
      `INSERT INTO folio_hub_meta (key, value) VALUES ('purged_through', $1), ('purge_next', $2)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [String(purgedThrough), String(head)],
    );
    await client.query('COMMIT');
    return { purgedThrough, removed };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
