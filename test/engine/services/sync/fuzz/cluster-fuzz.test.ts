import { expect, it } from 'vitest';
import { describeWithPostgres } from '../postgres/hub-processes.js';
import { ClusterFuzzWorld } from './cluster-world.js';
import { Random } from './random.js';
import { seedsToRun } from './seeds.js';

/** What `npm test` runs: one seed, bounded to a minute or two; `npm run fuzz` widens it as it does the single hub's. */
const REGRESSION_SEEDS = [3];
const STEPS = Number(process.env.FOLIO_FUZZ_STEPS ?? 40);
/** Two in `npm test`; `FOLIO_FUZZ_HUB_PROCESSES=3` runs a hub of three. */
const HUB_PROCESSES = Number(process.env.FOLIO_FUZZ_HUB_PROCESSES ?? 2);
const REPLICAS = 3;

describeWithPostgres(`convergence fuzz: a hub of ${HUB_PROCESSES} processes on one PostgreSQL, ${REPLICAS} replicas attached to different processes`, (postgres) => {
  for (const seed of seedsToRun(REGRESSION_SEEDS)) {
    it(`seed ${seed}: after random operations, disconnects, restarts and killed hub processes, every replica shows the same state, every acknowledged write in it`, { timeout: 300_000 }, async () => {
      const world = await ClusterFuzzWorld.start(await postgres().newDatabase(), HUB_PROCESSES, REPLICAS);
      const missing = await world.run(new Random(seed), STEPS);
      expect(missing, world.log.join('\n')).toEqual([]);
    });
  }
});
