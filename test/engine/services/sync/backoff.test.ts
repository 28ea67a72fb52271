import { describe, expect, it } from 'vitest';
import { Backoff } from '../../../../src-main/engine/services/sync/backoff.js';

describe('reconnect backoff', () => {
  it('doubles from the base up to the cap, each delay between half its ceiling and the ceiling', () => {
    const low = new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0 });
    const high = new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0.999999 });
    const lows = Array.from({ length: 7 }, () => low.next());
    const highs = Array.from({ length: 7 }, () => high.next());
    expect(lows).toEqual([50, 100, 200, 400, 500, 500, 500]);
    expect(highs).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it('starts from the base again once a connection held', () => {
    const backoff = new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0.5 });
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(75);
  });
});
