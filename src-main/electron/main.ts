import { app, BrowserWindow, dialog, session, utilityProcess } from 'electron';
import { join, sep } from 'node:path';
import { bootstrapIfEmpty } from '../engine/app/admin/bootstrap.js';
import { Engine } from '../engine/app/engine.js';
import { listen } from '../engine/app/http/server.js';
import { resolveTranslator } from '../engine/services/translation/settings.js';
import { AppOrigin } from './app-origin.js';
import { registerAppScheme, serveRenderer } from './app-protocol.js';
import { registerDocPorts } from './doc-ports.js';
import { registerRequestHandler } from './ipc.js';
import { utilityProcessLauncher } from './sandbox-launcher.js';
import { installMenu } from './menu.js';
import { electronNativeBinding } from './native-binding.js';
import { readOwnerToken } from './owner-token.js';
import { denyPermissions, hardenWebContents } from './security.js';
import { registerSettingsHandler } from './settings.js';
import { createMainWindow } from './window.js';

// Built layout: out/main/index.js beside out/preload/ and out/renderer/.
const OUT_DIR = join(import.meta.dirname, '..');

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  // The translator comes from FOLIO_TRANSLATOR* or the data dir's translator.json (docs/translations.md).
  const translator = resolveTranslator(dataDir, {}, process.env);
  if (translator && 'error' in translator) console.error(`Translator settings ignored: ${translator.error}`);
  const engine = new Engine({
    dataDir,
    nativeBinding: electronNativeBinding(app.getAppPath(), app.isPackaged),
    translator: translator && !('error' in translator) ? translator : undefined,
    // Integration scripts run in utility processes of Electron's Node (docs/integrations.md, "The sandbox").
    integrations: {
      program: { entry: unpacked(join(import.meta.dirname, 'sandbox-child.mjs')), execArgv: [], env: {}, launch: utilityProcessLauncher((...args) => utilityProcess.fork(...args)) },
    },
    // The worker threads' program, which electron-vite builds beside this file.
    workers: { entry: join(import.meta.dirname, 'engine-worker.js') },
  });
  // Two: the desktop opens pages at once, and a page's first request should not wait for a thread (a headless serve warms one).
  void engine.workers.warmUp(2);
  // A new data dir starts with the welcome space; the window's first-start screen asks the person's name.
  bootstrapIfEmpty(engine, { welcome: true });
  // Loopback HTTP too, so external clients (curl, scripts, the CLI's peers) reach the same engine.
  const server = await listen(engine, 0);
  console.log(`Folio API listening on ${server.url}`);
  // The hub set in Settings › Sync is reconnected at each start, as `serve` does.
  engine.sync.start();
  app.on('will-quit', () => {
    void server.close();
    engine.close();
  });

  // The dev server is honoured only unpackaged: a shipped app always loads its own files.
  const origin = new AppOrigin(app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL);
  serveRenderer(join(OUT_DIR, 'renderer'));
  denyPermissions(session.defaultSession);
  const token = readOwnerToken(dataDir);
  registerRequestHandler({ engine, token, origin });
  registerDocPorts({ engine, token, origin });
  registerSettingsHandler({ apiAddress: server.url, token }, origin);
  installMenu(process.platform, app.isPackaged);

  const openWindow = () =>
    createMainWindow({
      entryUrl: origin.entryUrl,
      preload: join(OUT_DIR, 'preload', 'preload.cjs'),
      // The app's root: the repository unpackaged, the asar archive packaged (electron-builder.yml's files).
      icon: join(app.getAppPath(), 'resources', 'icon.png'),
      stateDir: dataDir,
    });
  let window = openWindow();

  app.on('second-instance', () => {
    if (window.isDestroyed()) window = openWindow();
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

/**
 * A packaged app's file that electron-builder.yml unpacks beside the asar archive: the sandbox's
 * program and the QuickJS it loads are read from disk by their own process, not through the archive.
 */
function unpacked(path: string): string {
  return path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
}

function fail(error: unknown): void {
  dialog.showErrorBox('Folio could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
}
