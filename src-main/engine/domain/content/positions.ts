/**
 * Fractional-index positions: strings that sort between any two others, so that inserting or
 * moving a page writes only that page's `position` (siblings sort by (position, id)). Digits are
 * base 62 in ASCII order; a position never ends in '0', so there is always room below it.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A position after `before` and before `after` (null: no bound on that side). */
export function positionBetween(before: string | null, after: string | null): string {
  return after === null ? following(before ?? '') : midpoint(before ?? '', after);
}

/**
 * The shortest position after `low`, for appending: its first digit plus one, or past a 'z' the
 * same one place further. Appending one page after another thus grows a position by one
 * character every 61 pages, where halving the gap would every 6.
 */
function following(low: string): string {
  const digit = low ? DIGITS.indexOf(low[0]!) : 0;
  return digit < DIGITS.length - 1 ? DIGITS[digit + 1]! : DIGITS[digit]! + following(low.slice(1));
}

function midpoint(low: string, high: string | null): string {
  if (high !== null) {
    let common = 0;
    while ((low[common] ?? '0') === high[common]) common++;
    if (common > 0) return high.slice(0, common) + midpoint(low.slice(common), high.slice(common));
  }
  const lowDigit = low ? DIGITS.indexOf(low[0]!) : 0;
  const highDigit = high !== null ? DIGITS.indexOf(high[0]!) : DIGITS.length;
  if (highDigit - lowDigit > 1) return DIGITS[Math.round((lowDigit + highDigit) / 2)]!;
  if (high !== null && high.length > 1) return high.slice(0, 1);
  return DIGITS[lowDigit]! + midpoint(low.slice(1), null);
}
