import { describe, expect, it, vi } from 'vitest';
import { DOC_CHANNEL, REQUEST_CHANNEL, SETTINGS_CHANNEL } from '../../src-main/electron/channel.js';
import { contextBridge, ipcRenderer } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

describe('preload', () => {
  it('exposes requests, doc channels and settings as window.folio, never ipcRenderer', async () => {
    await import('../../src-main/electron/preload.js');
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, bridge] = contextBridge.exposeInMainWorld.mock.calls[0]!;
    expect(name).toBe('folio');
    expect(Object.keys(bridge)).toEqual(['request', 'openDoc', 'settings']);
    expect(Object.values(bridge)).not.toContain(ipcRenderer);

    const request = { method: 'GET', path: '/v1/user', body: undefined, headers: { authorization: 'Bearer other' } };
    await bridge.request(request);
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(REQUEST_CHANNEL, { method: 'GET', path: '/v1/user', body: undefined });

    await bridge.settings();
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(SETTINGS_CHANNEL);

    const channel = bridge.openDoc('space/s/main/page/p', { message: vi.fn(), closed: vi.fn() });
    expect(ipcRenderer.send).toHaveBeenCalledWith(DOC_CHANNEL, { id: 1, docName: 'space/s/main/page/p' });
    expect(Object.keys(channel)).toEqual(['send', 'close']);
  });
});
