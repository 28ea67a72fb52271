/** A browser test walks a writer's whole task (dozens of keys and waits): at a load of 10+ on
 * two cores, one took 20 s where it takes 8 quiet. Their setup (an engine, Chromium, the app's
 * first screen) got the same room: a quick switcher's took 30 s once at load 12–14, where it takes 4 s quiet. */
export const BROWSER_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000 };
