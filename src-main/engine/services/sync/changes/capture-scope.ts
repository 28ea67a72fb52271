import type { ChangeCapture } from './capture.js';

type Settings = Partial<Pick<ChangeCapture, 'actor' | 'audience' | 'pinned' | 'forced'>>;

/** Runs `write` with the capture triggers set as `settings` says, then restores them. */
export function capturing<T>(capture: ChangeCapture, settings: Settings, write: () => T): T {
  const saved = { actor: capture.actor, audience: capture.audience, pinned: capture.pinned, forced: capture.forced };
  Object.assign(capture, { actor: null, audience: null, pinned: undefined, forced: undefined }, settings);
  try {
    return write();
  } finally {
    Object.assign(capture, saved);
  }
}
