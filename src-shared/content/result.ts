/** Why a conversion could not proceed. Conversions return these instead of throwing. */
export type ContentError =
  /** The ProseMirror JSON does not fit the page schema. */
  | { kind: 'invalid-pm'; message: string }
  /** The input is not a `Document` (its envelope is wrong; unknown blocks inside are kept, not refused). */
  | { kind: 'invalid-document'; message: string }
  /** The content is nested deeper or holds more than the limits allow (docs/content-model.md, "Limits"). */
  | { kind: 'over-limit'; message: string }
  /** The Markdown front matter is not a YAML mapping. */
  | { kind: 'invalid-front-matter'; message: string }
  /** A table row has more or fewer cells than the table has columns: neither output can say which column a cell is in. */
  | { kind: 'ragged-table'; blockId: string | null };

export type Result<T> = { ok: true; value: T } | { ok: false; error: ContentError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(error: ContentError): Result<T> => ({ ok: false, error });
