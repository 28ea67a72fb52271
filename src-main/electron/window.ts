import { BrowserWindow, nativeTheme, screen, type BrowserWindowConstructorOptions } from 'electron';
import { readWindowState, writeWindowState, type WindowState } from './window-state.js';

export interface MainWindowOptions {
  entryUrl: string;
  preload: string;
  /** The app icon (resources/icon.png); macOS takes the bundle's instead. */
  icon: string;
  /** Where window-state.json is kept. */
  stateDir: string;
}

/** The renderer gets no Node, its own JS world and a sandboxed process. */
export function windowOptions(state: WindowState, preload: string, icon?: string): BrowserWindowConstructorOptions {
  return {
    icon,
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: 640,
    minHeight: 480,
    title: 'Folio',
    show: false,
    // Matches the page's own background, so the first paint does not flash the other theme.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#17171a' : '#f7f7f5',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  };
}

export function createMainWindow({ entryUrl, preload, icon, stateDir }: MainWindowOptions): BrowserWindow {
  const state = readWindowState(stateDir, screen.getAllDisplays().map((display) => display.workArea));
  const window = new BrowserWindow(windowOptions(state, preload, icon));
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    writeWindowState(stateDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  });
  void window.loadURL(entryUrl);
  return window;
}
