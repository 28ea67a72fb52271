/** One week's bar in the pulse chart, in the SVG's own units. */
export interface PulseBar {
  x: number;
  y: number;
  width: number;
  height: number;
  count: number;
}

export const PULSE_HEIGHT = 32;
const BAR_WIDTH = 8;
const GAP = 3;

export function pulseWidth(weeks: number): number {
  return Math.max(0, weeks * (BAR_WIDTH + GAP) - GAP);
}

/**
 * Bars scaled to the busiest week, standing on the bottom edge; a week with any issue is at
 * least one unit tall, so it never reads as an empty one.
 */
export function pulseBars(counts: readonly number[]): PulseBar[] {
  const most = Math.max(0, ...counts);
  return counts.map((count, week) => {
    const scaled = most === 0 ? 0 : (Math.max(0, count) / most) * PULSE_HEIGHT;
    const height = count > 0 ? Math.max(1, scaled) : 0;
    return { x: week * (BAR_WIDTH + GAP), y: PULSE_HEIGHT - height, width: BAR_WIDTH, height, count };
  });
}

/** The chart in words, for people who do not see it. */
export function pulseWords(counts: readonly number[]): string {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const last = counts.at(-1) ?? 0;
  return `Issues per week over the last ${counts.length} weeks, oldest first: ${counts.join(', ')} (${total} in all, ${last} this week)`;
}
