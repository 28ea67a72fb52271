import type { RoomMember } from './room.js';

/**
 * The close code of a room's clients when its doc was replaced (a replica took the hub's copy back
 * after a refusal, docs/sync.md "Refusals"): what they hold may have content the doc no longer
 * has, and no sync message can take a deletion back. A client drops its copy and joins again from
 * an empty doc; one that rejoins with its old copy only sends what the engine checks again.
 */
export const CLOSE_DOC_REPLACED = 4205;

export function dismissAll(members: Iterable<RoomMember>): void {
  for (const member of members) member.close(CLOSE_DOC_REPLACED, 'the document was replaced: join again from an empty copy');
}
