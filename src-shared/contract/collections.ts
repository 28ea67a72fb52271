import { z } from 'zod';
import { DefaultLevel, EntityId, ListQuery, QueryBoolean, listOf } from './common.js';
import { InOrganization, MoveBody, TransferBody } from './content-tree.js';
import { defineOperation } from './operation.js';
import { Space } from './spaces.js';

export const CollectionTitle = z.string().max(50).meta({ id: 'CollectionTitle' });
export const CollectionDescription = z.string().max(100).meta({ id: 'CollectionDescription' });

export const CollectionPermissions = z.object({
  view: z.boolean(),
  admin: z.boolean(),
  viewInviteLinks: z.boolean(),
  create: z.boolean(),
});

export const Collection = z
  .object({
    object: z.literal('collection'),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    organization: z.string(),
    parent: z.string().optional(),
    defaultLevel: DefaultLevel,
    urls: z.object({ location: z.string(), app: z.string() }),
    permissions: CollectionPermissions,
  })
  .meta({ id: 'Collection' });

const CollectionParams = z.object({ collectionId: EntityId });

export const collections = {
  listCollectionsInOrganizationById: defineOperation({
    id: 'listCollectionsInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'List the collections of an organization the caller can view',
    params: InOrganization,
    query: ListQuery.extend({ nested: QueryBoolean.default(true) }),
    success: 200,
    response: listOf(Collection),
  }),
  createCollection: defineOperation({
    id: 'createCollection',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'Create a collection, at the root of the organization or in another collection',
    params: InOrganization,
    body: z.object({ title: CollectionTitle.optional(), parent: z.string().optional() }),
    bodyOptional: true,
    success: 201,
    response: Collection,
  }),
  getCollectionById: defineOperation({
    id: 'getCollectionById',
    method: 'GET',
    path: '/v1/collections/{collectionId}',
    summary: 'Get a collection',
    params: CollectionParams,
    success: 200,
    response: Collection,
  }),
  deleteCollectionById: defineOperation({
    id: 'deleteCollectionById',
    method: 'DELETE',
    path: '/v1/collections/{collectionId}',
    summary: 'Delete a collection and its sub-collections; the spaces inside go to the trash',
    params: CollectionParams,
    success: 204,
  }),
  updateCollectionById: defineOperation({
    id: 'updateCollectionById',
    method: 'PATCH',
    path: '/v1/collections/{collectionId}',
    summary: 'Update a collection',
    params: CollectionParams,
    body: z.object({
      title: CollectionTitle.optional(),
      description: CollectionDescription.optional(),
      defaultLevel: DefaultLevel.optional(),
    }),
    success: 200,
    response: Collection,
  }),
  listSpacesInCollectionById: defineOperation({
    id: 'listSpacesInCollectionById',
    method: 'GET',
    path: '/v1/collections/{collectionId}/spaces',
    summary: 'List the spaces directly in a collection, in their order',
    params: CollectionParams,
    query: ListQuery,
    success: 200,
    response: listOf(Space),
  }),
  moveCollection: defineOperation({
    id: 'moveCollection',
    method: 'POST',
    path: '/v1/collections/{collectionId}/move',
    summary: 'Move a collection to another parent, a position among its siblings, or both',
    params: CollectionParams,
    body: MoveBody,
    success: 200,
    response: Collection,
  }),
  transferCollection: defineOperation({
    id: 'transferCollection',
    method: 'POST',
    path: '/v1/collections/{collectionId}/transfer',
    summary: 'Transfer a collection with everything in it to the root of another organization',
    params: CollectionParams,
    body: TransferBody,
    success: 200,
    response: Collection,
  }),
};
