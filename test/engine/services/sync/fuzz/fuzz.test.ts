import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { seedsToRun } from './seeds.js';
import { FuzzWorld } from './world.js';

/**
 * What `npm test` runs: two seeds that once diverged (10 under load; 28 after other seeds, in a
 * batch), and one whose world has a replica with several local users (odd seeds do).
 */
const REGRESSION_SEEDS = [10, 28, 11];
const STEPS = Number(process.env.FOLIO_FUZZ_STEPS ?? 40);
const REPLICAS = 3;

describe('convergence fuzz: a hub and three replicas over the real socket', () => {
  for (const seed of seedsToRun(REGRESSION_SEEDS)) {
    const severalLocalUsers = seed % 2 === 1;
    const people = severalLocalUsers ? ', one replica with several local users' : '';
    it(`seed ${seed}${people}: after random operations, disconnects and restarts, every engine shows the same state, every acknowledged write in it`, { timeout: 180_000 }, async () => {
      const world = await FuzzWorld.start(REPLICAS, { severalLocalUsers });
      const missing = await world.run(new Random(seed), STEPS);
      expect(missing, world.log.join('\n')).toEqual([]);
    });
  }
});
