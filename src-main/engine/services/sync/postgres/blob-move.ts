import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type pg from 'pg';
import { EMPTY_SHA256 } from '../../../domain/content/sql.js';
import { LATEST_SCHEMA } from '../../../core/db/migrations/index.js';
import { BlobStoreRefused, SHA256, sha256Hex, type StoreLabel } from './blob-address.js';
import { bucketLocation } from './blob-bucket.js';
import { openBlobStore, readRecordedStore, storeRefusal, type BlobStoreChoice, type OpenedBlobStore, type RecordedStore } from './blob-store.js';
import type { RowEffect } from './row-effects.js';
import { COMMIT_CHANNEL, connect, STORE_FORMAT, StoreRefused, UPSERT_ROWS, upsertParams } from './store.js';

/** Where `blobs move` takes a hub's file bytes: a folder, a bucket, or back into the database. */
export type BlobTarget = BlobStoreChoice | { kind: 'database' };

/** The move stopped before its switch: said in one line; the database still records the old store, and running the command again resumes. */
export class BlobMoveStopped extends Error {}

/** Held by the move for as long as it runs (its connection's session): two moves of one hub never overlap. */
const MOVE_LOCK = 0x466f6d76; // "Fomv"

/** The connections every hub process opens are named so (commit-follower.ts, blocking-client.ts): any of them means a process is attached. */
const HUB_CONNECTIONS = 'folio-hub-%';

/** Rows read per query while listing, and at most this many bytes of rows fetched at once. */
const PAGE = 1000;
const BATCH_BYTES = 32 * 1024 * 1024;

/** A `file_blobs` row of the hub as PostgreSQL keeps it (`RowEffect`): its rowid, then its columns `sha256, bytes`. */
interface BlobRow {
  key: string;
  seq: number;
  rowid: number;
  sha256: string;
  bytes: Buffer;
}

/** What the move knows of a row: the turn it last saw it at, and whether the row holds its bytes. */
interface Seen {
  seq: number;
  rowid: number;
  sha256: string;
  held: boolean;
}

const EMPTY = Buffer.alloc(0);

/**
 * `folio --postgres URL blobs move` (docs/hub.md, "Moving file bytes"): the hub's file bytes from
 * the store its processes use (`from`, their flags; none: the database) to `to`, in three steps
 * that each leave the hub whole if the command dies there, so that running it again resumes:
 *
 * 1. The new store is checked (empty, or labelled by an earlier run for this hub) and labelled.
 * 2. Every file's bytes are copied into it and read back and hashed there; into the database, a
 *    row is filled at a time in turns of their own (a row holding bytes is read from the row,
 *    whatever the store, so filling them early changes nothing for the processes running).
 * 3. The switch, one PostgreSQL transaction holding the turn counter (no process writes
 *    meanwhile) and `folio_hub_meta` (none starts reading it): refused while hub processes are
 *    attached; the rows written since step 2 are copied and checked too; rows whose bytes now
 *    live elsewhere are emptied; the new store is recorded; and `purged_through` moves past
 *    every process's cursor, so that one the check missed (cut off from PostgreSQL meanwhile)
 *    stops at its next turn or reconnection rather than writing to the old store.
 *
 * The old store is left as it was. Answers what to tell the operator; `say` reports progress.
 */
export async function moveBlobs(url: string, from: BlobStoreChoice | undefined, to: BlobTarget, say: (line: string) => void): Promise<string> {
  const client = await connect(url);
  let source: OpenedBlobStore | undefined;
  let target: OpenedBlobStore | undefined;
  try {
    const locked = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [MOVE_LOCK])).rows[0]!.ok;
    if (!locked) throw new BlobMoveStopped('another `folio blobs move` is running on this hub: let it finish first');
    const recorded = await hubStore(client);
    // The switch checks nobody changed the record meanwhile (a process starting first on a hub that had none).
    const asRead = JSON.stringify(await readRecordedStore(client));
    const current = recorded.kind ?? 'database';
    if (to.kind === 'database' && current === 'database') throw new BlobStoreRefused('this hub keeps its file bytes in the database already: nothing to move');
    // Checked before the store is written to (its probe): a folder given by mistake stays as it was.
    const refuseOther = (store: OpenedBlobStore | undefined) => {
      const refusal = storeRefusal(recorded, from, store?.label(), 'give `blobs move`');
      if (refusal) throw new BlobStoreRefused(refusal);
    };
    if (from === undefined) refuseOther(undefined);
    else source = openBlobStore(from, refuseOther);
    let label: StoreLabel | undefined;
    if (to.kind !== 'database') {
      if (from && from.kind === to.kind && identityOf(from) === identityOf(to)) throw sameStore(source!.where);
      ({ store: target, label } = openTarget(to, recorded));
    }
    const mover = new Mover(client, source, target, say);
    const attached = await attachedConnections(client);
    if (attached > 0) say(`blobs move: hub processes are attached (${attached} connections): copying while they run; the switch needs them stopped`);
    const moved = await mover.copyAll();
    await mover.switchTo(asRead, to, label);
    const wasIn = source ? source.where : 'the database';
    if (to.kind === 'database') {
      return `moved: ${moved} files' bytes are in the database. Start every process without --blob-dir or --blob-s3. The old store ${wasIn} is left as it was: remove it once every process runs without it.`;
    }
    const flag = to.kind === 'folder' ? `--blob-dir ${target!.where}` : `--blob-s3 ${target!.where}`;
    const left = source
      ? `The old store ${wasIn} is left as it was: remove it once every process runs with the new flag and the new store is backed up.`
      : 'The database rows no longer hold the bytes; PostgreSQL gives their space back as it vacuums (VACUUM FULL folio_hub_rows at once, locking the table meanwhile).';
    return `moved: ${moved} files' bytes are in ${target!.where}. Start every process with ${flag}. ${left}`;
  } finally {
    source?.stop?.();
    target?.stop?.();
    await client.end().catch(() => undefined);
  }
}

/** The copy and the switch, with what the copy saw of each row (by its key) for the switch to know what changed since. */
class Mover {
  private readonly seen = new Map<string, Seen>();
  private readonly missing: string[] = [];

  constructor(
    private readonly client: pg.Client,
    private readonly source: OpenedBlobStore | undefined,
    private readonly target: OpenedBlobStore | undefined,
    private readonly say: (line: string) => void,
  ) {}

  /** Step 2: every row's bytes in the new store, checked there; answers how many files. */
  async copyAll(): Promise<number> {
    const total = Number((await this.client.query<{ n: string }>("SELECT count(*) AS n FROM folio_hub_rows WHERE tbl = 'file_blobs' AND data IS NOT NULL")).rows[0]!.n);
    let done = 0;
    let after = '';
    for (;;) {
      const page = await this.client.query<{ key: string; size: number }>(
        "SELECT key, length(data) AS size FROM folio_hub_rows WHERE tbl = 'file_blobs' AND data IS NOT NULL AND key > $1 ORDER BY key LIMIT $2",
        [after, PAGE],
      );
      if (page.rows.length === 0) break;
      after = page.rows.at(-1)!.key;
      for (const keys of bySize(page.rows)) {
        const fills = (await this.fetch(keys)).flatMap((row) => this.place(row));
        if (fills.length > 0) await this.fillTurn(fills);
      }
      done += page.rows.length;
      this.say(`blobs move: ${done} of ${total} files checked in ${this.target?.where ?? 'the database'}`);
    }
    this.stopIfMissing();
    return done;
  }

  /**
   * Step 3, in one transaction: see `moveBlobs`. Throws `BlobMoveStopped`, the transaction rolled
   * back, when hub processes are attached or the hub's store changed meanwhile.
   */
  async switchTo(asRead: string, to: BlobTarget, label: StoreLabel | undefined): Promise<void> {
    const client = this.client;
    await client.query('BEGIN');
    try {
      // The counter first, as every turn takes it, then the table their first round trip reads: no deadlock with one waiting on us.
      const turn = Number((await client.query<{ seq: string }>('UPDATE folio_hub_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq')).rows[0]!.seq);
      await client.query('LOCK TABLE folio_hub_meta IN ACCESS EXCLUSIVE MODE');
      const attached = await attachedConnections(client);
      if (attached > 0) {
        throw new BlobMoveStopped(`hub processes are attached to this database (${attached} connections): stop every process of the hub (serve --postgres), then run the command again; what it copied stays, and it resumes`);
      }
      if (JSON.stringify(await readRecordedStore(client)) !== asRead) {
        throw new BlobMoveStopped('the store this hub records changed while the move ran: run the command again');
      }
      const rows = (await client.query<{ key: string; seq: string; size: number }>("SELECT key, seq, length(data) AS size FROM folio_hub_rows WHERE tbl = 'file_blobs' AND data IS NOT NULL")).rows;
      const changed = rows.filter((row) => this.seen.get(row.key)?.seq !== Number(row.seq));
      const fills: RowEffect[] = [];
      for (const keys of bySize(changed)) for (const row of await this.fetch(keys)) fills.push(...this.place(row));
      this.stopIfMissing();
      const written = to.kind === 'database' ? fills : rows.flatMap((row) => this.emptied(row.key));
      for (let start = 0; start < written.length; start += PAGE) await client.query(UPSERT_ROWS, upsertParams(written.slice(start, start + PAGE), turn));
      await this.record(to, label, turn);
      await client.query('SELECT pg_notify($1, $2)', [COMMIT_CHANNEL, String(turn)]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** The new store in `folio_hub_meta`, and `purged_through` at the switch's turn: a process loaded before it stops (docs/hub.md). */
  private async record(to: BlobTarget, label: StoreLabel | undefined, turn: number): Promise<void> {
    const set = (key: string, value: string) =>
      this.client.query('INSERT INTO folio_hub_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
    await set('file_bytes', to.kind);
    if (to.kind === 'database') {
      await this.client.query("DELETE FROM folio_hub_meta WHERE key IN ('file_bytes_store', 'file_bytes_at')");
    } else {
      await set('file_bytes_store', label!.store);
      await set('file_bytes_at', this.target!.where);
    }
    await this.client.query(
      `INSERT INTO folio_hub_meta (key, value) VALUES ('purged_through', $1)
       ON CONFLICT (key) DO UPDATE SET value = GREATEST(folio_hub_meta.value::bigint, excluded.value::bigint)::text`,
      [String(turn)],
    );
  }

  /** The rows of `keys` as they are now (one gone meanwhile is left out). */
  private async fetch(keys: string[]): Promise<BlobRow[]> {
    const result = await this.client.query<{ key: string; seq: string; data: Buffer }>(
      "SELECT key, seq, data FROM folio_hub_rows WHERE tbl = 'file_blobs' AND key = ANY($1) AND data IS NOT NULL",
      [keys],
    );
    return result.rows.map((row) => decoded(row.key, Number(row.seq), row.data));
  }

  /**
   * One row's bytes where the move takes them, checked there: into the new store (answers
   * nothing), or, into the database, the row filled (answered, to be written in a turn).
   */
  private place(row: BlobRow): RowEffect[] {
    const held = row.bytes.length > 0 || row.sha256 === EMPTY_SHA256;
    this.seen.set(row.key, { seq: row.seq, rowid: row.rowid, sha256: row.sha256, held });
    if (held && sha256Hex(row.bytes) !== row.sha256) throw new BlobMoveStopped(`the database's row of ${row.sha256} holds other bytes than those of that SHA-256: nothing was switched`);
    if (this.target === undefined) {
      if (held) return [];
      const bytes = this.fromSource(row.sha256);
      return bytes ? [{ tbl: 'file_blobs', key: row.key, data: serialize([row.rowid, row.sha256, bytes]) }] : [];
    }
    // The empty file is never read from a store (`blobBytes`).
    if (row.sha256 === EMPTY_SHA256 || this.inTarget(row.sha256)) return [];
    const bytes = held ? row.bytes : this.fromSource(row.sha256);
    if (!bytes) return [];
    this.target.write(row.sha256, bytes);
    if (!this.inTarget(row.sha256)) throw new BlobMoveStopped(`${this.target.where} does not give back the bytes of ${row.sha256} it took: nothing was switched`);
    return [];
  }

  /** The bytes from the old store, checked; undefined (and noted) when it does not have them. */
  private fromSource(sha256: string): Buffer | undefined {
    const bytes = this.source?.read(sha256);
    if (bytes === undefined) {
      this.missing.push(sha256);
      return undefined;
    }
    if (sha256Hex(bytes) !== sha256) throw new BlobMoveStopped(`${this.source!.where} holds other bytes under ${sha256}: restore that file from a backup, then run the command again`);
    return bytes;
  }

  /** Whether the new store gives back the bytes of `sha256`, hashed; other bytes under that name stop the move. */
  private inTarget(sha256: string): boolean {
    const bytes = this.target!.read(sha256);
    if (bytes === undefined) return false;
    if (sha256Hex(bytes) !== sha256) throw new BlobMoveStopped(`${this.target!.where} holds other bytes under ${sha256}: remove them, then run the command again`);
    return true;
  }

  /** A row whose bytes are in the new store now, without them; none when it holds none already. */
  private emptied(key: string): RowEffect[] {
    const seen = this.seen.get(key)!;
    if (!seen.held || seen.sha256 === EMPTY_SHA256) return [];
    return [{ tbl: 'file_blobs', key, data: serialize([seen.rowid, seen.sha256, EMPTY]) }];
  }

  /**
   * Rows filled with their bytes, as a turn of their own (as a hub process writes one). A row a
   * process changed or deleted since it was read is left as it is: the switch sees it again.
   */
  private async fillTurn(fills: RowEffect[]): Promise<void> {
    const client = this.client;
    await client.query('BEGIN');
    try {
      const turn = Number((await client.query<{ seq: string }>('UPDATE folio_hub_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq')).rows[0]!.seq);
      const now = await client.query<{ key: string; seq: string }>("SELECT key, seq FROM folio_hub_rows WHERE tbl = 'file_blobs' AND key = ANY($1) AND data IS NOT NULL", [fills.map((row) => row.key)]);
      const unchanged = new Set(now.rows.filter((row) => this.seen.get(row.key)?.seq === Number(row.seq)).map((row) => row.key));
      const rows = fills.filter((row) => unchanged.has(row.key));
      await client.query(UPSERT_ROWS, upsertParams(rows, turn));
      await client.query('SELECT pg_notify($1, $2)', [COMMIT_CHANNEL, String(turn)]);
      await client.query('COMMIT');
      for (const row of rows) this.seen.set(row.key, { ...this.seen.get(row.key)!, seq: turn, held: true });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  private stopIfMissing(): void {
    const count = this.missing.length;
    if (count === 0) return;
    throw new BlobMoveStopped(
      `${count} file${count === 1 ? "'s" : "s'"} bytes are in neither the database nor ${this.source?.where ?? 'any store'} (${this.missing[0]}${count > 1 ? ', …' : ''}): put them back from a backup of that store, then run the command again; nothing was switched`,
    );
  }
}

/** What the hub's database says of itself and of its store: a hub of this Folio's format and schema, or refused in one line. */
async function hubStore(client: pg.Client): Promise<RecordedStore> {
  let meta: Map<string, string>;
  try {
    meta = new Map((await client.query<{ key: string; value: string }>("SELECT key, value FROM folio_hub_meta WHERE key IN ('format', 'engine_schema')")).rows.map((row) => [row.key, row.value]));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') throw new StoreRefused('the database holds no Folio hub: give the database its processes use (--postgres)');
    throw error;
  }
  if (meta.get('format') !== STORE_FORMAT) throw new StoreRefused(`the database holds Folio hub tables of format ${meta.get('format')}; this Folio reads format ${STORE_FORMAT}`);
  const schema = Number(meta.get('engine_schema'));
  if (schema !== LATEST_SCHEMA) {
    throw new StoreRefused(`the database holds Folio schema version ${schema}, this Folio's is ${LATEST_SCHEMA}: move file bytes with the Folio its processes run${schema < LATEST_SCHEMA ? ', or start one process of this one first (it upgrades the database)' : ''}`);
  }
  const recorded = await readRecordedStore(client);
  if (recorded.kind === undefined && (await bytesOutside(client))) return { ...recorded, kind: 'folder' };
  return recorded;
}

/** Whether a row holds no bytes (the empty file aside), as `checkBlobStore` asks the working copy: such a row is short. */
async function bytesOutside(client: pg.Client): Promise<boolean> {
  const short = await client.query<{ key: string; data: Buffer }>("SELECT key, data FROM folio_hub_rows WHERE tbl = 'file_blobs' AND data IS NOT NULL AND length(data) < 200");
  return short.rows.some((row) => {
    const { sha256, bytes } = decoded(row.key, 0, row.data);
    return bytes.length === 0 && sha256 !== EMPTY_SHA256;
  });
}

/** The new store, checked as a process checks its own, then: empty, or labelled for this hub by a run that stopped; labelled if new. */
function openTarget(to: BlobStoreChoice, recorded: RecordedStore): { store: OpenedBlobStore; label: StoreLabel } {
  let label: StoreLabel | undefined;
  try {
    const store = openBlobStore(to, (store) => {
      const found = store.label();
      if (found && found.hub !== recorded.hub) throw new BlobStoreRefused(`${store.where} holds the file bytes of another Folio hub (${found.hub}): give a store of this hub's own`);
      if (found && found.store === recorded.store) throw sameStore(store.where);
      if (!found && store.holdsAnything()) throw new BlobStoreRefused(`${flagOf(to)}: ${store.where} is not empty: give an empty ${to.kind === 'folder' ? 'folder' : 'bucket or prefix'} for this hub's file bytes`);
      label = found ?? { hub: recorded.hub, store: randomUUID() };
      if (!found) store.setLabel(label);
    });
    return { store, label: label! };
  } catch (error) {
    // The store's own refusals name the serve flag; here it is the target's.
    if (error instanceof BlobStoreRefused) throw new BlobStoreRefused(error.message.replace(/^--blob-(dir|s3):/, `${flagOf(to)}:`));
    throw error;
  }
}

function flagOf(to: BlobStoreChoice): string {
  return to.kind === 'folder' ? '--to-dir' : '--to-s3';
}

function sameStore(where: string): BlobStoreRefused {
  return new BlobStoreRefused(`this hub keeps its file bytes in ${where} already: nothing to move`);
}

/** Two flags name the same store when this is equal: a folder's real path, a bucket's address and prefix. */
function identityOf(choice: BlobStoreChoice): string {
  if (choice.kind === 's3') {
    const { base, prefix } = bucketLocation(choice.location, choice.env);
    return `${base}/${prefix}`;
  }
  try {
    return realpathSync(choice.dir);
  } catch {
    return resolve(choice.dir);
  }
}

/** The hub's connections open on this database, other than this one's. */
async function attachedConnections(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE $1 AND pid <> pg_backend_pid()',
    [HUB_CONNECTIONS],
  );
  return Number(result.rows[0]!.n);
}

/** Keys in groups of at most `BATCH_BYTES` of rows (a row larger alone). */
function bySize(rows: readonly { key: string; size: number }[]): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (group.length > 0 && bytes + Number(row.size) > BATCH_BYTES) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(row.key);
    bytes += Number(row.size);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

function decoded(key: string, seq: number, data: Buffer): BlobRow {
  const values = deserialize(data) as unknown[];
  const [rowid, sha256, bytes] = values;
  if (values.length !== 3 || typeof rowid !== 'number' || typeof sha256 !== 'string' || !SHA256.test(sha256) || !(bytes instanceof Uint8Array)) {
    throw new BlobMoveStopped(`a file_blobs row of the hub (${key}) is not a row of this Folio's schema: nothing was switched`);
  }
  return { key, seq, rowid, sha256, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
