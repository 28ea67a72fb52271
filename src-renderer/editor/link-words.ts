import type { LiveDoc } from './live-doc.js';

/**
 * Where the page's edits are, in words: synced with the engine, or (the engine away) saved on
 * this device and sent once the engine is back.
 */
export function linkWords(live: Pick<LiveDoc, 'link' | 'synced' | 'stored'> | undefined): string {
  if (!live || live.link === 'connecting') return 'Connecting…';
  if (live.link === 'connected') return live.synced ? 'Synced with the engine' : 'Syncing…';
  return live.stored
    ? 'Offline: saved on this device, synced when the engine is back'
    : 'Offline: saving on this device…';
}
