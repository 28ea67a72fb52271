/** A browser test walks a writer's whole task (dozens of keys and waits): at a load of 10+ on
 * two cores, one took 20 s where it takes 8 quiet. Their setup (an engine, Chromium, the app's
 * first screen) got the same room: a quick switcher's took 30 s once at load 12–14, where it takes 4 s quiet.
 * A poll of the page waits up to 10 s rather than vitest's 1 s: an editor starting over from a doc
 * the engine replaced (its copy erased, the socket opened again, the doc synced) took longer than
 * 1 s in a whole run beside the other files (replaced-doc.test.ts, 2026-11-28). */
export const BROWSER_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000, expect: { poll: { timeout: 10_000 } } };
