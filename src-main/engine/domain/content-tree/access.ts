import type { Role } from '../../../../src-shared/contract/common.js';
import { contentRole, type StoredLevel } from '../access/content-role.js';
import { activeRole, findMembership, type Membership } from '../access/membership.js';
import { paginate, type KeysetQuery, type Page } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import type { TreeParent } from './siblings.js';

/** A collection or space row: what the caller's role on it is derived from. */
export interface ContentRow extends TreeParent {
  id: string;
  default_level: StoredLevel;
}

export type ContentCheck = (role: Role | undefined) => boolean;

/** Turns a row into its API object for a caller with `role` on it. */
export type Presenter<R, T> = (ctx: RequestContext, row: R, role: Role | undefined) => T;

export interface ContentAccess<R extends ContentRow> {
  row: R;
  membership: Membership | undefined;
  role: Role | undefined;
}

/** Checks the caller's role on a loaded collection or space against `allowed` (404, then 403). */
export function requireContent<R extends ContentRow>(
  ctx: RequestContext,
  row: R | undefined,
  missing: string,
  allowed: ContentCheck,
): ContentAccess<R> | Failure {
  if (!row) return notFound(missing);
  const membership = findMembership(ctx.db, row.organization_id, ctx.actor.id);
  const role = contentRole(ctx.db, row, membership);
  if (!allowed(role)) return forbidden();
  return { row, membership, role };
}

/**
 * One page of the rows of `query` that pass `view` for the caller, each presented with the
 * caller's role on it. Filtering happens before paging, so `count` and cursors only ever see
 * what the caller may see.
 */
export function viewablePage<R extends ContentRow, T>(
  ctx: RequestContext,
  query: KeysetQuery,
  request: { page?: string; limit: number },
  membership: Membership | undefined,
  view: ContentCheck,
  present: Presenter<R, T>,
): Page<T> | Failure {
  // An organization admin sees everything: no need to resolve roles row by row first.
  if (activeRole(membership) === 'admin') return presentPage(ctx, paginate<R>(ctx.db, query, request), 'admin', present);
  const candidates = ctx.db.all<ContentRow>(
    `SELECT id, organization_id, parent_id, default_level FROM ${query.from} WHERE ${query.where}`,
    ...query.params,
  );
  const viewable = candidates.filter((row) => view(contentRole(ctx.db, row, membership))).map((row) => row.id);
  const where = `(${query.where}) AND id IN (SELECT value FROM json_each(?))`;
  const page = paginate<R>(ctx.db, { ...query, where, params: [...query.params, JSON.stringify(viewable)] }, request);
  return presentPage(ctx, page, (row) => contentRole(ctx.db, row, membership), present);
}

function presentPage<R extends ContentRow, T>(
  ctx: RequestContext,
  page: Page<R> | Failure,
  role: Role | ((row: R) => Role | undefined),
  present: Presenter<R, T>,
): Page<T> | Failure {
  if (isFailure(page)) return page;
  return { ...page, items: page.items.map((row) => present(ctx, row, typeof role === 'function' ? role(row) : role)) };
}

/** Presents a row with the caller's role on it as it stands now, e.g. after a move or a transfer. */
export function presentToCaller<R extends ContentRow, T>(
  ctx: RequestContext,
  row: R,
  present: Presenter<R, T>,
): T {
  return present(ctx, row, contentRole(ctx.db, row, findMembership(ctx.db, row.organization_id, ctx.actor.id)));
}
