import { z } from 'zod';
import {
  DefaultLevel, Emoji, EntityId, SpaceMergeRules, Timestamp, TranslationLanguage, Url,
} from './common.js';
import { InOrganization, MoveBody, TransferBody } from './content-tree.js';
import { GitSyncState } from './git-sync.js';
import { defineOperation } from './operation.js';

export const SpaceTitle = z.string().max(50).meta({ id: 'SpaceTitle' });

export const SpaceEditMode = z.enum(['live', 'locked']).meta({ id: 'SpaceEditMode' });
export type SpaceEditMode = z.infer<typeof SpaceEditMode>;

export const ContentVisibility = z
  .enum(['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'])
  .meta({ id: 'ContentVisibility' });
export type ContentVisibility = z.infer<typeof ContentVisibility>;

export const SpacePermissions = z.object({
  view: z.boolean(),
  access: z.boolean(),
  admin: z.boolean(),
  viewInviteLinks: z.boolean(),
  edit: z.boolean(),
  triggerGitSync: z.boolean(),
  comment: z.boolean(),
  merge: z.boolean(),
  review: z.boolean(),
  installIntegration: z.boolean(),
});

export const Space = z
  .object({
    object: z.literal('space'),
    id: z.string(),
    title: z.string(),
    /** '' when the space has no emoji. */
    emoji: z.string(),
    visibility: ContentVisibility,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    deletedAt: Timestamp.optional(),
    editMode: SpaceEditMode,
    mergeRules: SpaceMergeRules,
    urls: z.object({ location: z.string(), app: z.string(), icon: z.string().optional() }),
    organization: z.string(),
    parent: z.string().optional(),
    language: TranslationLanguage.optional(),
    /** The repository the space syncs with (docs/git-sync.md), when it is linked to one. */
    gitSync: GitSyncState.optional(),
    revision: z.string(),
    defaultLevel: DefaultLevel,
    comments: z.number().int(),
    changeRequests: z.number().int(),
    changeRequestsOpen: z.number().int(),
    changeRequestsDraft: z.number().int(),
    permissions: SpacePermissions,
  })
  .meta({ id: 'Space' });

const SpaceParams = z.object({ spaceId: EntityId });

export const spaces = {
  createSpace: defineOperation({
    id: 'createSpace',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/spaces',
    summary: 'Create a space in an organization, at its root or in a collection',
    params: InOrganization,
    body: z.object({
      title: SpaceTitle.optional(),
      emoji: Emoji.optional(),
      parent: z.string().optional(),
      language: TranslationLanguage.optional(),
      editMode: SpaceEditMode.optional(),
    }),
    bodyOptional: true,
    success: 201,
    response: Space,
  }),
  getSpaceById: defineOperation({
    id: 'getSpaceById',
    method: 'GET',
    path: '/v1/spaces/{spaceId}',
    summary: 'Get a space; a space in the trash stays readable until it is purged',
    params: SpaceParams,
    query: z.object({ shareKey: z.string().optional() }),
    success: 200,
    response: Space,
  }),
  deleteSpaceById: defineOperation({
    id: 'deleteSpaceById',
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}',
    summary: 'Move a space to the trash; it is permanently removed after 7 days',
    params: SpaceParams,
    success: 204,
  }),
  updateSpaceById: defineOperation({
    id: 'updateSpaceById',
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}',
    summary: "Update a space's title, emoji or icon, and settings",
    params: SpaceParams,
    body: z
      .object({
        title: SpaceTitle.optional(),
        emoji: Emoji.nullable().optional(),
        icon: Url.nullable().optional(),
        editMode: SpaceEditMode.optional(),
        defaultLevel: DefaultLevel.optional(),
        language: TranslationLanguage.optional(),
        mergeRules: SpaceMergeRules.optional(),
      })
      .refine((body) => body.emoji == null || body.icon == null, {
        message: 'a space has an emoji or an icon, not both',
        path: ['icon'],
      }),
    success: 200,
    response: Space,
  }),
  duplicateSpace: defineOperation({
    id: 'duplicateSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/duplicate',
    summary: 'Copy a space next to the original',
    params: SpaceParams,
    success: 201,
    response: Space,
  }),
  restoreSpace: defineOperation({
    id: 'restoreSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/restore',
    summary: 'Restore a space deleted in the last 7 days',
    params: SpaceParams,
    success: 200,
    response: Space,
  }),
  moveSpace: defineOperation({
    id: 'moveSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/move',
    summary: 'Move a space to another collection, a position among its siblings, or both',
    params: SpaceParams,
    body: MoveBody,
    success: 200,
    response: Space,
  }),
  transferSpace: defineOperation({
    id: 'transferSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/transfer',
    summary: 'Transfer a space to the root of another organization',
    params: SpaceParams,
    body: TransferBody,
    success: 200,
    response: Space,
  }),
};
