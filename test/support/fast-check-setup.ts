import fc from 'fast-check';

/**
 * Property tests run from one seed, so a run is repeatable and CI does not pass or fail by chance;
 * `FOLIO_FC_SEED=<n>` (or `random`) explores others by hand. A counterexample found that way is a
 * bug to fix and a sample to keep, not a seed to avoid.
 */
const seed = process.env.FOLIO_FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed === undefined ? 20261126 : Number(seed) });
