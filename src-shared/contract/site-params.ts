import { z } from 'zod';
import { EntityId } from './common.js';

/** Every site operation is addressed inside its organization. */
export const InSite = z.object({ organizationId: EntityId, siteId: EntityId });

/** A visibility condition on a site space or section (an expression over the visitor's claims). */
export const SiteCondition = z.string().max(1024).meta({ id: 'Expression' });

/** The name of an icon. */
export const SiteIcon = z.string().max(50).meta({ id: 'Icon' });

/** The secret of a share-link site's address. */
export const ShareKeyQuery = z.object({ shareKey: z.string().optional() });

/** Where a move puts an item: before one sibling, after another, or (both absent) at the end. */
export function movePosition<P extends z.ZodType>(pointer: P) {
  return z.object({ position: z.object({ before: pointer.optional(), after: pointer.optional() }).optional() });
}
