/**
 * `npm run fuzz` sets FOLIO_FUZZ_SEEDS to run that many from FOLIO_FUZZ_SEED (1 unless set);
 * FOLIO_FUZZ_SEED alone replays the one seed a failure names. Neither: the suite's regression seeds.
 */
export function seedsToRun(regressionSeeds: readonly number[]): number[] {
  const { FOLIO_FUZZ_SEED: first, FOLIO_FUZZ_SEEDS: count } = process.env;
  if (first === undefined && count === undefined) return [...regressionSeeds];
  return Array.from({ length: Number(count ?? 1) }, (_, n) => Number(first ?? 1) + n);
}
