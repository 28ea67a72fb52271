import type { z } from 'zod';
import type { SpaceMergeRules } from '../../../../src-shared/contract/common.js';
import { SpaceTitle, type spaces } from '../../../../src-shared/contract/spaces.js';
import { fromApiLevel } from '../../domain/access/content-role.js';
import { findMembership } from '../../domain/access/membership.js';
import type { Database } from '../../core/db/database.js';
import { badRequest, conflict, forbidden, isFailure, preconditionFailed, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { findCollection } from '../../domain/collections/sql.js';
import { presentToCaller } from '../../domain/content-tree/access.js';
import { DEFAULT_TITLE, created, placeNew } from '../../domain/content-tree/create.js';
import { planMove } from '../../domain/content-tree/move.js';
import { canCreateIn } from '../../domain/content-tree/parent.js';
import { updateRow } from '../../domain/content-tree/rows.js';
import { endOf, placeAmong } from '../../domain/content-tree/siblings.js';
import { transferTarget } from '../../domain/content-tree/transfer.js';
import { can, requireSpace } from '../../domain/spaces/rules.js';
import { toSpace } from '../../domain/spaces/serialize.js';
import { copyMainContent } from '../../domain/spaces/duplicate.js';
import { findSpace, insertSpace, type StartContent } from '../../domain/spaces/sql.js';

const COPY_SUFFIX = ' (copy)';

export const spacesHandlers: Handlers<typeof spaces> = {
  createSpace(ctx, { params, body }) {
    const place = placeNew(ctx, params.organizationId, body.parent);
    if (isFailure(place)) return place;
    const id = insertSpace(
      ctx.db,
      ctx.docs,
      {
        ...place,
        title: body.title ?? DEFAULT_TITLE,
        emoji: body.emoji ?? '',
        edit_mode: body.editMode,
        language: body.language,
      },
      ctx.now,
    );
    return created(current(ctx, id));
  },

  // `shareKey` resolves the published addresses of share-link sites. No site publishes a space
  // yet, so a space has no published address and the key changes nothing.
  getSpaceById(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    return toSpace(ctx, access.row, access.role);
  },

  deleteSpaceById(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.admin);
    if (isFailure(access)) return access;
    updateRow(ctx.db, 'spaces', access.row.id, { deleted_at: ctx.now });
    return undefined;
  },

  updateSpaceById(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.admin);
    if (isFailure(access)) return access;
    const columns: Record<string, unknown> = {};
    if (body.title !== undefined) columns.title = body.title;
    // A space shows an emoji or an icon: setting one clears the other; null clears it.
    if (body.emoji !== undefined) {
      columns.emoji = body.emoji ?? '';
      if (body.emoji !== null) columns.icon = null;
    }
    if (body.icon !== undefined) {
      columns.icon = body.icon;
      if (body.icon !== null) columns.emoji = '';
    }
    if (body.editMode !== undefined) columns.edit_mode = body.editMode;
    if (body.defaultLevel !== undefined) columns.default_level = fromApiLevel(body.defaultLevel);
    if (body.language !== undefined) columns.language = body.language;
    if (body.mergeRules !== undefined) {
      const outsider = reviewerOutside(ctx.db, access.row.organization_id, body.mergeRules);
      if (outsider) return badRequest(`body.mergeRules: ${outsider} is not a member of the organization`);
      columns.merge_rules = JSON.stringify(body.mergeRules);
    }
    if (Object.keys(columns).length > 0) columns.updated_at = ctx.now;
    updateRow(ctx.db, 'spaces', access.row.id, columns);
    return current(ctx, access.row.id);
  },

  duplicateSpace(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view);
    if (isFailure(access)) return access;
    const source = access.row;
    const parent = source.parent_id === null ? undefined : findCollection(ctx.db, source.parent_id);
    if (!canCreateIn(ctx.db, access.membership, parent)) return forbidden();
    const position = placeAmong(ctx.db, source, undefined, { after: { type: 'space', space: source.id } });
    if (isFailure(position)) return position;
    // The copy keeps every setting and a copy of the main content; insertSpace gives it its own
    // id, times and first revision.
    const title = truncate(source.title + COPY_SUFFIX, SpaceTitle.maxLength ?? Infinity);
    const copyContent: StartContent = (db, docs, copy) => copyMainContent(db, docs, source.id, copy);
    const id = insertSpace(ctx.db, ctx.docs, { ...source, title, position }, ctx.now, copyContent);
    return created(current(ctx, id));
  },

  restoreSpace(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.admin, 'readable');
    if (isFailure(access)) return access;
    if (access.row.deleted_at === null) return conflict('Operation would not result in any update');
    // Restored at the end of where it was: its siblings may have been reordered meanwhile.
    const position = endOf(ctx.db, access.row);
    updateRow(ctx.db, 'spaces', access.row.id, { deleted_at: null, position, updated_at: ctx.now });
    return current(ctx, access.row.id);
  },

  moveSpace(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.admin);
    if (isFailure(access)) return access;
    const move = planMove(ctx, { ...access.row, type: 'space' }, access.membership, body);
    if (isFailure(move)) return move;
    updateRow(ctx.db, 'spaces', access.row.id, { ...move, updated_at: ctx.now });
    return current(ctx, access.row.id);
  },

  transferSpace(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.admin, 'readable');
    if (isFailure(access)) return access;
    const target = transferTarget(ctx, access.row.organization_id, body.organization);
    if (isFailure(target)) return target;
    if (access.row.deleted_at !== null) return preconditionFailed('The space cannot be moved.');
    updateRow(ctx.db, 'spaces', access.row.id, { ...target, updated_at: ctx.now });
    return current(ctx, access.row.id);
  },
};

/** The space as it now stands, with the caller's role on it. */
function current(ctx: RequestContext, id: string) {
  return presentToCaller(ctx, findSpace(ctx.db, id, ctx.now)!, toSpace);
}

/** The first reviewer named by the rules who is not a member of the organization. */
function reviewerOutside(
  db: Database,
  organizationId: string,
  rules: z.infer<typeof SpaceMergeRules>,
): string | undefined {
  const reviewers = rules.type === 'rules' ? rules.rules.flatMap((rule) => ('users' in rule ? rule.users : [])) : [];
  return reviewers.find((userId) => !findMembership(db, organizationId, userId));
}

/** Cuts `text` to `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
