import type { Database } from '../db/database.js';
import { changeRequestBranch, commentsDoc, parseDocName } from '../../../src-shared/sync/doc-names.js';
import { logHead } from './change-cursors.js';
import type { Schedule } from './schedule.js';

/** How often the change log's end is looked at while a change request is on someone's screen; one indexed read. */
export const PULSE_WATCH_MS = 250;

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
 * that room is told (`pulse`), and the screen reads the change request again. Only while such a
 * room is open is the change log's end read, every `PULSE_WATCH_MS`; a room is not told of changes
 * from before it opened.
 */
export class ChangeRequestPulses {
  private head = 0;
  private cancel: (() => void) | undefined;
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
    const head = logHead(this.db);
    this.openedAt.set(docId, head);
    if (this.cancel) return;
    this.head = head;
    this.next();
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  private next(): void {
    this.cancel = this.schedule(() => this.tick(), PULSE_WATCH_MS);
  }

  private tick(): void {
    const open = new Set(this.openDocIds().filter(isChangeRequestComments));
    for (const docId of this.openedAt.keys()) if (!open.has(docId)) this.openedAt.delete(docId);
    if (open.size === 0) {
      this.cancel = undefined;
      return;
    }
    const head = logHead(this.db);
    if (head > this.head) {
      for (const [docId, seq] of this.touched(this.head, head)) if (open.has(docId) && seq > (this.openedAt.get(docId) ?? 0)) this.pulse(docId);
      this.head = head;
    }
    this.next();
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

function isChangeRequestComments(docId: string): boolean {
  const name = parseDocName(docId);
  return name?.kind === 'comments' && name.branch.kind === 'change-request';
}
