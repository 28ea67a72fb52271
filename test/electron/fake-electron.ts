import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * The parts of the `electron` module the shell touches, for `vi.mock('electron', …)`: the
 * real package is only a path to a runtime that is not installed here.
 */

type Listener = (...args: any[]) => unknown;

export const ipcHandlers = new Map<string, Listener>();
export const ipcListeners = new Map<string, Listener>();
export const ipcMain = {
  handle: vi.fn((channel: string, handler: Listener) => void ipcHandlers.set(channel, handler)),
  removeHandler: vi.fn((channel: string) => void ipcHandlers.delete(channel)),
  on: vi.fn((channel: string, listener: Listener) => void ipcListeners.set(channel, listener)),
};
export const ipcRenderer = {
  invoke: vi.fn(async (..._args: unknown[]) => ({ status: 200, headers: {}, body: {} })),
  send: vi.fn(),
  on: vi.fn(),
};

/**
 * One end of a MessageChannelMain, with both faces the code uses: the main process's
 * (`on('message')`, `start`) and the renderer's DOM MessagePort (`onmessage`). Messages are
 * structured-cloned and delivered in a later task; closing one end emits `close` at the other.
 */
export class FakeMessagePort extends EventEmitter {
  other!: FakeMessagePort;
  closed = false;
  private started = false;
  private readonly queued: unknown[] = [];
  private listener?: (event: { data: unknown }) => void;

  set onmessage(listener: (event: { data: unknown }) => void) {
    this.listener = listener;
    this.start();
  }

  postMessage(data: unknown): void {
    if (this.closed || this.other.closed) return;
    const copy = structuredClone(data);
    setImmediate(() => this.other.deliver(copy));
  }

  start(): void {
    this.started = true;
    for (const data of this.queued.splice(0)) this.dispatch(data);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.other.closed) setImmediate(() => this.other.emit('close'));
  }

  private deliver(data: unknown): void {
    if (this.closed) return;
    if (this.started) this.dispatch(data);
    else this.queued.push(data);
  }

  private dispatch(data: unknown): void {
    this.listener?.({ data });
    this.emit('message', { data, ports: [] });
  }
}

export class MessageChannelMain {
  readonly port1 = new FakeMessagePort();
  readonly port2 = new FakeMessagePort();

  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}
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
