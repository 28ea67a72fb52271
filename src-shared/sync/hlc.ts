/**
 * Hybrid logical clocks (Kulkarni et al.): physical milliseconds, a logical counter for events
 * within one millisecond or while the wall clock lags, and the node id to break ties. Every
 * stamp a node hands out is greater than every stamp it has handed out or received, so clock
 * order respects causality, and two nodes never hand out the same stamp.
 */
export interface Hlc {
  wall: number;
  counter: number;
  /** Lowercase letters and digits, so that encoded stamps sort as they compare. */
  node: string;
}

const WALL_DIGITS = 15;

/**
 * How far past a receiver's wall clock a peer's stamp may lie. Beyond it the sender's clock is
 * taken to run ahead, and its stamp is not believed (docs/sync.md, "Clock skew").
 */
export const MAX_CLOCK_SKEW_MS = 60 * 60 * 1000;

/** Whether `stamp` lies more than `MAX_CLOCK_SKEW_MS` past the wall clock `nowMs`. */
export function runsAhead(stamp: Hlc, nowMs: number): boolean {
  return stamp.wall > nowMs + MAX_CLOCK_SKEW_MS;
}

/**
 * The smallest encoded stamp that runs ahead of `nowMs`: in string order, every stamp at or
 * past it does, every one before it does not (so SQL can find them).
 */
export function firstStampAhead(nowMs: number): string {
  return encodeHlc({ wall: nowMs + MAX_CLOCK_SKEW_MS + 1, counter: 0, node: '0' });
}
const COUNTER_DIGITS = 9;

/** A local event (a change made here): strictly after `last`. */
export function tick(last: Hlc, nowMs: number): Hlc {
  if (nowMs > last.wall) return { wall: nowMs, counter: 0, node: last.node };
  return { wall: last.wall, counter: last.counter + 1, node: last.node };
}

/** A remote stamp seen: the next local stamp is strictly after both `last` and `remote`. */
export function receive(last: Hlc, remote: Hlc, nowMs: number): Hlc {
  const wall = Math.max(last.wall, remote.wall, nowMs);
  if (wall === last.wall && wall === remote.wall) return { wall, counter: Math.max(last.counter, remote.counter) + 1, node: last.node };
  if (wall === last.wall) return { wall, counter: last.counter + 1, node: last.node };
  if (wall === remote.wall) return { wall, counter: remote.counter + 1, node: last.node };
  return { wall, counter: 0, node: last.node };
}

/** The total order: wall, then counter, then node id. */
export function compareHlc(a: Hlc, b: Hlc): number {
  if (a.wall !== b.wall) return a.wall < b.wall ? -1 : 1;
  if (a.counter !== b.counter) return a.counter < b.counter ? -1 : 1;
  return a.node < b.node ? -1 : a.node > b.node ? 1 : 0;
}

/** Fixed-width text whose string order is `compareHlc`'s, so SQL can compare and sort stamps. */
export function encodeHlc(hlc: Hlc): string {
  return `${pad(hlc.wall, WALL_DIGITS)}.${pad(hlc.counter, COUNTER_DIGITS)}.${hlc.node}`;
}

export function decodeHlc(text: string): Hlc | undefined {
  const match = /^(\d{15})\.(\d{9})\.([0-9a-z]{1,32})$/.exec(text);
  if (!match) return undefined;
  return { wall: Number(match[1]), counter: Number(match[2]), node: match[3]! };
}

/** The clock of a node that has seen nothing yet. */
export function zeroHlc(node: string): Hlc {
  return { wall: 0, counter: 0, node };
}

function pad(value: number, digits: number): string {
  const text = String(value);
  if (!Number.isSafeInteger(value) || value < 0 || text.length > digits) throw new RangeError(`clock value out of range: ${value}`);
  return text.padStart(digits, '0');
}
