import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * The parts of the `electron` module the shell touches, for `vi.mock('electron', …)`: the
 * real package is only a path to a runtime that is not installed here.
 */

type Listener = (...args: any[]) => unknown;

export const ipcHandlers = new Map<string, Listener>();
export const ipcMain = {
  handle: vi.fn((channel: string, handler: Listener) => void ipcHandlers.set(channel, handler)),
  removeHandler: vi.fn((channel: string) => void ipcHandlers.delete(channel)),
};
export const ipcRenderer = { invoke: vi.fn(async (..._args: unknown[]) => ({ status: 200, headers: {}, body: {} })) };
export const contextBridge = { exposeInMainWorld: vi.fn() };
export const shell = { openExternal: vi.fn(async (_url: string) => {}) };
export const nativeTheme = { shouldUseDarkColors: false };
export const screen = { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) };
export const protocolHandlers = new Map<string, Listener>();
export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn((scheme: string, handler: Listener) => void protocolHandlers.set(scheme, handler)),
};
export const Menu = { buildFromTemplate: vi.fn((template: unknown) => template), setApplicationMenu: vi.fn() };

export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly loadURL = vi.fn(async (_url: string) => {});
  readonly maximize = vi.fn();
  readonly show = vi.fn();
  normalBounds: { x: number; y: number; width: number; height: number };
  maximized = false;

  constructor(readonly options: Record<string, any>) {
    super();
    this.normalBounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height };
    BrowserWindow.created.push(this);
  }

  getNormalBounds() {
    return this.normalBounds;
  }

  isMaximized() {
    return this.maximized;
  }
}

/** A webContents, as far as the hardening touches it. */
export class FakeWebContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => { action: string };

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export function fakeEvent() {
  return { preventDefault: vi.fn() };
}
