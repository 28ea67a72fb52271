import type { IpcRenderer } from 'electron';
import type { DocChannel, DocChannelEvents } from '../../src-shared/client/bridge.js';
import { DOC_CHANNEL } from './channel.js';
import type { DocAnswer } from './doc-ports.js';

type Ipc = Pick<IpcRenderer, 'send' | 'on'>;

/** One open doc as the preload sees it: the page's callbacks, and the port once it has come. */
interface OpenDoc {
  events: DocChannelEvents;
  port?: MessagePort;
  /** What the page sent before the port came. */
  waiting: Uint8Array[];
}

/**
 * The preload's half of `folio:doc`: it asks for a doc's port, keeps the port on this side of the
 * context bridge, and hands the page bytes and callbacks only.
 */
export function docOpener(ipc: Ipc): (docName: string, events: DocChannelEvents) => DocChannel {
  const open = new Map<number, OpenDoc>();
  let lastId = 0;
  ipc.on(DOC_CHANNEL, (event, answer: DocAnswer) => {
    const doc = open.get(answer.id);
    const port = event.ports[0];
    if (!doc || answer.problem !== undefined || !port) {
      port?.close();
      doc?.port?.close();
      doc?.events.closed(answer.problem ?? 'the engine sent no channel for the doc', answer.code);
      open.delete(answer.id);
      return;
    }
    doc.port = port;
    port.onmessage = ({ data }) => {
      if (data instanceof Uint8Array) doc.events.message(data);
    };
    for (const message of doc.waiting.splice(0)) port.postMessage(message);
  });
  return (docName, events) => {
    const id = ++lastId;
    const doc: OpenDoc = { events, waiting: [] };
    open.set(id, doc);
    ipc.send(DOC_CHANNEL, { id, docName });
    return {
      send: (message) => (doc.port ? doc.port.postMessage(message) : doc.waiting.push(message)),
      close: () => {
        open.delete(id);
        doc.port?.close();
      },
    };
  };
}
