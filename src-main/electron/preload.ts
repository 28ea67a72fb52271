import { contextBridge, ipcRenderer } from 'electron';
import type { FolioBridge } from '../../src-shared/client/bridge.js';
import { REQUEST_CHANNEL, SETTINGS_CHANNEL } from './channel.js';
import { docOpener } from './doc-opener.js';

// The page gets these three functions; ipcRenderer and the ports never cross the bridge.
const bridge: FolioBridge = {
  request: ({ method, path, body }) => ipcRenderer.invoke(REQUEST_CHANNEL, { method, path, body }),
  openDoc: docOpener(ipcRenderer),
  settings: () => ipcRenderer.invoke(SETTINGS_CHANNEL),
};

contextBridge.exposeInMainWorld('folio', bridge);
