import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { seedsToRun } from './seeds.js';
import { FuzzWorld } from './world.js';

/** What `npm test` runs: two seeds that once diverged (10 under load; 28 after other seeds, in a batch). */
const REGRESSION_SEEDS = [10, 28];
const STEPS = Number(process.env.FOLIO_FUZZ_STEPS ?? 40);
const REPLICAS = 3;

describe('convergence fuzz: a hub and three replicas over the real socket', () => {
  for (const seed of seedsToRun(REGRESSION_SEEDS)) {
    it(`seed ${seed}: after random operations, disconnects and restarts, every engine shows the same state, every acknowledged write in it`, { timeout: 180_000 }, async () => {
      const world = await FuzzWorld.start(REPLICAS);
      const missing = await world.run(new Random(seed), STEPS);
      expect(missing, world.log.join('\n')).toEqual([]);
    });
  }
});
