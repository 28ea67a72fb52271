import type { z } from 'zod';
import type { ChangeRequestConflict } from '../../../../src-shared/contract/change-request-conflicts.js';
import type { ConflictSide } from '../content/merge/conflicts.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { findUser, toUser } from '../users/sql.js';
import { presented } from './presentation.js';
import { readSide, type ConflictRow } from './sql.js';

type Conflict = z.input<typeof ChangeRequestConflict>;

export function toConflict(ctx: RequestContext, spaceId: string, row: ConflictRow): Conflict {
  const sides = { base: readSide(row.base), main: readSide(row.main), changeRequest: readSide(row.change_request) };
  const conflict: Conflict = {
    object: 'change-request-conflict',
    id: row.id,
    page: { id: row.page_id, title: row.page_title ?? recordedTitle(sides) ?? 'Untitled' },
    kind: row.kind,
    status: row.status,
    base: presentSide(sides.base),
    main: presentSide(sides.main),
    changeRequest: presentSide(sides.changeRequest),
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: ctx.urls.api(`/spaces/${spaceId}/change-requests/${row.change_request_id}/conflicts/${row.id}`) },
  };
  if (row.kind === 'block') conflict.block = row.place;
  if (row.kind === 'page-field') conflict.field = row.place;
  if (row.deleted_on) conflict.deletedOn = row.deleted_on;
  if (row.status === 'resolved' && row.resolution && row.resolved_by && row.resolved_at) {
    const user = findUser(ctx.db, row.resolved_by);
    if (user) conflict.resolution = { keep: row.resolution, resolvedBy: toUser(ctx, user), resolvedAt: row.resolved_at };
  }
  return conflict;
}

const presentSide = (side: ConflictSide | null) => (side ? presented(side) : null);

/** A page gone from both sides' rows keeps the title its recorded fields had (`page-deleted`). */
function recordedTitle(sides: Record<string, ConflictSide | null>): string | undefined {
  for (const side of Object.values(sides)) {
    const title = (side?.value as { title?: unknown } | undefined)?.title;
    if (typeof title === 'string') return title;
  }
  return undefined;
}
