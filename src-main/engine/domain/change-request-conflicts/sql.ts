import * as Y from 'yjs';
import type { ConflictSide, ResolvableConflict } from '../content/merge/conflicts.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { toStore, type StoredSide } from './presentation.js';

export type ConflictResolution = 'main' | 'change-request' | 'edit';

/** A recorded conflict (migration 025), with the page's title where the change request or main still has it. */
export interface ConflictRow {
  id: string;
  change_request_id: string;
  page_id: string;
  kind: ResolvableConflict['kind'];
  /** The block id, the page field, or '' for the page. */
  place: string;
  deleted_on: 'main' | 'change-request' | null;
  base: string | null;
  main: string | null;
  change_request: string | null;
  status: 'open' | 'resolved';
  resolution: ConflictResolution | null;
  resolved_by: string | null;
  resolved_at: string | null;
  revision: string;
  created_at: string;
  updated_at: string;
  /** What the resolution wrote into the change request's docs (migration 032): JSON, doc id to a base64 `Y.Snapshot`. */
  resolution_writes: string | null;
  page_title: string | null;
}

const PAGE_TITLE = `COALESCE(
  (SELECT p.title FROM content_pages p WHERE p.space_id = cr.space_id AND p.branch = cr.id AND p.page_id = c.page_id),
  (SELECT p.title FROM content_pages p WHERE p.space_id = cr.space_id AND p.branch = 'main' AND p.page_id = c.page_id)
)`;
const SELECT = `c.*, ${PAGE_TITLE} AS page_title`;
const FROM = 'change_request_conflicts c JOIN change_requests cr ON cr.id = c.change_request_id';

/** A change request's conflicts, oldest first, of one status or all. */
export function conflictsOf(changeRequestId: string, status: 'open' | 'resolved' | undefined): KeysetQuery {
  return {
    select: SELECT,
    from: FROM,
    where: status ? 'c.change_request_id = ? AND c.status = ?' : 'c.change_request_id = ?',
    params: status ? [changeRequestId, status] : [changeRequestId],
    order: [
      { expr: 'c.created_at', column: 'created_at', desc: false },
      { expr: 'c.id', column: 'id', desc: false },
    ],
  };
}

export function findConflict(db: Database, changeRequestId: string, conflictId: string): ConflictRow | undefined {
  return db.get<ConflictRow>(`SELECT ${SELECT} FROM ${FROM} WHERE c.change_request_id = ? AND c.id = ?`, changeRequestId, conflictId);
}

export function openConflictCount(db: Database, changeRequestId: string): number {
  return db.get<{ n: number }>("SELECT count(*) AS n FROM change_request_conflicts WHERE change_request_id = ? AND status = 'open'", changeRequestId)!.n;
}

export function openConflictIds(db: Database, changeRequestId: string): string[] {
  return db.all<{ id: string }>("SELECT id FROM change_request_conflicts WHERE change_request_id = ? AND status = 'open' ORDER BY id", changeRequestId).map((row) => row.id);
}

/** How many of `ids` are conflicts of the change request here, open or resolved. */
export function knownConflictCount(db: Database, changeRequestId: string, ids: readonly string[]): number {
  return db.get<{ n: number }>(
    'SELECT count(*) AS n FROM change_request_conflicts WHERE change_request_id = ? AND id IN (SELECT value FROM json_each(?))',
    changeRequestId,
    JSON.stringify(ids),
  )!.n;
}

const placeOf = (conflict: ResolvableConflict) =>
  conflict.kind === 'block' ? conflict.blockId : conflict.kind === 'page-field' ? conflict.field : '';

const sideJson = (side: ConflictSide | null | undefined) => (side ? JSON.stringify(toStore(side)) : null);

/**
 * Records what an update found. A place already open keeps its row, with main's version as it is
 * now (main moved again); its base and the change request's version stay those first recorded.
 */
export function recordConflicts(db: Database, changeRequestId: string, conflicts: readonly ResolvableConflict[], revision: string, now: string): void {
  for (const conflict of conflicts) {
    const place = placeOf(conflict);
    const deletedOn = 'deletedOn' in conflict ? (conflict.deletedOn ?? null) : null;
    const open = db.get<{ id: string }>(
      "SELECT id FROM change_request_conflicts WHERE change_request_id = ? AND page_id = ? AND kind = ? AND place = ? AND status = 'open'",
      changeRequestId, conflict.pageId, conflict.kind, place,
    );
    if (open) {
      db.run(
        'UPDATE change_request_conflicts SET main = ?, deleted_on = ?, revision = ?, updated_at = ? WHERE id = ?',
        sideJson(conflict.sides?.main), deletedOn, revision, now, open.id,
      );
      continue;
    }
    db.run(
      `INSERT INTO change_request_conflicts
         (id, change_request_id, page_id, kind, place, deleted_on, base, main, change_request, status, revision, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)`,
      newId(), changeRequestId, conflict.pageId, conflict.kind, place, deletedOn,
      sideJson(conflict.sides?.base), sideJson(conflict.sides?.main), sideJson(conflict.sides?.changeRequest), revision, now, now,
    );
  }
}

/** Marks a conflict resolved, naming what the resolution wrote into which docs (none when it kept the change request's side). */
export function markResolved(db: Database, conflictId: string, resolution: ConflictResolution, writes: ReadonlyMap<string, Y.Snapshot>, userId: string, now: string): void {
  const named = writes.size === 0 ? null : JSON.stringify(Object.fromEntries([...writes].map(([docId, written]) => [docId, Buffer.from(Y.encodeSnapshot(written)).toString('base64')])));
  db.run(
    "UPDATE change_request_conflicts SET status = 'resolved', resolution = ?, resolution_writes = ?, resolved_by = ?, resolved_at = ?, updated_at = ? WHERE id = ?",
    resolution, named, userId, now, now, conflictId,
  );
}

/**
 * A resolution's snapshot of one doc is a few bytes per range it deleted; one past this (only a
 * peer's bug or malice makes one) names nothing, rather than being decoded at every merge.
 */
const MAX_WRITTEN_CHARS = 1024 * 1024;

/**
 * What the resolutions of a change request's conflicts wrote, by doc: what an engine must hold
 * before it merges. A value that does not decode, or is too large, names nothing to wait for.
 */
export function resolutionWrites(db: Database, changeRequestId: string): { docId: string; written: Y.Snapshot }[] {
  const rows = db.all<{ docId: string; written: string }>(
    `SELECT j.key AS docId, j.value AS written FROM change_request_conflicts c, json_each(c.resolution_writes) j
     WHERE c.change_request_id = ? AND c.status = 'resolved' AND json_valid(c.resolution_writes) AND json_type(c.resolution_writes) = 'object'
       AND j.type = 'text' AND length(j.value) <= ?`,
    changeRequestId,
    MAX_WRITTEN_CHARS,
  );
  return rows.flatMap(({ docId, written }) => {
    try {
      return [{ docId, written: Y.decodeSnapshot(Buffer.from(written, 'base64')) }];
    } catch {
      return [];
    }
  });
}

export function readSide(json: string | null): StoredSide | null {
  return json === null ? null : (JSON.parse(json) as StoredSide);
}
