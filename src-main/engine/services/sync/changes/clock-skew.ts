import type { Change } from '../../../../../src-shared/sync/change.js';
import { firstStampAhead } from '../../../../../src-shared/sync/hlc.js';
import type { Database } from '../../../core/db/database.js';
import type { ChangeCapture } from './capture.js';
import type { Peer } from './peer.js';

/**
 * The stamp a change is applied under (docs/sync.md, "Clock skew"). The hub's stamps are taken
 * as they are. A replica's change stamped more than an hour past the hub's wall clock counts as
 * made when it arrives: it is applied under a fresh stamp of the hub's, which travels to every
 * replica, the sender included. Its own stamp never enters the hub's log nor moves its clock,
 * so one machine whose clock runs ahead drags nobody's; it is remembered, so a resent copy is ignored.
 */
export function stampToApply(db: Database, capture: ChangeCapture, change: Change, source: Peer): Change {
  if ('hub' in source || !capture.runsAhead(change.hlc)) {
    capture.observe(change.hlc);
    return change;
  }
  db.run('INSERT OR IGNORE INTO rejected_changes (hlc, tbl, row_key) VALUES (?, ?, ?)', change.hlc, change.table, JSON.stringify(change.key));
  return { ...change, hlc: capture.stamp() };
}

/**
 * The replica's side: field clocks past the hub's wall clock by more than an hour were stamped
 * here by a clock that ran ahead. They are forgotten before the hub's changes apply, so that the
 * hub's word, and later edits from elsewhere, are not beaten by a wrong clock.
 */
export function forgetClocksAhead(db: Database, source: Peer): void {
  if ('hub' in source && source.now !== undefined) db.run('DELETE FROM field_clocks WHERE hlc >= ?', firstStampAhead(source.now));
}
