import type { Database } from '../../core/db/database.js';
import { changeRequestBranch, commentsDoc, parseDocName } from '../../../../src-shared/sync/doc-names.js';
import { logHead } from './change-cursors.js';
import { LogWatch } from './log-watch.js';
import type { Schedule } from './schedule.js';

/**
 * The change request each change of these tables belongs to: its own row, or a row naming it (a
 * review or a conflict is named by its own id, and read back for its change request; one deleted
 * since is not found, and signals nothing).
 */
const CHANGE_REQUEST_OF = `CASE l.tbl
    WHEN 'change_request_reviews' THEN (SELECT r.change_request_id FROM change_request_reviews r WHERE r.id = json_extract(l.row_key, '$[0]'))
    WHEN 'change_request_conflicts' THEN (SELECT c.change_request_id FROM change_request_conflicts c WHERE c.id = json_extract(l.row_key, '$[0]'))
    ELSE json_extract(l.row_key, '$[0]')
  END`;

const TABLES = [
  'change_requests',
  'change_request_reviews',
  'change_request_conflicts',
  'change_request_requested_reviewers',
  'change_request_requested_teams',
  'change_request_contributors',
];

/**
 * Tells the screens of change requests that their state moved — a review, a status, a conflict
 * recorded or resolved, reviewers asked — whoever wrote it: this engine's API, sync, the CLI. A
 * change request's screen is in the room of its comment threads (a Yjs doc it follows live), so
 * that room is told (`pulse`), and the screen reads the change request again. The change log's end
 * is watched (`LogWatch`) from the first such room on, until it grows with none open; a room is not
 * told of changes from before it opened.
 */
export class ChangeRequestPulses {
  private watch: LogWatch | undefined;
  /** The log's end when each open room opened: what came before is not told to it. */
  private readonly openedAt = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly schedule: Schedule,
    /** The docs whose rooms are open now. */
    private readonly openDocIds: () => readonly string[],
    private readonly pulse: (docId: string) => void,
  ) {}

  /** A room opened: a change request's comments start the watch. */
  roomOpened(docId: string): void {
    if (!isChangeRequestComments(docId)) return;
    this.openedAt.set(docId, logHead(this.db));
    this.watch ??= new LogWatch(this.db, this.schedule, (from, to) => this.grew(from, to));
  }

  stop(): void {
    this.watch?.stop();
    this.watch = undefined;
  }

  private grew(from: number, to: number): void {
    const open = new Set(this.openDocIds().filter(isChangeRequestComments));
    for (const docId of this.openedAt.keys()) if (!open.has(docId)) this.openedAt.delete(docId);
    if (open.size === 0) return this.stop();
    for (const [docId, seq] of this.touched(from, to)) if (open.has(docId) && seq > (this.openedAt.get(docId) ?? 0)) this.pulse(docId);
  }

  /** The comments docs of the change requests whose rows changed after `from`, up to `to`, each with its last change's seq. */
  private touched(from: number, to: number): Map<string, number> {
    const rows = this.db.all<{ spaceId: string | null; changeRequestId: string | null; seq: number }>(
      `SELECT l.space_id AS spaceId, ${CHANGE_REQUEST_OF} AS changeRequestId, max(l.seq) AS seq
       FROM change_log l WHERE l.seq > ? AND l.seq <= ? AND l.tbl IN (SELECT value FROM json_each(?))
       GROUP BY 1, 2`,
      from,
      to,
      JSON.stringify(TABLES),
    );
    const touched = new Map<string, number>();
    for (const { spaceId, changeRequestId, seq } of rows) if (spaceId && changeRequestId) touched.set(commentsDoc(spaceId, changeRequestBranch(changeRequestId)), seq);
    return touched;
  }
}

/** A change request's comments: the room its screen follows, which tells of the change request's moves (`Room.pulse`). */
export function isChangeRequestComments(docId: string): boolean {
  const name = parseDocName(docId);
  return name?.kind === 'comments' && name.branch.kind === 'change-request';
}
