import type { collections } from '../../../../src-shared/contract/collections.js';
import type { Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import { toApiLevel } from '../access/content-role.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { collectionPermissions } from './rules.js';
import type { CollectionRow } from './sql.js';

type Collection = OperationOutput<typeof collections.getCollectionById>;

export function toCollection(ctx: RequestContext, row: CollectionRow, role: Role | undefined): Collection {
  const collection: Collection = {
    object: 'collection',
    id: row.id,
    title: row.title,
    organization: row.organization_id,
    defaultLevel: toApiLevel(row.default_level),
    urls: { location: ctx.urls.api(`/collections/${row.id}`), app: ctx.urls.app(`/collections/${row.id}`) },
    permissions: collectionPermissions(role),
  };
  if (row.description !== null) collection.description = row.description;
  if (row.parent_id !== null) collection.parent = row.parent_id;
  return collection;
}
