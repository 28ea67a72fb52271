import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { FuzzWorld, shows } from './world.js';

/** `npm test` runs a few seeds; `npm run fuzz` sets FOLIO_FUZZ_SEEDS to run many more. */
const SEEDS = Number(process.env.FOLIO_FUZZ_SEEDS ?? 2);
/** A run's first seed: FOLIO_FUZZ_SEED reproduces one seed a failure names. */
const FIRST_SEED = Number(process.env.FOLIO_FUZZ_SEED ?? 1);
const STEPS = Number(process.env.FOLIO_FUZZ_STEPS ?? 40);
const REPLICAS = 3;

describe('convergence fuzz: a hub and three replicas over the real socket', () => {
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed += 1) {
    it(`seed ${seed}: after random operations, disconnects and restarts, every engine shows the same state, every acknowledged write in it`, { timeout: 180_000 }, async () => {
      const random = new Random(seed);
      const world = await FuzzWorld.start(REPLICAS);
      try {
        for (let n = 0; n < STEPS; n += 1) await world.step(random);
        const healed = await world.heal();
        const missing = world.acknowledged.filter((write) => !shows(healed, write));
        expect(missing, world.log.join('\n')).toEqual([]);
      } finally {
        await world.stop();
      }
    });
  }
});
