import { can, requireSpace } from '../api/spaces/rules.js';
import type { RequestContext } from '../pipeline/context.js';
import { isFailure } from '../pipeline/failure.js';
import type { ParsedDocName } from '../revisions/doc-names.js';

/**
 * Who may write a doc from a replica (docs/sync.md, "Edit versus merge"): the role only, as the
 * API gives it on the space (comment for threads, edit for content). The states a live client is
 * held to (a locked space, a merged or archived change request) were checked by the replica's own
 * engine as it saw them when the edit was made offline; a merge or lock elsewhere meanwhile does
 * not make the hub drop it, so an acknowledged edit is never lost, and it stays in its change
 * request: it does not reach main.
 */
export function replicaWriteRefusal(ctx: RequestContext, name: ParsedDocName): string | undefined {
  const access = requireSpace(ctx, name.spaceId, () => true, 'readable');
  if (isFailure(access)) return 'the space is not there';
  if (name.kind === 'comments') return can.comment(access.role) ? undefined : 'writing comments needs the comment role';
  return can.edit(access.role) ? undefined : 'editing content needs the edit role';
}
