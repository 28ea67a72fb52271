/**
 * The message types of the y-websocket protocol (the first varuint of every message), which the
 * engine's rooms and the app's links speak over any transport (a WebSocket, a MessagePort).
 */
export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
export const MESSAGE_QUERY_AWARENESS = 3;
