import type { ApiAccess } from '../store/session.js';
import type { DocLinker } from './doc-link.js';
import { portLinker } from './port-link.js';
import { yjsEndpoint } from './room.js';
import { websocketLinker } from './websocket-link.js';

/** How this page's docs reach the engine: the shell's ports in the desktop window, y-websocket in a browser. */
export function docLinker(access: ApiAccess): DocLinker {
  return access.kind === 'desktop' ? portLinker(access.bridge.openDoc) : websocketLinker(yjsEndpoint(access.origin), access.token);
}
