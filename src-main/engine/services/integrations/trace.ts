import type { IntegrationEventLog, IntegrationEventLogLevel } from '../../../../src-shared/contract/integrations.js';

const LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'];
export const MAX_LOG_ENTRIES = 500;
export const MAX_LOG_MESSAGE = 10_000;

/**
 * The logs of one event's run. A script cannot flood the engine with them: messages are cut at
 * MAX_LOG_MESSAGE characters and entries past MAX_LOG_ENTRIES are counted, not kept.
 */
export class Trace {
  private readonly logs: IntegrationEventLog[] = [];
  private dropped = 0;

  constructor(private readonly now: () => string) {}

  add(level: IntegrationEventLogLevel, message: string, timestamp = this.now()): void {
    if (this.logs.length >= MAX_LOG_ENTRIES) {
      this.dropped++;
      return;
    }
    const cut = message.length > MAX_LOG_MESSAGE ? `${message.slice(0, MAX_LOG_MESSAGE)}… (cut)` : message;
    this.logs.push({ level, message: cut, timestamp });
  }

  /** A log the script's process sent; anything malformed is kept as what it is, at `info`. */
  addFromScript(entry: { level?: unknown; message?: unknown; timestamp?: unknown }): void {
    const level = LEVELS.includes(String(entry.level)) ? (entry.level as IntegrationEventLogLevel) : 'info';
    const timestamp = typeof entry.timestamp === 'string' ? entry.timestamp : undefined;
    this.add(level, String(entry.message), timestamp);
  }

  /** Entries the script's process counted and did not send (past MAX_LOG_ENTRIES there too). */
  addDropped(count: number): void {
    this.dropped += Math.max(0, Math.floor(count));
  }

  entries(): IntegrationEventLog[] {
    if (this.dropped === 0) return [...this.logs];
    return [...this.logs, { level: 'warn', message: `${this.dropped} more log entries were not kept`, timestamp: this.now() }];
  }
}
