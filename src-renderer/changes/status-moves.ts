import type { ChangeRequest } from '../api/types.js';

type Settable = 'draft' | 'open' | 'archived';

/** The status changes offered from each status; merged is final, and only a merge reaches it. */
export function statusMoves(status: ChangeRequest['status']): { to: Settable; label: string }[] {
  switch (status) {
    case 'draft':
      return [{ to: 'open', label: 'Ready for review' }, { to: 'archived', label: 'Archive' }];
    case 'open':
      return [{ to: 'draft', label: 'Back to draft' }, { to: 'archived', label: 'Archive' }];
    case 'archived':
      return [{ to: 'open', label: 'Reopen' }];
    case 'merged':
      return [];
  }
}
