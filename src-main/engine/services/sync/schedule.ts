/** Schedules a call; answers the function that cancels it. Injectable, so tests drive reconnects and pauses. */
export type Schedule = (run: () => void, ms: number) => () => void;

export const realSchedule: Schedule = (run, ms) => {
  // unref: a pending reconnect alone never keeps the process alive.
  const timer = setTimeout(run, ms).unref();
  return () => clearTimeout(timer);
};
