import { randomBytes } from 'node:crypto';
import type { Connection, SqlFunctions } from '../../../core/db/database.js';
import { decodeHlc, encodeHlc, receive, runsAhead, tick, zeroHlc, type Hlc } from '../../../../../src-shared/sync/hlc.js';
import type { FieldValue } from '../../../../../src-shared/sync/change.js';

/** Fields an update must log even where the value did not change, and the op to log it as. */
export interface ForcedFields {
  table: string;
  rowKey: string;
  fields: ReadonlySet<string>;
  op: 'insert' | 'update';
}

/**
 * The change log's side of one SQLite connection: its hybrid logical clock and what the
 * capture triggers are to record right now. Each connection has its own node id, so two
 * processes on one file (the server and the CLI) never hand out the same stamp. The engine
 * makes one per connection and hands it to what writes the log (the pipeline's before-write
 * hook, sync, translation runs).
 */
export class ChangeCapture implements SqlFunctions {
  readonly node = randomBytes(6).toString('hex');
  private last: Hlc;
  /** `last` encoded, kept with it: a stamp at or before it is seen without decoding. */
  private lastText: string;
  /** The user whose request is running; null for the engine itself. */
  actor: string | null = null;
  /** The one user a compensating change answers. */
  audience: string | null = null;
  /**
   * Set while a remote change is applied: its row's write is logged under its stamp. What the
   * write sets off (cascades, other triggers) gets fresh stamps: a child created concurrently
   * under a deleted parent is newer than the parent's delete, and its delete must beat it.
   */
  pinned: { hlc: string; table: string; rowKey: string } | undefined;
  forced: ForcedFields | undefined;
  /** The row whose update the applier logs itself (`appliedUpdateEntry`): its update trigger stands aside. */
  selfLogged: { table: string; rowKey: string } | undefined;

  /** The wall clock stamps are made from (a test makes one run ahead). */
  nowMs: () => number = Date.now;

  constructor() {
    this.last = zeroHlc(this.node);
    this.lastText = encodeHlc(this.last);
  }

  private moveTo(hlc: Hlc): void {
    this.last = hlc;
    this.lastText = encodeHlc(hlc);
  }

  /**
   * Registers the SQL functions the capture triggers call, on a connection about to migrate
   * (Database does this when it opens a file): every connection that writes the replicated
   * tables needs them. The clock starts past the newest stamp the log holds.
   */
  register(raw: Connection): void {
    const latest = latestStamp(raw);
    const seen = latest === undefined ? undefined : decodeHlc(latest);
    this.moveTo(seen ? receive(zeroHlc(this.node), seen, 0) : zeroHlc(this.node));
    const volatile = { deterministic: false, varargs: false } as const;
    raw.function('sync_stamp', volatile, (table, rowKey) => this.stamp(String(table), String(rowKey)));
    raw.function('sync_actor', volatile, () => this.actor);
    raw.function('sync_audience', volatile, () => this.audience);
    raw.function('sync_captures', volatile, (table, rowKey) => (this.captures(String(table), String(rowKey)) ? 1 : 0));
    raw.function('sync_op', volatile, (table, rowKey) => this.opOf(String(table), String(rowKey)));
    raw.function('sync_fields', volatile, (table, rowKey, before, after) =>
      this.changedFields(String(table), String(rowKey), String(before), String(after)),
    );
  }

  /** The stamp of the change being logged: the pinned one for the pinned row, or a new tick. */
  stamp(table?: string, rowKey?: string): string {
    const pinned = this.pinned;
    if (pinned && pinned.table === table && pinned.rowKey === rowKey) return pinned.hlc;
    this.moveTo(tick(this.last, this.nowMs()));
    return this.lastText;
  }

  /** A stamp seen elsewhere (a peer's change, another connection's row): later stamps sort after it. */
  observe(stamp: string): void {
    // A valid stamp is its own encoding (fixed width), so string order is clock order: one not
    // past the last needs no decoding (most of a catch-up's, which this clock has passed).
    if (stamp <= this.lastText) return;
    const remote = decodeHlc(stamp);
    if (remote) this.moveTo(receive(this.last, remote, this.nowMs()));
  }

  /** Whether a peer's stamp lies too far past this engine's wall clock to be believed (docs/sync.md, "Clock skew"). */
  runsAhead(stamp: string): boolean {
    const remote = decodeHlc(stamp);
    return remote !== undefined && runsAhead(remote, this.nowMs());
  }

  /** The wall clock stamps are made from, in milliseconds. */
  wallMs(): number {
    return this.nowMs();
  }

  /** The JSON object of the fields an update logs, or null when there are none. */
  changedFields(table: string, rowKey: string, before: string, after: string): string | null {
    const old = JSON.parse(before) as Record<string, FieldValue>;
    const next = JSON.parse(after) as Record<string, FieldValue>;
    const forced = this.forcedFor(table, rowKey);
    const changed: Record<string, FieldValue> = {};
    for (const [field, value] of Object.entries(next)) {
      if (value !== old[field] || forced?.fields.has(field)) changed[field] = value;
    }
    return Object.keys(changed).length === 0 ? null : JSON.stringify(changed);
  }

  /** Whether the update trigger logs this row's update (all but the one the applier logs). */
  captures(table: string, rowKey: string): boolean {
    const self = this.selfLogged;
    return !self || self.table !== table || self.rowKey !== rowKey;
  }

  opOf(table: string, rowKey: string): 'insert' | 'update' {
    return this.forcedFor(table, rowKey)?.op ?? 'update';
  }

  private forcedFor(table: string, rowKey: string): ForcedFields | undefined {
    const forced = this.forced;
    return forced && forced.table === table && forced.rowKey === rowKey ? forced : undefined;
  }
}

/** The newest stamp in the log, when the log exists yet (before migration 012 it does not). */
function latestStamp(raw: Connection): string | undefined {
  const table = raw.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'change_log'").get();
  if (!table) return undefined;
  const row = raw.prepare('SELECT max(hlc) AS hlc FROM change_log').get() as { hlc: string | null };
  return row.hlc ?? undefined;
}
