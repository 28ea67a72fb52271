import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { Engine, PlainResponse } from '../engine/app/engine.js';
import { badRequest, errorBody } from '../engine/core/pipeline/failure.js';
import type { AppOrigin } from './app-origin.js';
import { REQUEST_CHANNEL } from './channel.js';
import { checkPayload } from './request-payload.js';
import { isAppTopFrame } from './sender.js';

export interface RequestRoute {
  engine: Engine;
  /** The owner's bearer token: the window acts as the person who owns this machine's data. */
  token: string;
  origin: AppOrigin;
}

/** Serves `folio:request`: the renderer's API calls, answered by the in-process engine. */
export function registerRequestHandler(route: RequestRoute): void {
  ipcMain.handle(REQUEST_CHANNEL, async (event: IpcMainInvokeEvent, payload: unknown): Promise<PlainResponse> => {
    if (!isAppTopFrame(event, route.origin)) {
      throw new Error(`${REQUEST_CHANNEL} refused: the sender is not the app's own page`);
    }
    const checked = checkPayload(payload);
    if (!checked.ok) {
      return { status: 400, headers: { 'content-type': 'application/json' }, body: errorBody(badRequest(checked.problem)) };
    }
    return route.engine.request({ ...checked.call, headers: { authorization: `Bearer ${route.token}` } });
  });
}
