/** The one IPC channel between the renderer and the main process. */
export const REQUEST_CHANNEL = 'folio:request';
