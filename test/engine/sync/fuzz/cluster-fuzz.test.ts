import { expect, it } from 'vitest';
import { describeWithPostgres } from '../postgres/hub-processes.js';
import { ClusterFuzzWorld } from './cluster-world.js';
import { Random } from './random.js';
import { seedsToRun } from './seeds.js';
import { shows } from './world.js';

/** What `npm test` runs: one seed, bounded to a minute or two; `npm run fuzz` widens it as it does the single hub's. */
const REGRESSION_SEEDS = [3];
const STEPS = Number(process.env.FOLIO_FUZZ_STEPS ?? 40);
const HUB_PROCESSES = 2;
const REPLICAS = 3;

describeWithPostgres('convergence fuzz: a hub of two processes on one PostgreSQL, three replicas attached to different processes', (postgres) => {
  for (const seed of seedsToRun(REGRESSION_SEEDS)) {
    it(`seed ${seed}: after random operations, disconnects, restarts and killed hub processes, every replica shows the same state, every acknowledged write in it`, { timeout: 300_000 }, async () => {
      const random = new Random(seed);
      const world = await ClusterFuzzWorld.start(await postgres().newDatabase(), HUB_PROCESSES, REPLICAS);
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
