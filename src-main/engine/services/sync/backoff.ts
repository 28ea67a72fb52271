/** How reconnects are spaced out; `random` is injectable, so a schedule is testable. */
export interface BackoffOptions {
  /** The first delay's ceiling. */
  baseMs: number;
  /** No delay is longer, however many attempts failed. */
  capMs: number;
  /** Uniform in [0, 1). */
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 30_000, random: Math.random };

/**
 * Capped exponential backoff with "equal jitter": the n-th delay is uniform in [c/2, c] where
 * c = min(cap, base·2ⁿ). Half the delay is random, so a hub that restarts is not met by every
 * replica at once; half is not, so no replica retries at once in a loop.
 */
export class Backoff {
  private attempts = 0;

  constructor(private readonly options: BackoffOptions = DEFAULT_BACKOFF) {}

  next(): number {
    const ceiling = Math.min(this.options.capMs, this.options.baseMs * 2 ** this.attempts);
    this.attempts++;
    return Math.round(ceiling / 2 + (this.options.random() * ceiling) / 2);
  }

  /** A connection held: the next failure starts from the base again. */
  reset(): void {
    this.attempts = 0;
  }
}
