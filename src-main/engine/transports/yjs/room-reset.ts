import { CLOSE_DOC_REPLACED } from '../../../../src-shared/sync/close-codes.js';
import type { RoomMember } from './room.js';

/** The room's doc was replaced: every client is closed with `CLOSE_DOC_REPLACED`, to join again from an empty copy. */
export function dismissAll(members: Iterable<RoomMember>): void {
  for (const member of members) member.close(CLOSE_DOC_REPLACED, 'the document was replaced: join again from an empty copy');
}
