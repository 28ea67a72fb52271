import type { WebFrameMain } from 'electron';
import type { AppOrigin } from './app-origin.js';

/**
 * Whether an IPC message comes from the app's own page: a frame of another origin, or a
 * subframe, never speaks for the app even inside its window. Asked on every message.
 */
export function isAppTopFrame(event: { senderFrame: WebFrameMain | null }, origin: AppOrigin): boolean {
  const frame = event.senderFrame;
  return !!frame && frame.parent === null && origin.owns(frame.url);
}
