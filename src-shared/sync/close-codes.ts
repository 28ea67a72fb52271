/**
 * The close code of a doc's y-websocket (or in-process) clients when the engine replaced the doc
 * (a replica took the hub's copy back after a refusal, docs/sync.md "Refusals"): what a client
 * holds may have content the doc no longer has, and no sync message can take a deletion back. A
 * client drops its copy, the one kept on its device too, and joins again from an empty doc.
 */
export const CLOSE_DOC_REPLACED = 4205;
