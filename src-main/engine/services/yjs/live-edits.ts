import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { newId } from '../../core/ids.js';
import { MAIN, branchDocPrefix } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../../domain/revisions/revisions.js';

/** An editing session on main ends, and becomes an `edits` revision, once it has been quiet this long… */
export const QUIET_MS = 30_000;
/** …or once it has lasted this long, so that a space edited all day still gets revisions. */
export const LONGEST_SESSION_MS = 5 * 60_000;
/** How often the engine looks for sessions due; a session is cut at most this late. */
export const SWEEP_MS = 5_000;

/** Records a live edit of main in the writer's transaction: it opens a session or extends it. */
export function noteLiveEdit(db: Database, spaceId: string, now: string): void {
  db.run(
    `INSERT INTO live_edit_sessions (space_id, started_at, last_edit_at) VALUES (?, ?, ?)
     ON CONFLICT (space_id) DO UPDATE SET last_edit_at = excluded.last_edit_at`,
    spaceId,
    now,
    now,
  );
}

/**
 * Cuts the space's live edits not yet in a revision into an `edits` revision, which becomes
 * `Space.revision`; answers its id, or undefined when no edit is pending. Merges and updates call
 * it before they read main, inside their transaction.
 */
export function cutPendingEdits(db: Database, docs: DocStore, spaceId: string, now: string): string | undefined {
  return db.transaction(() => {
    const deleted = db.run('DELETE FROM live_edit_sessions WHERE space_id = ?', spaceId);
    if (deleted.changes === 0) return undefined;
    const space = db.get<{ revision: string }>('SELECT revision FROM spaces WHERE id = ?', spaceId);
    if (!space) return undefined;
    const id = newId();
    const docIds = docs.writtenUnder(branchDocPrefix(spaceId, MAIN));
    cutRevision(db, docs, { id, spaceId, parents: [space.revision], type: 'edits', docIds, now });
    db.run('UPDATE spaces SET revision = ? WHERE id = ?', id, spaceId);
    return id;
  });
}

/** Cuts every session quiet for `QUIET_MS` or open for `LONGEST_SESSION_MS` at `now`; answers the spaces cut. */
export function cutDueEdits(db: Database, docs: DocStore, now: Date): string[] {
  const quietSince = new Date(now.getTime() - QUIET_MS).toISOString();
  const startedBefore = new Date(now.getTime() - LONGEST_SESSION_MS).toISOString();
  const due = db.all<{ space_id: string }>(
    'SELECT space_id FROM live_edit_sessions WHERE last_edit_at <= ? OR started_at <= ?',
    quietSince,
    startedBefore,
  );
  const iso = now.toISOString();
  return due.map((row) => row.space_id).filter((spaceId) => cutPendingEdits(db, docs, spaceId, iso) !== undefined);
}

/** Runs `cutDueEdits` on the engine's clock every `SWEEP_MS` until closed. */
export class LiveRevisions {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
    private readonly clock: Clock,
  ) {
    // unref: the timer alone never keeps the process alive.
    this.timer = setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  /** Cuts what is due now; the timer calls it, and tests call it after moving their clock. */
  cutDue(): string[] {
    return cutDueEdits(this.db, this.docs, this.clock.now());
  }

  close(): void {
    clearInterval(this.timer);
  }

  private sweep(): void {
    try {
      this.cutDue();
    } catch (error) {
      // A busy database: the sessions stay, and the next sweep cuts them.
      console.error('cutting live-edit revisions failed', error);
    }
  }
}
