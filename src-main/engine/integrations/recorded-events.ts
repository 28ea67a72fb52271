import type BetterSqlite3 from 'better-sqlite3';

type Listener = (eventId: string) => void;

const listeners = new WeakMap<BetterSqlite3.Database, Listener[]>();

/**
 * `integration_event_recorded(id)`: what the triggers of migration 021 call for each event they
 * record, so that the runner hears of events no handler wrote (a space's content updated by a
 * merge, a live edit or sync). Registered on every connection before migrating, as the change
 * log's functions are; without a listener it does nothing (the CLI records, the server runs the
 * events at its next start).
 */
export function registerRecordedEvents(raw: BetterSqlite3.Database): void {
  listeners.set(raw, []);
  raw.function('integration_event_recorded', { deterministic: false }, (eventId) => {
    for (const listener of listeners.get(raw) ?? []) listener(String(eventId));
    return null;
  });
}

export function onEventRecorded(raw: BetterSqlite3.Database, listener: Listener): void {
  listeners.get(raw)?.push(listener);
}
