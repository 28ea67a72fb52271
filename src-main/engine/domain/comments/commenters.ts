import type { KeysetQuery } from '../../core/pagination.js';
import { MEMBER_SELECT } from '../members/sql.js';

/**
 * The members of the organization who posted a comment or a reply on a change request, in the
 * order they first did. Someone who has since left the organization is no member and is not listed.
 */
export function commentersOf(organizationId: string, changeRequestId: string): KeysetQuery {
  const posts = `SELECT posted_by, posted_at FROM comments WHERE change_request_id = ?
    UNION ALL SELECT r.posted_by, r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id
    WHERE c.change_request_id = ?`;
  const authors = `(SELECT posted_by, min(posted_at) AS first_posted_at FROM (${posts}) GROUP BY posted_by) p`;
  return {
    select: `${MEMBER_SELECT}, p.first_posted_at`,
    from: `${authors} JOIN members m ON m.user_id = p.posted_by JOIN users u ON u.id = m.user_id`,
    where: 'm.organization_id = ?',
    params: [changeRequestId, changeRequestId, organizationId],
    order: [
      { expr: 'p.first_posted_at', column: 'first_posted_at', desc: false },
      { expr: 'm.user_id', column: 'user_id', desc: false },
    ],
  };
}
