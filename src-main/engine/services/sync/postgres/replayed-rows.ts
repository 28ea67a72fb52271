import type { Database } from '../../../core/db/database.js';
import type { DocStore } from '../../../core/docs/store.js';
import type { BlobWatch } from '../blobs/blob-watch.js';
import type { ChangeCapture } from '../changes/capture.js';
import type { ReplayListener } from './postgres-order.js';
import type { RowEffect, RowEffects } from './row-effects.js';

type ReplayedBlobs = Pick<BlobWatch, 'storedElsewhere' | 'notedElsewhere'>;

/** The origin of updates another hub process committed: no replica or room here sent them, so all hear them. */
export const OTHER_PROCESS = Symbol('another hub process');

/**
 * What the engine keeps beside its rows, moved on when another process's rows are replayed:
 * the doc store's listeners (the fan-out to this process's replicas, its y-websocket rooms, the
 * blob watch) hear each update row that is new here; the blob watch hears of file bytes stored
 * (a replica here that asked for them before they came gets them) and of bytes noted missing (a
 * replica here that may hold them is asked); and the change log's clock observes the newest
 * stamp, so that a change stamped here next sorts after every change already in the log.
 */
export function followReplayedRows(
  db: Database,
  docs: DocStore,
  capture: ChangeCapture,
  effects: RowEffects,
  /** Told of file bytes another process stored or noted missing, once replayed (docs/hub.md, "File bytes across processes"). */
  blobs: ReplayedBlobs,
): ReplayListener {
  let seqsBefore = new Map<string, number>();
  let stored: string[] = [];
  let noted: { sha256: string; docId: string }[] = [];
  return {
    // Replays before the listeners hear (two turns in one synchronous span) add up: each doc from its first seq.
    before(rows) {
      let newest: string | undefined;
      for (const row of rows) {
        if (row.tbl === 'docs') {
          const docId = docIdOf(db, effects, row);
          if (docId !== undefined && !seqsBefore.has(docId)) seqsBefore.set(docId, docSeq(db, docId));
        } else if (row.tbl === 'file_blobs') {
          const sha256 = effects.columnsOf(row, ['sha256'])?.[0];
          if (typeof sha256 === 'string') stored.push(sha256);
        } else if (row.tbl === 'sync_missing_blobs') {
          const [sha256, docId] = effects.columnsOf(row, ['sha256', 'doc_id']) ?? [];
          if (typeof sha256 === 'string' && typeof docId === 'string') noted.push({ sha256, docId });
        } else if (row.tbl === 'change_log') {
          const hlc = effects.columnsOf(row, ['hlc'])?.[0];
          if (typeof hlc === 'string' && (newest === undefined || hlc > newest)) newest = hlc;
        }
      }
      if (newest) capture.observe(newest);
    },
    after() {
      const before = seqsBefore;
      const storedNow = stored;
      const notedNow = noted;
      seqsBefore = new Map();
      stored = [];
      noted = [];
      for (const [docId, seq] of before) docs.noticeWrittenElsewhere(docId, seq, OTHER_PROCESS);
      for (const sha256 of storedNow) blobs.storedElsewhere(sha256);
      for (const { sha256, docId } of notedNow) blobs.notedElsewhere(sha256, docId);
    },
  };
}

function docIdOf(db: Database, effects: RowEffects, row: RowEffect): string | undefined {
  const written = effects.columnsOf(row, ['doc_id'])?.[0];
  if (typeof written === 'string') return written;
  return db.get<{ doc_id: string }>('SELECT doc_id FROM docs WHERE rowid = ?', Number(row.key))?.doc_id;
}

function docSeq(db: Database, docId: string): number {
  return db.get<{ seq: number }>('SELECT seq FROM docs WHERE doc_id = ?', docId)?.seq ?? 0;
}
