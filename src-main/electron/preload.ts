import { contextBridge, ipcRenderer } from 'electron';
import type { FolioBridge } from '../../src-shared/client/bridge.js';
import { REQUEST_CHANNEL } from './channel.js';

// The page gets this one function; ipcRenderer itself never crosses the bridge.
const bridge: FolioBridge = {
  request: ({ method, path, body }) => ipcRenderer.invoke(REQUEST_CHANNEL, { method, path, body }),
};

contextBridge.exposeInMainWorld('folio', bridge);
