export const PULSE_WEEKS = 13;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The start of the pulse's window: 13 weeks before `now`. */
export function pulseStart(now: Date): Date {
  return new Date(now.getTime() - PULSE_WEEKS * WEEK_MS);
}

/**
 * Issues per week over the 13 weeks ending at `now`, oldest first: the last number counts the
 * seven days up to `now`. Dates before the window are left out; a date after `now` (a source's
 * clock ahead of ours) counts in the last week.
 */
export function weeklyPulse(dates: readonly string[], now: Date): number[] {
  const pulse = new Array<number>(PULSE_WEEKS).fill(0);
  const start = pulseStart(now).getTime();
  for (const date of dates) {
    const time = Date.parse(date);
    if (time < start) continue;
    const week = Math.min(PULSE_WEEKS - 1, Math.floor((time - start) / WEEK_MS));
    pulse[week]! += 1;
  }
  return pulse;
}
