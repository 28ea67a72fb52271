import { z } from 'zod';
import { EntityId, JSONDocument, JSONDocumentInput, ListQuery, MarkdownText, Timestamp, User, listOf } from './common.js';
import { ChangeRequestParams } from './change-requests.js';
import { defineOperation } from './operation.js';

/**
 * Conflicts of a change request: a Folio extension (the reference API has none). An update that
 * finds a place both main and the change request changed since its base keeps the change
 * request's version there and records a conflict with the three versions; merging waits until
 * every one is resolved (docs/content-design.md, "Conflicts").
 */

/** One side's version of the conflicting place; null where that side deleted it. */
export const ChangeRequestConflictSide = z
  .object({
    markdown: z.string(),
    document: JSONDocument,
    /** A page field's value (`page-field`), or the page's fields (`page-deleted`). */
    value: z.unknown().optional(),
  })
  .nullable()
  .meta({ id: 'ChangeRequestConflictSide' });

export const ChangeRequestConflictKind = z.enum(['block', 'page-field', 'page-deleted']).meta({ id: 'ChangeRequestConflictKind' });
export const ConflictKeep = z.enum(['main', 'change-request']).meta({ id: 'ChangeRequestConflictKeep' });

export const ChangeRequestConflict = z
  .object({
    object: z.literal('change-request-conflict'),
    id: z.string(),
    page: z.object({ id: z.string(), title: z.string() }),
    /** `block`: a block of the page's body; `page-field`: one of its fields in the page tree; `page-deleted`: the page, deleted on one side. */
    kind: ChangeRequestConflictKind,
    /** The block's id (`block`). */
    block: z.string().optional(),
    /** The field (`page-field`): title, slug, parent, position… */
    field: z.string().optional(),
    /** The side that deleted the block or the page, when one did. */
    deletedOn: z.enum(['main', 'change-request']).optional(),
    status: z.enum(['open', 'resolved']),
    base: ChangeRequestConflictSide,
    main: ChangeRequestConflictSide,
    changeRequest: ChangeRequestConflictSide,
    /** How it was resolved: a side kept, or `edit` for content given. */
    resolution: z.object({ keep: z.enum(['main', 'change-request', 'edit']), resolvedBy: User, resolvedAt: Timestamp }).optional(),
    /** The update revision that found it. */
    revision: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'ChangeRequestConflict' });

const ConflictParams = ChangeRequestParams.extend({ conflictId: EntityId });

/** Exactly one of: a side to keep, or the resolved content as a Document or as Markdown. */
export const ResolveConflictBody = z
  .strictObject({
    keep: ConflictKeep.optional(),
    document: JSONDocumentInput.optional(),
    markdown: MarkdownText.optional(),
  })
  .refine((body) => [body.keep, body.document, body.markdown].filter((given) => given !== undefined).length === 1, {
    message: 'must contain exactly one of keep, document, markdown',
  })
  .meta({ id: 'ChangeRequestConflictResolution' });

/** Whether the caller's merge would go through now, and why not (Folio extension). */
export const ChangeRequestMergeability = z
  .object({
    mergeable: z.boolean(),
    /** Why not: the merge rule unmet (`mergeRules: <rule>: why`), conflicts open, the state of the space or the change request. */
    reason: z.string().optional(),
    /** Conflicts an update recorded that nobody has resolved yet. */
    openConflicts: z.number().int(),
  })
  .meta({ id: 'ChangeRequestMergeability' });

export const changeRequestConflicts = {
  getChangeRequestMergeability: defineOperation({
    id: 'getChangeRequestMergeability',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/mergeability',
    summary: "Whether the caller may merge the change request now, and the reason when not; conflicts with main not yet pulled in show at merge (Folio extension)",
    extension: true,
    params: ChangeRequestParams,
    success: 200,
    response: ChangeRequestMergeability,
  }),
  listChangeRequestConflicts: defineOperation({
    id: 'listChangeRequestConflicts',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conflicts',
    summary: "List a change request's conflicts with main, oldest first (Folio extension)",
    extension: true,
    params: ChangeRequestParams,
    query: ListQuery.extend({ status: z.enum(['open', 'resolved']).optional() }),
    success: 200,
    response: listOf(ChangeRequestConflict),
  }),
  getChangeRequestConflict: defineOperation({
    id: 'getChangeRequestConflict',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conflicts/{conflictId}',
    summary: 'Get a conflict of a change request (Folio extension)',
    extension: true,
    params: ConflictParams,
    success: 200,
    response: ChangeRequestConflict,
  }),
  resolveChangeRequestConflict: defineOperation({
    id: 'resolveChangeRequestConflict',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conflicts/{conflictId}/resolve',
    summary: "Resolve an open conflict: keep main's or the change request's version, or write the resolved content (Folio extension)",
    extension: true,
    params: ConflictParams,
    body: ResolveConflictBody,
    success: 200,
    response: ChangeRequestConflict,
  }),
};
