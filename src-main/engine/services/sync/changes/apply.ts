import type { Change } from '../../../../../src-shared/sync/change.js';
import type { Database } from '../../../core/db/database.js';
import { mayApply } from './authorize.js';
import type { Peer } from './peer.js';
import type { ChangeCapture, ForcedFields } from './capture.js';
import { forgetClocksAhead, stampToApply } from './clock-skew.js';
import { capturing } from './capture-scope.js';
import { followChangeRequestDocs } from './change-request-forks.js';
import { settleNumber } from './change-request-numbers.js';
import { settleMove } from './collection-cycles.js';
import { compensate } from './compensate.js';
import { restamp } from './restamp.js';
import { deleteRow, insertRow, newer, raiseClock, readRow, rowClocks, updateRow, type RowValues } from './rows.js';
import { tableSpec, type TableSpec } from './tables.js';
import { appliedUpdateEntry } from './triggers.js';
import { asideEmail, holderOf, makeRoomFor } from './user-emails.js';

export interface ApplyResult {
  applied: number;
  /** Refused for the sender's role and answered with a compensating change. */
  compensated: number;
  /** Already known, or beaten by what this engine holds. */
  ignored: number;
}

type Outcome = keyof ApplyResult;

/**
 * Applies a peer's changes in one transaction (docs/sync.md, "Change log"): per field, the
 * greater stamp wins; a delete beats every edit and only a newer insert brings the row back;
 * clashes of change request numbers and cycles of collections are settled by fixed rules.
 * What is applied is logged under its own stamp, so it travels on to other peers. Applying a
 * change twice changes nothing.
 */
export function applyChanges(db: Database, capture: ChangeCapture, changes: readonly Change[], source: Peer): ApplyResult {
  return db.transaction(() => {
    // Rows of one batch may come children first (a collection moved under a newer one).
    db.raw.pragma('defer_foreign_keys = ON');
    forgetClocksAhead(db, source);
    const result: ApplyResult = { applied: 0, compensated: 0, ignored: 0 };
    for (const change of changes) result[applyOne(db, capture, change, source)] += 1;
    return result;
  });
}

function applyOne(db: Database, capture: ChangeCapture, received: Change, source: Peer): Outcome {
  const spec = tableSpec(received.table);
  if (!spec || !knownShape(spec, received) || alreadyKnown(db, received)) return 'ignored';
  const change = stampToApply(db, capture, received, source);
  const row = readRow(db, spec, change.key);
  const sender = 'user' in source ? source.user : undefined;
  // A delete of a row this engine does not have changes nothing, whoever sent it.
  if (sender !== undefined && (row || change.op !== 'delete') && !mayApply(db, sender, change, row)) {
    compensate(db, capture, spec, change, row, sender);
    return 'compensated';
  }
  return write(db, capture, spec, sender === undefined ? change : { ...change, actor: sender }, row, sender);
}

function knownShape(spec: TableSpec, change: Change): boolean {
  return change.key.length === spec.key.length && Object.keys(change.fields ?? {}).every((field) => spec.columns.includes(field));
}

/** Logged here already, or refused before. */
function alreadyKnown(db: Database, change: Change): boolean {
  const known = db.get<{ known: number }>(
    `SELECT EXISTS (SELECT 1 FROM change_log WHERE hlc = @hlc AND tbl = @tbl AND row_key = @key)
         OR EXISTS (SELECT 1 FROM rejected_changes WHERE hlc = @hlc AND tbl = @tbl AND row_key = @key) AS known`,
    { hlc: change.hlc, tbl: change.table, key: JSON.stringify(change.key) },
  );
  return known!.known === 1;
}

/** `sender`: the replica's user whose change this is, on a hub; undefined for what the hub sends. */
function write(db: Database, capture: ChangeCapture, spec: TableSpec, change: Change, row: RowValues | undefined, sender: string | undefined): Outcome {
  const rowKey = JSON.stringify(change.key);
  const clocks = rowClocks(db, spec.name, rowKey);
  const existence = clocks.get('*');
  if (change.op === 'delete') {
    if (!row || !newer(change.hlc, existence)) {
      raiseClock(db, spec.name, rowKey, '*', change.hlc);
      return 'ignored';
    }
    pinned(capture, change, undefined, () => deleteRow(db, spec, change.key));
    return 'applied';
  }
  if (!row) {
    if (change.op === 'update' || !newer(change.hlc, existence)) return 'ignored';
    return insert(db, capture, spec, change, sender);
  }
  return update(db, capture, spec, change, rowKey, clocks, sender);
}

function insert(db: Database, capture: ChangeCapture, spec: TableSpec, change: Change, sender: string | undefined): Outcome {
  const settled = settle(db, capture, spec, change, { ...change.fields }, change.hlc, sender);
  pinned(capture, change, undefined, () => insertRow(db, spec, settled.values));
  // A replica's local user, uploaded: that replica speaks for them (docs/sync.md, "Identity").
  if (spec.name === 'users' && sender !== undefined) db.run('INSERT OR IGNORE INTO vouched_users (user_id, voucher_id) VALUES (?, ?)', change.key[0], sender);
  restamp(db, capture, spec, change.key, settled.moved, { op: 'update', audience: null });
  followDocs(db, spec, change.key);
  return 'applied';
}

/** The fields whose stamps beat this engine's, written; an insert of a row it has is one too. */
function update(
  db: Database,
  capture: ChangeCapture,
  spec: TableSpec,
  change: Change,
  rowKey: string,
  clocks: ReadonlyMap<string, string>,
  sender: string | undefined,
): Outcome {
  const winning: RowValues = {};
  for (const [field, value] of Object.entries(change.fields ?? {})) {
    if (newer(change.hlc, clocks.get(field))) winning[field] = value;
  }
  if (Object.keys(winning).length === 0) {
    if (change.op === 'insert') raiseClock(db, spec.name, rowKey, '*', change.hlc);
    return 'ignored';
  }
  const created = change.op === 'insert' ? change.hlc : (clocks.get('*') ?? change.hlc);
  const settled = settle(db, capture, spec, change, winning, created, sender);
  const forced: ForcedFields = { table: spec.name, rowKey, fields: new Set(Object.keys(winning)), op: change.op === 'insert' ? 'insert' : 'update' };
  pinned(capture, change, forced, () => updateLogged(db, capture, spec, change, settled.values, forced.op));
  restamp(db, capture, spec, change.key, settled.moved, { op: 'update', audience: null });
  followDocs(db, spec, change.key);
  return 'applied';
}

/**
 * Writes an applied update and logs it with every written field forced, as the update trigger
 * would (`appliedUpdateEntry`), without its trigger: what the write sets off in other rows is
 * captured as always.
 */
function updateLogged(db: Database, capture: ChangeCapture, spec: TableSpec, change: Change, values: RowValues, op: ForcedFields['op']): void {
  const fields = Object.keys(values);
  capture.selfLogged = { table: spec.name, rowKey: JSON.stringify(change.key) };
  try {
    updateRow(db, spec, change.key, values);
  } finally {
    capture.selfLogged = undefined;
  }
  db.run(appliedUpdateEntry(spec, fields), change.hlc, op, capture.actor, ...change.key);
}

/** What a written row means for this engine's docs beyond the row itself. */
function followDocs(db: Database, spec: TableSpec, key: readonly string[]): void {
  if (spec.name !== 'change_requests') return;
  const row = readRow(db, spec, key);
  if (row) followChangeRequestDocs(db, row);
}

/** Logs what `write` does under the change's own stamp and actor. */
function pinned(capture: ChangeCapture, change: Change, forced: ForcedFields | undefined, write: () => void): void {
  const pin = { hlc: change.hlc, table: change.table, rowKey: JSON.stringify(change.key) };
  capturing(capture, { pinned: pin, actor: change.actor, forced }, write);
}

/**
 * Settles clashes the arriving values would make. `moved` lists the fields given another value
 * than the change's: they are logged again under a fresh stamp once written.
 */
function settle(
  db: Database,
  capture: ChangeCapture,
  spec: TableSpec,
  change: Change,
  values: RowValues,
  created: string,
  sender: string | undefined,
): { values: RowValues; moved: string[] } {
  const moved: string[] = [];
  const id = change.key[0]!;
  if (spec.name === 'users' && typeof values.email === 'string') {
    // The hub keeps what it holds and moves what arrives; a replica moves its own (user-emails.ts).
    if (sender === undefined) makeRoomFor(db, values.email, id);
    else if (holderOf(db, values.email, id)) {
      values.email = asideEmail(values.email, id);
      moved.push('email');
    }
  }
  if (spec.name === 'change_requests' && typeof values.number === 'number') {
    const spaceId = String(values.space_id ?? readRow(db, spec, change.key)?.space_id);
    const number = settleNumber(db, capture, { id, spaceId, number: values.number, created });
    if (number !== values.number) moved.push('number');
    values.number = number;
  }
  if (spec.name === 'collections' && typeof values.parent_id === 'string' && !settleMove(db, capture, id, values.parent_id, change.hlc)) {
    values.parent_id = null;
    moved.push('parent_id');
  }
  return { values, moved };
}
