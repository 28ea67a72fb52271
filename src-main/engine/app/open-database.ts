import { Database, type DatabaseOptions } from '../core/db/database.js';
import { RecordedEvents } from '../services/integrations/recorded-events.js';
import { ChangeCapture } from '../services/sync/changes/capture.js';

/** The engine's SQLite file, with the SQL functions its features' triggers call. */
export interface OpenedDatabase {
  db: Database;
  /** The change log of sync: its clock, and who the changes being written are logged as. */
  capture: ChangeCapture;
  /** Integration events the triggers record, heard by the integration runner. */
  recordedEvents: RecordedEvents;
}

/**
 * Opens (and migrates) the engine's database with every feature's SQL functions registered
 * first: the database itself knows no feature. Every connection that writes the file opens it
 * here (the server, the CLI, tests).
 */
export function openDatabase(file: string, options: Omit<DatabaseOptions, 'functions'> = {}): OpenedDatabase {
  const capture = new ChangeCapture();
  const recordedEvents = new RecordedEvents();
  const db = new Database(file, { ...options, functions: [capture, recordedEvents] });
  return { db, capture, recordedEvents };
}
