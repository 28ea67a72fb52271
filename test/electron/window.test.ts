import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow, windowOptions } from '../../src-main/electron/window.js';
import { DEFAULT_WINDOW_STATE, readWindowState, writeWindowState } from '../../src-main/electron/window-state.js';
import { BrowserWindow } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

const SCREEN = { x: 0, y: 0, width: 1920, height: 1080 };
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-window-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('window options', () => {
  it('isolate and sandbox the renderer, with no Node anywhere', () => {
    const { webPreferences } = windowOptions(DEFAULT_WINDOW_STATE, '/app/preload.cjs');
    expect(webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('createMainWindow', () => {
  it('opens where it was closed, loads the app, and remembers its bounds on close', () => {
    writeWindowState(dir, { x: 100, y: 50, width: 1000, height: 700, maximized: false });
    const window = createMainWindow({ entryUrl: 'app://folio/index.html', preload: '/p.cjs', icon: '/app/resources/icon.png', stateDir: dir }) as unknown as BrowserWindow;
    expect(window).toBe(BrowserWindow.created.at(-1));
    expect(window.options).toMatchObject({ x: 100, y: 50, width: 1000, height: 700, show: false, icon: '/app/resources/icon.png' });
    expect(window.options.webPreferences.sandbox).toBe(true);
    expect(window.loadURL).toHaveBeenCalledWith('app://folio/index.html');

    window.normalBounds = { x: 10, y: 20, width: 900, height: 600 };
    window.maximized = true;
    window.emit('close');
    expect(JSON.parse(readFileSync(join(dir, 'window-state.json'), 'utf8'))).toEqual({
      x: 10, y: 20, width: 900, height: 600, maximized: true,
    });
  });
});

describe('window state', () => {
  it('defaults when nothing was saved or the file is damaged', () => {
    expect(readWindowState(dir, [SCREEN])).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(join(dir, 'window-state.json'), '{"width": 10');
    expect(readWindowState(dir, [SCREEN])).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(join(dir, 'window-state.json'), '{"width": 10, "height": 10}');
    expect(readWindowState(dir, [SCREEN])).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('keeps the size but lets the OS place a window whose screen is gone', () => {
    writeWindowState(dir, { x: 3000, y: 100, width: 800, height: 600, maximized: true });
    expect(readWindowState(dir, [SCREEN])).toEqual({ width: 800, height: 600, maximized: true });
    expect(readWindowState(dir, [SCREEN, { x: 1920, y: 0, width: 2560, height: 1440 }])).toEqual({
      x: 3000, y: 100, width: 800, height: 600, maximized: true,
    });
  });
});
