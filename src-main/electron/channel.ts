/** The IPC channels between the renderer and the main process. */
export const REQUEST_CHANNEL = 'folio:request';
/** Asks for a doc's MessagePort (renderer → main) and answers with it, or says why not (main → renderer). */
export const DOC_CHANNEL = 'folio:doc';
/** The loopback API address and the owner's token, for the Settings screen. */
export const SETTINGS_CHANNEL = 'folio:settings';
