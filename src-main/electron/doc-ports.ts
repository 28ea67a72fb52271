import { ipcMain, MessageChannelMain, type IpcMainEvent, type MessagePortMain, type WebFrameMain } from 'electron';
import type { LocalClient } from '../engine/transports/yjs/local-client.js';
import { isFailure } from '../engine/core/pipeline/failure.js';
import { DOC_CHANNEL } from './channel.js';
import { checkDocRequest } from './doc-request.js';
import type { RequestRoute } from './ipc.js';
import { isAppTopFrame } from './sender.js';

/** What the main process answers on `folio:doc`: the port comes with it, or `problem` says why not. */
export interface DocAnswer {
  id: number;
  problem?: string;
  /** The close code of a link the engine ended (`CLOSE_DOC_REPLACED`: join again from an empty doc). */
  code?: number;
}

/**
 * Serves `folio:doc`: each request gets a MessagePort whose other end is a client of the engine's
 * Yjs room for that doc, admitted as the owner (the token stays here) with the same read check
 * as the WebSocket endpoint and the same write check on every update. Only bytes cross the port.
 */
export function registerDocPorts({ engine, token, origin }: RequestRoute): void {
  ipcMain.on(DOC_CHANNEL, (event: IpcMainEvent, payload: unknown) => {
    if (!isAppTopFrame(event, origin)) {
      console.warn(`${DOC_CHANNEL} refused: the sender is not the app's own page`);
      return;
    }
    const frame = event.senderFrame!;
    const checked = checkDocRequest(payload);
    if (!checked.ok) {
      if (checked.id !== undefined) answer(frame, { id: checked.id, problem: checked.problem });
      return;
    }
    const { id, docName } = checked.request;
    const { port1, port2 } = new MessageChannelMain();
    const client = engine.yjs.connectLocal(`Bearer ${token}`, docName, {
      send: (data) => port1.postMessage(data),
      closed: (code, reason) => {
        answer(frame, { id, problem: reason, code });
        port1.close();
      },
    });
    if (isFailure(client)) {
      port1.close();
      answer(frame, { id, problem: client.message });
      return;
    }
    carryBytes(port1, client);
    answer(frame, { id }, port2);
  });
}

function carryBytes(port: MessagePortMain, client: LocalClient): void {
  port.on('message', ({ data }) => {
    if (data instanceof Uint8Array) return client.receive(data);
    // Closing an end emits `close` only at the other one: the client is told here.
    port.close();
    client.close();
  });
  // The renderer closed its end, or its page went away: the client leaves the room.
  port.on('close', () => client.close());
  port.start();
}

function answer(frame: WebFrameMain, message: DocAnswer, port?: MessagePortMain): void {
  frame.postMessage(DOC_CHANNEL, message, port ? [port] : []);
}
