/**
 * What one request may carry. The documents set none of these; the figures are ours
 * (docs/decisions.md, "Limits"), chosen so that no request can hold the engine for long and
 * every refusal names the field before any recursive work starts.
 */

/** A JSON body, unless its operation says otherwise (`maxBodyBytes`): 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Arrays and objects inside one another in a JSON body. */
export const MAX_JSON_DEPTH = 100;

/** Values in one JSON body (each array or object, and each member after the first): bounds JSON.parse. */
export const MAX_JSON_VALUES = 250_000;

/** Blocks inside one another in a page body or a `Document` (a list and its item are two). */
export const MAX_BLOCK_DEPTH = 32;

/** Inline nodes (marks, links) inside one another in Markdown or a `Document`. */
export const MAX_INLINE_DEPTH = 32;

/**
 * Blocks in one `Document` or one page read from Markdown. Writing a page into its Yjs doc happens
 * in the request's transaction, on the event loop, at some 25–50 µs a block: 2,000 keeps it near 100 ms.
 */
export const MAX_DOCUMENT_BLOCKS = 2_000;

/** Characters of one Markdown text: a page, or a comment's body. */
export const MAX_MARKDOWN_LENGTH = 512 * 1024;
