import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the OS place the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1200, height: 800, maximized: false };
const FILE = 'window-state.json';
const MIN_SIZE = 400;
/** How much of the title bar must stay on a screen for a remembered position to be kept. */
const GRIP = 48;

/**
 * The window's last bounds, from DIR/window-state.json. A position that no longer lands on
 * any screen (a monitor was unplugged) is dropped; anything unreadable gives the defaults.
 */
export function readWindowState(dir: string, screens: Rect[]): WindowState {
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(join(dir, FILE), 'utf8'));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  if (!isRecord(saved) || !isSize(saved.width) || !isSize(saved.height)) return { ...DEFAULT_WINDOW_STATE };
  const state: WindowState = { width: saved.width, height: saved.height, maximized: saved.maximized === true };
  if (Number.isInteger(saved.x) && Number.isInteger(saved.y)) {
    const placed = { x: saved.x as number, y: saved.y as number, width: state.width, height: state.height };
    if (screens.some((screen) => titleBarVisible(placed, screen))) Object.assign(state, { x: placed.x, y: placed.y });
  }
  return state;
}

/** Written to a temporary file first, so a crash mid-write never leaves half a file. */
export function writeWindowState(dir: string, state: WindowState): void {
  const file = join(dir, FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`);
  renameSync(`${file}.tmp`, file);
}

function titleBarVisible(window: Rect, screen: Rect): boolean {
  const overlapX = Math.min(window.x + window.width, screen.x + screen.width) - Math.max(window.x, screen.x);
  return overlapX >= GRIP && window.y >= screen.y && window.y + GRIP <= screen.y + screen.height;
}

function isSize(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_SIZE && (value as number) <= 100_000;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
