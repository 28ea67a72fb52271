import { z } from 'zod';

/** A column value as SQLite stores it: text, numbers, or null (the replicated tables hold no blobs). */
export const FieldValue = z.union([z.string(), z.number(), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

/**
 * One change of one replicated row, as the change log records it and peers exchange it
 * (docs/sync.md, "Change log"). `key` holds the row's primary-key values in the table's key
 * order; `fields` the columns an insert or update set (null for a delete, a tombstone).
 */
export const Change = z.object({
  hlc: z.string().regex(/^\d{15}\.\d{9}\.[0-9a-z]{1,32}$/),
  table: z.string().max(64),
  key: z.array(z.string().max(256)).min(1).max(4),
  op: z.enum(['insert', 'update', 'delete']),
  fields: z.record(z.string().max(64), FieldValue).nullable(),
  /** The user who made it; null for the engine itself (first start, the CLI, settling rules). */
  actor: z.string().max(128).nullable(),
});
export type Change = z.infer<typeof Change>;

/** What `changesSince` answers: changes in clock order, and the cursor to ask from next time. */
export interface ChangeBatch {
  changes: Change[];
  cursor: string;
}
