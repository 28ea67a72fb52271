import type { Database, Row } from './db/database.js';
import { Failure, badRequest } from './pipeline/failure.js';

export interface OrderKey {
  /** SQL expression to order by; never NULL (wrap it in COALESCE). */
  expr: string;
  /** Column of the selected row holding the value of `expr`. */
  column: string;
  desc: boolean;
}

export interface KeysetQuery {
  select: string;
  from: string;
  where: string;
  params: unknown[];
  /** The last key must be unique, so that the order is total and cursors are stable. */
  order: OrderKey[];
}

export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/**
 * Keyset pagination: a cursor is the order key of the last item served, so inserting or
 * deleting other items never makes a later page skip or repeat one.
 */
export function paginate<R extends object = Row>(
  db: Database,
  query: KeysetQuery,
  request: { page?: string; limit: number },
): Page<R> | Failure {
  const count = (db.get<{ n: number }>(`SELECT count(*) AS n FROM ${query.from} WHERE ${query.where}`, ...query.params)!).n;
  if (request.limit === 0) return { items: [], count };
  let where = query.where;
  let params = query.params;
  if (request.page !== undefined) {
    const after = decodeCursor(request.page, query.order.length);
    if (after instanceof Failure) return after;
    where = `(${where}) AND (${afterCondition(query.order)})`;
    params = [...params, ...afterParams(after)];
  }
  const orderBy = query.order.map((key) => `${key.expr} ${key.desc ? 'DESC' : 'ASC'}`).join(', ');
  const rows = db.all<R>(
    `SELECT ${query.select} FROM ${query.from} WHERE ${where} ORDER BY ${orderBy} LIMIT ?`,
    ...params,
    request.limit + 1,
  );
  if (rows.length <= request.limit) return { items: rows, count };
  const items = rows.slice(0, request.limit);
  const last = items[items.length - 1] as Row;
  return { items, count, next: { page: encodeCursor(query.order.map((key) => last[key.column])) } };
}

/** (k1 > v1) OR (k1 = v1 AND k2 > v2) OR …, with < for descending keys. */
function afterCondition(order: OrderKey[]): string {
  return order
    .map((key, i) => {
      const equal = order.slice(0, i).map((prior) => `${prior.expr} = ?`);
      return `(${[...equal, `${key.expr} ${key.desc ? '<' : '>'} ?`].join(' AND ')})`;
    })
    .join(' OR ');
}

function afterParams(values: unknown[]): unknown[] {
  return values.flatMap((_, i) => values.slice(0, i + 1));
}

function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(page: string, length: number): unknown[] | Failure {
  const invalid = badRequest('query.page: not a page identifier given by this list');
  try {
    const values: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    const valid =
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === 'string' || typeof v === 'number');
    return valid ? values : invalid;
  } catch {
    return invalid;
  }
}

/**
 * The same keyset pagination over a list computed in memory, sorted ascending by `key.of` (keys
 * of `key.length` parts): a cursor is the key of the last item served, as for SQL lists.
 */
export function paginateList<T>(
  items: readonly T[],
  key: { of: (item: T) => (string | number)[]; length: number },
  request: { page?: string; limit: number },
): Page<T> | Failure {
  const count = items.length;
  if (request.limit === 0) return { items: [], count };
  let rest = items;
  if (request.page !== undefined) {
    const after = decodeCursor(request.page, key.length);
    if (after instanceof Failure) return after;
    rest = items.filter((item) => compareKeys(key.of(item), after as (string | number)[]) > 0);
  }
  if (rest.length <= request.limit) return { items: [...rest], count };
  const served = rest.slice(0, request.limit);
  return { items: served, count, next: { page: encodeCursor(key.of(served[served.length - 1]!)) } };
}

export function compareKeys(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}
