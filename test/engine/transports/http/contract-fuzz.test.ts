import { describe, expect, it } from 'vitest';
import { formatReport, fuzzContract } from '../../../support/fuzz/contract-fuzz.js';

/**
 * The contract fuzzer (test/support/fuzz/contract-fuzz.ts) against `npm run serve`: a bounded,
 * deterministic slice here (seed 1); `npm run fuzz:api` runs 100,000 requests or more
 * (FOLIO_FUZZ_API_REQUESTS, FOLIO_FUZZ_API_SEED) and prints the same summary.
 */
const requests = Number(process.env.FOLIO_FUZZ_API_REQUESTS ?? 1_500);
const seed = Number(process.env.FOLIO_FUZZ_API_SEED ?? 1);

describe('the contract, fuzzed over HTTP', () => {
  it(
    `answers ${requests} generated requests with no 5xx, the envelope on every error, successes on contract, no stall, the store intact`,
    async () => {
      const report = await fuzzContract({ requests, seed, concurrency: 4, stallMs: 200, progressEvery: requests >= 20_000 ? 10_000 : 0 });
      console.log(formatReport(report));
      expect(report.total).toBe(requests);
      expect(report.problems).toEqual([]);
      expect(report.stalls.filter((stall) => stall.confirmed)).toEqual([]);
      expect(report.exitCode).toBe(0);
      expect(report.integrity).toBe('ok');
    },
    Math.max(180_000, requests * 60),
  );
});
