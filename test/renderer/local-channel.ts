import type { DocChannel, FolioBridge } from '../../src-shared/client/bridge.js';
import type { Engine } from '../../src-main/engine/app/engine.js';
import { isFailure } from '../../src-main/engine/core/pipeline/failure.js';

/**
 * `openDoc` as the desktop window gets it, wired straight to the engine's rooms in process with a
 * bearer token: each message is delivered in a later task, as a MessagePort does.
 */
export function localOpenDoc(engine: Engine, token: string): FolioBridge['openDoc'] {
  return (docName, events): DocChannel => {
    const later = (deliver: () => void) => void setImmediate(deliver);
    const client = engine.yjs.connectLocal(`Bearer ${token}`, docName, {
      send: (data) => later(() => events.message(data)),
      closed: (code, reason) => later(() => events.closed(reason, code)),
    });
    if (isFailure(client)) {
      later(() => events.closed(client.message));
      return { send: () => undefined, close: () => undefined };
    }
    return { send: (message) => later(() => client.receive(message)), close: () => client.close() };
  };
}
