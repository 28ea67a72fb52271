import { describe, expect, it, vi } from 'vitest';
import { AppOrigin } from '../../src-main/electron/app-origin.js';
import { SETTINGS_CHANNEL } from '../../src-main/electron/channel.js';
import { registerSettingsHandler } from '../../src-main/electron/settings.js';
import { ipcHandlers } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

const SETTINGS = { apiAddress: 'http://127.0.0.1:45123', token: 'owner-token' };
const APP_FRAME = { url: 'app://folio/index.html', parent: null };

describe('folio:settings', () => {
  registerSettingsHandler(SETTINGS, new AppOrigin());
  const handle = (senderFrame: unknown) => ipcHandlers.get(SETTINGS_CHANNEL)!({ senderFrame });

  it('tells the app’s own page the loopback address and the owner’s token', () => {
    expect(handle(APP_FRAME)).toEqual(SETTINGS);
  });

  it.each([
    ['another site', { url: 'https://evil.example/', parent: null }],
    ['a subframe of the app', { url: 'app://folio/index.html', parent: APP_FRAME }],
    ['a destroyed frame', null],
  ])('tells %s nothing', (_label, frame) => {
    expect(() => handle(frame)).toThrow(/refused/);
  });
});
