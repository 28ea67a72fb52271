import { violatesForeignKey } from '../../core/db/database.js';

/**
 * A batch of changes failed at commit for a foreign key: it ends between a row and a parent it
 * needs (docs/sync.md, "Limits"). Nothing was applied; a larger batch holds the parent.
 */
export function lacksParent(error: unknown): boolean {
  return violatesForeignKey(error);
}
