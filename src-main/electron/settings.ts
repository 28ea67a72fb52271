import { ipcMain } from 'electron';
import type { DesktopSettings } from '../../src-shared/client/bridge.js';
import type { AppOrigin } from './app-origin.js';
import { SETTINGS_CHANNEL } from './channel.js';
import { isAppTopFrame } from './sender.js';

/** Serves `folio:settings`: the loopback address and the owner's token, to the app's own page only. */
export function registerSettingsHandler(settings: DesktopSettings, origin: AppOrigin): void {
  ipcMain.handle(SETTINGS_CHANNEL, (event): DesktopSettings => {
    if (!isAppTopFrame(event, origin)) throw new Error(`${SETTINGS_CHANNEL} refused: the sender is not the app's own page`);
    return { apiAddress: settings.apiAddress, token: settings.token };
  });
}
