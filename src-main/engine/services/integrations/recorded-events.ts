import type { Connection, SqlFunctions } from '../../core/db/database.js';

type Listener = (eventId: string) => void;

/**
 * `integration_event_recorded(id)`: what the triggers of migration 021 call for each event they
 * record, so that the runner hears of events no handler wrote (a space's content updated by a
 * merge, a live edit or sync). Registered on every connection before migrating, as the change
 * log's functions are; without a listener it does nothing (the CLI records, the server runs the
 * events at its next start).
 */
export class RecordedEvents implements SqlFunctions {
  private readonly listeners: Listener[] = [];

  register(raw: Connection): void {
    raw.function('integration_event_recorded', { deterministic: false }, (eventId) => {
      for (const listener of this.listeners) listener(String(eventId));
      return null;
    });
  }

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }
}
