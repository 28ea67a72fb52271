import { z } from 'zod';
import { EntityId } from './common.js';

/**
 * Shapes shared by collections and spaces: both live in one tree per organization, where
 * collections nest and spaces and collections share one order among siblings.
 */

export const InOrganization = z.object({ organizationId: EntityId });

const SpacePointer = z.object({ type: z.literal('space'), space: z.string() }).meta({ id: 'SpacePointer' });
const CollectionPointer = z
  .object({ type: z.literal('collection'), collection: z.string() })
  .meta({ id: 'CollectionPointer' });
export const ContentPointer = z.discriminatedUnion('type', [SpacePointer, CollectionPointer]);
export type ContentPointer = z.infer<typeof ContentPointer>;

/** Where an item goes among its siblings; with no pointer, at the end. */
export const ContentPosition = z
  .object({ before: ContentPointer.optional(), after: ContentPointer.optional() })
  .meta({ id: 'ContentPosition' });
export type ContentPosition = z.infer<typeof ContentPosition>;

/** A new parent (null: the organization's root), a position, or both. */
export const MoveBody = z
  .object({ parent: z.string().nullable().optional(), position: ContentPosition.optional() })
  .refine((body) => body.parent !== undefined || body.position !== undefined, {
    message: 'must contain at least one of parent, position',
  });
export type MoveBody = z.infer<typeof MoveBody>;

export const TransferBody = z.object({ organization: z.string() });
